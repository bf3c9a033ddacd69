import Foundation
import PuzzleMapCore
import PuzzleMapStorage

/// A challenge as one of the two players reads it now.
public struct ChallengeStatus: Sendable, Equatable {
    public var challenge: Challenge
    public var state: Challenge.State
    /// The riddle of the race, shown to both once the challenge is accepted (never before, so
    /// neither gets a head start).
    public var riddle: Riddle?
    public var category: Category?
    /// What winning the race pays on top of the riddle.
    public var bonusXP: Int
}

/// Challenges between friends: a riddle neither has solved, the first to scan its place wins a
/// bonus. The rules are `ChallengeRules`; the race itself is won inside the scan's transaction.
extension Hunt {
    var challengeRules: ChallengeRules { ChallengeRules(limits: limits) }

    /// Challenges friend `username` to a riddle of `category` that neither of them has solved or
    /// holds, at a place open now or within the hour, drawn for the challenger's quiz profile.
    public func challenge(_ username: String, in category: Category, from playerID: Int64) async throws -> ChallengeStatus {
        try await requireFullAccount(playerID: playerID)
        let friend = try await visiblePlayer(username, to: playerID).player
        guard try await repository.areFriends(playerID, friend.id) else { throw ChallengeRefusal.notFriends }
        let now = now()
        async let mine = repository.events(playerID: playerID)
        async let theirs = repository.events(playerID: friend.id)
        async let myHeld = repository.activeAttempts(playerID: playerID)
        async let theirHeld = repository.activeAttempts(playerID: friend.id)
        async let quiz = repository.quiz(playerID: playerID)
        let taken = PlayerStanding.places(in: try await mine).solved
            .union(PlayerStanding.places(in: try await theirs).solved)
            .union(try await myHeld.map(\.checkpointID))
            .union(try await theirHeld.map(\.checkpointID))
        let closed = Set(try await liveNotices().closures.keys)
        let selection = RiddleSelection(content: content, timeZone: timeZone, profile: try await quiz?.profile ?? .neutral, closed: closed)
        var generator = random.generator
        guard let riddle = selection.choose(in: category, solved: taken, recentlyGivenUp: [], at: now, using: &generator) else {
            throw ChallengeRefusal.noCommonRiddle(category)
        }
        let (rules, perDay) = (challengeRules, limits.challengesPerDay)
        let created = try await repository.createChallenge(challengerID: playerID, challengedID: friend.id, since: rules.lookBack(from: now),
                                                           at: now, decide: { recent in
            try rules.checkNew(from: playerID, to: friend.id, recent: recent, perDay: perDay, at: now)
            return ChallengeDraft(riddleID: riddle.id, checkpointID: riddle.checkpointID)
        }, announce: { challenge in
            [LiveEvent(playerID: friend.id, kind: .challengeReceived, values: ["from": challenge.challenger.displayName], subjectID: challenge.id)]
        })
        return status(of: created, at: now)
    }

    /// The player's challenges either way from the last 30 days, newest first.
    public func challenges(playerID: Int64) async throws -> [ChallengeStatus] {
        let now = now()
        return try await repository.challenges(playerID: playerID, since: now - 30 * 86_400).map { status(of: $0, at: now) }
    }

    /// Accepts or declines (the challenged friend) or withdraws (the challenger) a challenge
    /// that waits for its answer.
    public func answerChallenge(id: Int64, _ answer: ChallengeAnswer, playerID: Int64) async throws -> ChallengeStatus {
        let (rules, now) = (challengeRules, now())
        guard let answered = try await repository.answerChallenge(id: id, answer: answer, at: now, decide: { challenge in
            try rules.check(answer, to: challenge, by: playerID, at: now)
        }, announce: { challenge in
            // The challenger hears the answer; a withdrawal needs no news.
            let kind: LiveEvent.Kind? = switch answer {
            case .accept: .challengeAccepted
            case .decline: .challengeDeclined
            case .withdraw: nil
            }
            return kind.map { [LiveEvent(playerID: challenge.challenger.id, kind: $0, values: ["from": challenge.challenged.displayName],
                                         subjectID: challenge.id)] } ?? []
        }) else { throw ChallengeRefusal.challengeNotFound }
        return status(of: answered, at: now)
    }

    func status(of challenge: Challenge, at now: Date) -> ChallengeStatus {
        let riddle = content.riddles.first { $0.id == challenge.riddleID }
        return ChallengeStatus(challenge: challenge, state: challenge.state(at: now, lifetime: challengeRules.lifetime),
                               riddle: challenge.acceptedAt == nil ? nil : riddle,
                               category: content.checkpoint(id: challenge.checkpointID)?.category,
                               bonusXP: content.rules.challengeWinXP)
    }
}
