/// The kinds of mistake `puzzlemap check` knows how to explain. The raw values are stable.
public enum ContentRule: String, CaseIterable, Sendable {
    case unreadableFile = "unreadable_file"
    case syntax
    case missingField = "missing_field"
    case invalidValue = "invalid_value"
    case unknownCategory = "unknown_category"
    case duplicateID = "duplicate_id"
    case riddleForMissingCheckpoint = "riddle_for_missing_checkpoint"
    case checkpointWithoutRiddle = "checkpoint_without_riddle"
    case hintCount = "hint_count"
    case emptyText = "empty_text"
    case coordinatesOutOfRange = "coordinates_out_of_range"
    case unparseableHours = "unparseable_hours"
    case overlappingHours = "overlapping_hours"
    case unknownTrait = "unknown_trait"
    case unknownReference = "unknown_reference"
    case offerWithoutPartner = "offer_without_partner"
    case quizAnswerOutsideScale = "quiz_answer_outside_scale"
    case quizAnswerMissing = "quiz_answer_missing"
}

/// One mistake in the organiser's files: where, what, and what to do about it.
public struct ContentProblem: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var location: SourceLocation
    public var rule: ContentRule
    /// What is wrong, naming the thing concerned.
    public var message: String
    /// What the author should do to fix it.
    public var fix: String

    public init(_ rule: ContentRule, at location: SourceLocation, _ message: String, fix: String) {
        self.rule = rule
        self.location = location
        self.message = message
        self.fix = fix
    }

    public var description: String { "\(location): \(message) [\(rule.rawValue)]\n    fix: \(fix)" }

    public static func < (lhs: ContentProblem, rhs: ContentProblem) -> Bool {
        (lhs.location, lhs.rule.rawValue) < (rhs.location, rhs.rule.rawValue)
    }
}

/// A content error that stops the service from starting, with the full report.
public struct InvalidContentError: Error, Equatable, CustomStringConvertible, Sendable {
    public var problems: [ContentProblem]

    public init(problems: [ContentProblem]) { self.problems = problems }

    public var description: String {
        "The campus content has \(problems.count) problem(s):\n"
            + problems.map(\.description).joined(separator: "\n")
    }
}
