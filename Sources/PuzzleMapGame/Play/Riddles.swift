import Foundation
import PuzzleMapCore
import PuzzleMapStorage

/// A riddle a player holds, with its text and hints.
public struct HeldRiddle: Sendable, Equatable {
    public var attempt: RiddleAttempt
    public var riddle: Riddle
    /// What solving it pays now, after the hints taken.
    public var xpIfSolved: Int
    /// What it would pay after one more hint; `nil` when every hint is shown.
    public var xpAfterNextHint: Int?
    /// The hints shown so far, in order.
    public var hintsShown: [String] { Array(riddle.hints.prefix(attempt.hintsUsed)) }
}

/// Riddles: asking for one in a category, hints, giving up.
extension Hunt {
    /// The riddle held in `category`, or a new one drawn for the player's quiz profile among
    /// the unsolved places that are open now or within the opening window (of `difficulty`, if
    /// the player asked for one). `isNew` tells which.
    public func askForRiddle(playerID: Int64, category: Category, difficulty: Difficulty? = nil) async throws -> (held: HeldRiddle, isNew: Bool) {
        guard let quiz = try await repository.quiz(playerID: playerID) else { throw GameRefusal.quizRequired }
        let now = now()
        let closed = Set(try await liveNotices().closures.keys)
        let rules = RiddleHolding(selection: RiddleSelection(content: content, timeZone: timeZone, profile: quiz.profile, closed: closed),
                                  giveUpCooldown: limits.giveUpCooldown)
        // The crew's riddles' places, read before: the crew's draw avoids members' own riddles
        // the same way.
        var crewRiddlePlaces: Set<String> = []
        if let crew = try await repository.crew(ofPlayer: playerID) {
            crewRiddlePlaces = Set(try await repository.crewRiddles(crewID: crew.id).map(\.checkpointID))
        }
        let (crewPlaces, random) = (crewRiddlePlaces, random)
        let outcome = try await repository.startRiddle(playerID: playerID, category: category, at: now) { holdings in
            var generator = random.generator
            return rules.ask(in: category, difficulty: difficulty, holdings: holdings, avoiding: crewPlaces, at: now, using: &generator)
        }
        switch outcome {
        case .existing(let attempt):
            return (try held(attempt), false)
        case .started(let attempt):
            return (try held(attempt), true)
        case .refused(let refusal):
            throw refusal
        }
    }

    /// The categories whose riddle the game took back from the player since they last asked
    /// there (its place left the hunt), with when: the note the play page shows until they ask
    /// again, which they may at once.
    public func releasedRiddles(playerID: Int64) async throws -> [(category: Category, at: Date)] {
        try await repository.latestAttempts(playerID: playerID).compactMap { attempt in
            attempt.outcome == .released ? attempt.closedAt.map { (attempt.category, $0) } : nil
        }
    }

    /// One riddle the player holds.
    public func heldRiddle(playerID: Int64, attemptID: Int64) async throws -> HeldRiddle {
        guard let attempt = try await repository.attempt(id: attemptID, playerID: playerID), attempt.isActive else {
            throw GameRefusal.riddleNotFound
        }
        return try held(attempt)
    }

    /// The riddles the player holds, in the order they were asked for.
    public func heldRiddles(playerID: Int64) async throws -> [HeldRiddle] {
        try await repository.activeAttempts(playerID: playerID).compactMap { try? held($0) }
    }

    /// Reveals the next hint, lowering the riddle's reward by its cost.
    public func takeHint(playerID: Int64, attemptID: Int64) async throws -> HeldRiddle {
        guard let attempt = try await repository.takeHint(attemptID: attemptID, playerID: playerID, maxHints: Riddle.hintCount, at: now()) else {
            guard let current = try await repository.attempt(id: attemptID, playerID: playerID), current.isActive else {
                throw GameRefusal.riddleNotFound
            }
            throw GameRefusal.noHintsLeft
        }
        return try held(attempt)
    }

    /// Gives up a held riddle: it may be offered again later, after the others.
    public func giveUp(playerID: Int64, attemptID: Int64) async throws {
        guard try await repository.giveUp(attemptID: attemptID, playerID: playerID, at: now()) != nil else { throw GameRefusal.riddleNotFound }
    }

    /// The attempt with its riddle; refused for a riddle that left the content since.
    func held(_ attempt: RiddleAttempt) throws -> HeldRiddle {
        guard let riddle = content.riddles.first(where: { $0.id == attempt.riddleID }) else { throw GameRefusal.riddleNotFound }
        let rules = content.rules
        return HeldRiddle(attempt: attempt, riddle: riddle, xpIfSolved: rules.reward(for: riddle.difficulty, hintsUsed: attempt.hintsUsed),
                          xpAfterNextHint: attempt.hintsUsed < Riddle.hintCount
                              ? rules.reward(for: riddle.difficulty, hintsUsed: attempt.hintsUsed + 1) : nil)
    }
}
