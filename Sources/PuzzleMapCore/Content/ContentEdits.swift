/// An organiser's edit of one riddle in the console: the organiser's own words, its place and
/// difficulty. Translations in the content files are kept as they are.
public struct RiddleEdit: Hashable, Sendable {
    public var id: String
    public var checkpointID: String
    public var difficulty: Difficulty
    public var text: String
    public var hints: [String]
    public var insider: String

    public init(id: String, checkpointID: String, difficulty: Difficulty, text: String, hints: [String], insider: String) {
        self.id = id
        self.checkpointID = checkpointID
        self.difficulty = difficulty
        self.text = text
        self.hints = hints
        self.insider = insider
    }

    /// The form as it stands for a riddle of the content.
    public init(_ riddle: Riddle) {
        self.init(id: riddle.id, checkpointID: riddle.checkpointID, difficulty: riddle.difficulty, text: riddle.text, hints: riddle.hints,
                  insider: riddle.insider)
    }

    /// `content` with the riddle as edited: in its place when it is there, else added.
    public func applied(to content: CampusContent) -> CampusContent {
        var content = content
        let translations = content.riddles.first { $0.id == id }?.translations
        let riddle = Riddle(id: id, checkpointID: checkpointID, difficulty: difficulty, text: text, hints: hints, insider: insider,
                            translations: translations)
        if let index = content.riddles.firstIndex(where: { $0.id == id }) {
            content.riddles[index] = riddle
        } else {
            content.riddles.append(riddle)
        }
        return content
    }

    /// The fields of the form, named as in the content files.
    public static let fields = ["id", "checkpoint", "difficulty", "text", "hints", "insider", "translations"]
}

/// A problem `puzzlemap check` finds in an edit, beside the field it is about.
public struct EditProblem: Hashable, Sendable {
    /// The field, as ``RiddleEdit/fields`` names it; `nil` when it is about the content as a
    /// whole (a place the edit left without a riddle).
    public var field: String?
    public var message: String
    public var fix: String

    public init(field: String?, message: String, fix: String) {
        self.field = field
        self.message = message
        self.fix = fix
    }
}

extension CampusContent {
    /// What `puzzlemap check` says of the content with one riddle being edited, that riddle's
    /// problems each beside its field: the same validator as the files get, so nothing the
    /// files would refuse is played.
    public func problems(editingRiddle id: String) -> [EditProblem] {
        let edited = "riddle \(id)"
        let lines = Dictionary(uniqueKeysWithValues: RiddleEdit.fields.enumerated().map { ($1, $0 + 1) })
        func located<Value>(_ items: [Value], _ kind: String) -> [Located<Value>] {
            items.map { Located($0, at: SourceLocation(file: kind)) }
        }
        var draft = ContentDraft()
        draft.info = Located(info, at: SourceLocation(file: "campus"))
        draft.rules = Located(rules, at: SourceLocation(file: "game"))
        draft.checkpoints = located(checkpoints, "checkpoints")
        draft.riddles = riddles.map { riddle in
            riddle.id == id ? Located(riddle, at: SourceLocation(file: edited), fieldLines: lines) : Located(riddle, at: SourceLocation(file: "riddles"))
        }
        draft.quiz = located(quiz, "quiz")
        draft.badges = located(badges, "badges")
        draft.partners = located(partners, "partners")
        draft.offers = located(offers, "offers")
        guard case .failure(let invalid) = draft.validated() else { return [] }
        return invalid.problems.map { problem in
            let field = problem.location.file == edited ? problem.location.line.map { RiddleEdit.fields[$0 - 1] } : nil
            return EditProblem(field: field, message: problem.message, fix: problem.fix)
        }
    }
}
