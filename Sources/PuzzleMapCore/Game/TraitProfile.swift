/// A player's trait scores from the personality quiz: how much each answer said they care about
/// coffee, science, history, ... Riddle selection leans towards places carrying their strongest
/// traits, but never forces them.
public struct TraitProfile: Hashable, Codable, Sendable {
    /// Raw score per trait: the sum of the weights the chosen answers gave it. Every trait the
    /// quiz can score is present, at 0 when no chosen answer touched it; scores may be negative.
    public var scores: [String: Double]

    public init(scores: [String: Double]) {
        self.scores = scores
    }

    /// A profile that leans nowhere: every place is equally likely.
    public static let neutral = TraitProfile(scores: [:])

    /// Scores a complete set of answers against the quiz.
    ///
    /// - Parameters:
    ///   - answers: the chosen answer for each question, by question id.
    ///   - quiz: the questions as the organiser wrote them.
    /// - Throws: ``QuizAnswersError/unknownQuestions(_:)`` when an answer names a question the
    ///   quiz does not have (checked first: answering the rest would not help a client holding an
    ///   outdated quiz), then ``QuizAnswersError/missingAnswers(_:)`` when a question is unanswered.
    public static func score(
        answers: [String: QuizAnswer], quiz: [QuizQuestion]
    ) throws(QuizAnswersError) -> TraitProfile {
        let questionIDs = Set(quiz.map(\.id))
        let unknown = answers.keys.filter { !questionIDs.contains($0) }.sorted()
        guard unknown.isEmpty else { throw .unknownQuestions(unknown) }

        var missing: [String] = []
        var seen: Set<String> = []
        for question in quiz where answers[question.id] == nil && seen.insert(question.id).inserted {
            missing.append(question.id)
        }
        guard missing.isEmpty else { throw .missingAnswers(missing) }

        var scores: [String: Double] = [:]
        var scored: Set<String> = []
        for question in quiz {
            for effects in question.effects.values {
                for trait in effects.keys where scores[trait] == nil { scores[trait] = 0 }
            }
            // A repeated question id (refused by `puzzlemap check`) counts once.
            guard scored.insert(question.id).inserted, let answer = answers[question.id] else { continue }
            for (trait, weight) in question.effects[answer] ?? [:] {
                scores[trait, default: 0] += weight
            }
        }
        return TraitProfile(scores: scores)
    }

    /// Whether the answers lean nowhere: every score is zero (or there are none).
    public var isNeutral: Bool {
        scores.values.allSatisfy { $0 == 0 }
    }

    /// How strongly the player leans to `trait`, from 0 (not at all, or negatively) to 1 (their
    /// strongest trait): the trait's score divided by the highest positive score.
    public func affinity(for trait: String) -> Double {
        guard let score = scores[trait], score > 0, let top = topScore else { return 0 }
        return score / top
    }

    /// ``affinity(for:)`` of every trait in ``scores``.
    public var affinities: [String: Double] {
        scores.mapValues { score in
            guard score > 0, let top = topScore else { return 0 }
            return score / top
        }
    }

    /// The highest positive score, or `nil` when no trait scored above zero.
    private var topScore: Double? {
        scores.values.filter { $0 > 0 }.max()
    }
}

/// Why a set of quiz answers cannot be scored. Each case names the questions concerned.
public enum QuizAnswersError: Error, Hashable, Sendable {
    /// These questions (in quiz order) have no answer.
    case missingAnswers([String])
    /// These question ids (sorted) are not in the quiz.
    case unknownQuestions([String])

    /// A stable machine-readable code for problem responses.
    public var code: String {
        switch self {
        case .missingAnswers: "quiz_answers_missing"
        case .unknownQuestions: "quiz_unknown_questions"
        }
    }
}
