/// The organiser's files as read, each item located, before the cross-file rules are checked.
///
/// The reader puts every item it could make sense of here, even one with a bad field (it has
/// already reported that field), so one mistake does not hide the others behind it.
public struct ContentDraft: Sendable {
    public var info: Located<CampusInfo>?
    public var checkpoints: [Located<Checkpoint>] = []
    public var riddles: [Located<Riddle>] = []
    public var quiz: [Located<QuizQuestion>] = []
    public var rules: Located<GameRules>?
    public var badges: [Located<Badge>] = []
    public var partners: [Located<Partner>] = []
    public var offers: [Located<Offer>] = []
    /// Problems the reader found (syntax, missing fields, values of the wrong form).
    public var problems: [ContentProblem] = []

    public init() {}

    /// The content when the draft holds no problem, its own or the validator's; else the report.
    public func validated() -> Result<CampusContent, InvalidContentError> {
        let problems = (problems + ContentValidator.problems(in: self)).sorted()
        guard problems.isEmpty, let info, let rules else {
            return .failure(InvalidContentError(problems: problems))
        }
        return .success(CampusContent(
            info: info.value,
            checkpoints: checkpoints.map(\.value),
            riddles: riddles.map(\.value),
            quiz: quiz.map(\.value),
            rules: rules.value,
            badges: badges.map(\.value),
            partners: partners.map(\.value),
            offers: offers.map(\.value)
        ))
    }
}
