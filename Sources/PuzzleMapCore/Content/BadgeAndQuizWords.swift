import Foundation

extension BadgeRule {
    /// The kinds of rule, named as `Campus/badges.yaml` names them.
    public enum Kind: String, CaseIterable, Sendable {
        case solve
        case visit
        case hintless
        case everyCategory = "every-category"
        case level
        case crew
    }

    public var kind: Kind {
        switch self {
        case .solve: .solve
        case .visit: .visit
        case .hintless: .hintless
        case .everyCategory: .everyCategory
        case .level: .level
        case .crew: .crew
        }
    }
}

/// A badge as the console's form (and the API) writes it: what earns it as a kind of rule and
/// its figures, as typed. ``edit(id:)`` reads them into a badge, each problem beside its field;
/// what the rule names (a tag, a place) is checked by the validator, as in the files.
public struct BadgeWords: Hashable, Codable, Sendable {
    public var name: String
    public var description: String
    /// `solve`, `visit`, `hintless`, `every-category`, `level` or `crew`.
    public var kind: String
    /// How many riddles (crew riddles, riddles in each category) earn it; the level for a level badge.
    public var count: String
    /// Only riddles of this category count, for a solve badge; empty for any.
    public var category: String
    /// Only riddles at places with this tag count, for a solve badge; empty for any.
    public var tag: String
    /// The places to visit, for a visit badge.
    public var places: [String]

    public init(name: String, description: String, kind: String, count: String, category: String, tag: String, places: [String]) {
        (self.name, self.description, self.kind, self.count) = (name, description, kind, count)
        (self.category, self.tag, self.places) = (category, tag, places)
    }

    /// The words of a badge of the content, as its form shows them.
    public init(_ badge: Badge) {
        var words = BadgeWords(name: badge.name, description: badge.description, kind: badge.rule.kind.rawValue, count: "", category: "", tag: "",
                               places: [])
        switch badge.rule {
        case .solve(let count, let category, let tag):
            (words.count, words.category, words.tag) = ("\(count)", category?.rawValue ?? "", tag ?? "")
        case .visit(let places): words.places = places
        case .hintless(let count), .everyCategory(let count), .crew(let count), .level(let count): words.count = "\(count)"
        }
        self = words
    }

    /// A new badge's form: three riddles solved, of any kind.
    public static let blank = BadgeWords(name: "", description: "", kind: BadgeRule.Kind.solve.rawValue, count: "3", category: "", tag: "", places: [])

    /// The fields of the form, named as in `Campus/badges.yaml`.
    public static let fields = ["id", "name", "description", "rule"]

    /// The badge these words describe, with `id`. Words that do not read are refused
    /// (``OrganiserRefusal/invalidEdit(_:)``), each problem beside its field.
    public func edit(id: String) throws(OrganiserRefusal) -> Badge {
        var problems: [EditProblem] = []
        let kind = BadgeRule.Kind(rawValue: kind.trimmed)
        if kind == nil {
            problems.append(EditProblem(field: "rule", message: "'\(self.kind)' is not a kind of badge",
                                        fix: "Choose what earns it: solving, visiting places, solving without hints, every category, a level or crew riddles."))
        }
        let count = Int(count.trimmed)
        if kind != .visit && count == nil {
            problems.append(EditProblem(field: "rule", message: "'\(self.count)' is not a whole number", fix: "Write how many, such as 3."))
        }
        let category = category.trimmed.isEmpty ? nil : Category(rawValue: category.trimmed)
        if !self.category.trimmed.isEmpty && category == nil {
            problems.append(EditProblem(field: "rule", message: "'\(self.category)' is not a category", fix: "Choose lab, lecture, social or any."))
        }
        let places = places.map(\.trimmed).filter { !$0.isEmpty }
        if kind == .visit && places.isEmpty {
            problems.append(EditProblem(field: "rule", message: "a badge for visiting places names no place", fix: "Tick the places a player must find."))
        }
        guard problems.isEmpty, let kind else { throw .invalidEdit(problems) }
        let tag = tag.trimmed
        let rule: BadgeRule = switch kind {
        case .solve: .solve(count: count ?? 0, category: category, tag: tag.isEmpty ? nil : tag)
        case .visit: .visit(checkpointIDs: places)
        case .hintless: .hintless(count: count ?? 0)
        case .everyCategory: .everyCategory(count: count ?? 0)
        case .level: .level(count ?? 0)
        case .crew: .crew(count: count ?? 0)
        }
        return Badge(id: id, name: name.trimmed, description: description.trimmed, rule: rule)
    }
}

/// A quiz question as the console's form (and the API) writes it: the statement, and for each
/// answer the traits it adds to, as `coffee 2, food 1` (a trait alone adds 1; empty adds nothing).
public struct QuestionWords: Hashable, Codable, Sendable {
    public var text: String
    /// Each answer's weights by the answer's name (`strongly_agree` ... `strongly_disagree`).
    public var answers: [String: String]

    public init(text: String, answers: [String: String]) {
        self.text = text
        self.answers = answers
    }

    /// The words of a question of the content, as its form shows them.
    public init(_ question: QuizQuestion) {
        self.init(text: question.text, answers: Dictionary(uniqueKeysWithValues: QuizAnswer.allCases.map { answer in
            (answer.rawValue, (question.effects[answer] ?? [:]).sorted { $0.key < $1.key }.map { trait, weight in
                "\(trait) \(weight == weight.rounded() ? "\(Int(weight))" : "\(weight)")"
            }.joined(separator: ", "))
        }))
    }

    /// A new question's form: nothing written yet.
    public static let blank = QuestionWords(text: "", answers: [:])

    /// The fields of the form, named as in `Campus/quiz.yaml`; an answer's weights are
    /// `answers.agree` when the words do not read.
    public static let fields = ["id", "text", "answers"]

    /// The question these words describe, with `id`. Weights that do not read are refused
    /// (``OrganiserRefusal/invalidEdit(_:)``), beside their answer; unknown traits are the
    /// validator's, as in the files.
    public func edit(id: String) throws(OrganiserRefusal) -> QuizQuestion {
        var problems: [EditProblem] = []
        var effects: [QuizAnswer: [String: Double]] = [:]
        for answer in QuizAnswer.allCases {
            var weights: [String: Double] = [:]
            for part in (answers[answer.rawValue] ?? "").split(separator: ",") where !part.trimmed.isEmpty {
                let words = part.split { $0 == " " || $0 == ":" }
                let weight = words.count == 1 ? 1 : words.count == 2 ? Double(words[1]) : nil
                guard let weight, weight.isFinite, abs(weight) <= 10 else {
                    problems.append(EditProblem(field: "answers.\(answer.rawValue)", message: "'\(part.trimmed)' is not a trait and a weight",
                                                fix: "Write each trait with how much it adds, such as coffee 2, food 1."))
                    continue
                }
                weights[String(words[0]), default: 0] += weight
            }
            effects[answer] = weights
        }
        guard problems.isEmpty else { throw .invalidEdit(problems) }
        return QuizQuestion(id: id, text: text.trimmed, effects: effects)
    }
}
