import Foundation
import PuzzleMapCore
import PuzzleMapStorage

/// The stores' primitives composed with the game's own rules (`FriendshipState`,
/// `LeaderboardEntry`, `GiftState`, `RedemptionState`, `ContentImport`, `HuntStatistics`), as
/// the `Hunt` use cases compose them, so the contract tests read as plain outcomes.
extension SocialStore {
    /// The player's friends, in the order ``SocialStore/friendVersions(playerID:)`` lists them.
    func friends(playerID: Int64) async throws -> [Player] {
        try await friendVersions(playerID: playerID).map(\.player)
    }

    func requestFriend(from: Int64, to: Int64, mutual: Bool, at date: Date) async throws -> FriendRequestOutcome {
        let (change, requestSent) = try await changeFriendship(of: from, with: to, at: date) { $0.asking(mutual: mutual) }
        if change.befriend { return .befriended }
        if change.request, let requestSent { return .requested(id: requestSent) }
        return .alreadyFriends
    }

    func answerFriendRequest(id: Int64, playerID: Int64, accept: Bool, at date: Date) async throws -> Bool {
        guard let sender = try await friendRequestSender(id: id, to: playerID) else { return false }
        return try await changeFriendship(of: playerID, with: sender, at: date) { $0.answering(request: id, accept: accept) }.change != .none
    }

    func block(blocker: Int64, blocked: Int64, at date: Date) async throws {
        _ = try await changeFriendship(of: blocker, with: blocked, at: date) { _ in .blocking }
    }

    /// The top `limit` of a board as `viewer` sees it: ranked by the game, those hidden from
    /// them left out.
    func leaderboard(viewer: Int64, period: LeaderboardPeriod, friendsOnly: Bool = false, limit: Int, at date: Date) async throws -> [LeaderboardEntry] {
        let view = try await boardView(playerID: viewer, period: period, friendsOnly: friendsOnly, at: date, shown: limit)
        return Array(LeaderboardEntry.ranking(view.top).filter { !view.hidden.contains($0.player.id) }.prefix(limit))
    }

    func standing(playerID: Int64, period: LeaderboardPeriod, friendsOnly: Bool = false, at date: Date) async throws -> (rank: Int?, xp: Int) {
        guard let mine = try await boardView(playerID: playerID, period: period, friendsOnly: friendsOnly, at: date, shown: 0).mine
        else { return (nil, 0) }
        return (LeaderboardEntry.rank(playersAhead: mine.playersAhead), mine.xp)
    }

    /// The player's view of the board among everyone as the game makes it from what it keeps:
    /// their standing over the board's top, read to `topCount` players.
    func sharedView(playerID: Int64, period: LeaderboardPeriod, at date: Date, shown: Int, topCount: Int) async throws -> BoardView? {
        try await boardTop(period: period, at: date, count: topCount).view(by: boardStanding(playerID: playerID, at: date), shown: shown)
    }

    /// Everyone hidden from the player by a block, either way.
    func hidden(from playerID: Int64) async throws -> Set<Int64> {
        try await boardView(playerID: playerID, period: .all, friendsOnly: false, at: Date(), shown: 0).hidden
    }
}

extension PlayStore {
    /// Asks for a riddle in `category` as the game does where one is held (`RiddleHolding`
    /// keeps it), drawing `riddle` where none is (`nil`: refused as nothing open). `seeing` is
    /// shown the holdings the store read.
    func ask(for riddle: Riddle?, playerID: Int64, category: Category, at date: Date,
             seeing: @escaping @Sendable (RiddleHoldings) -> Void = { _ in }) async throws -> RiddleRequestOutcome {
        try await startRiddle(playerID: playerID, category: category, at: date) { holdings in
            seeing(holdings)
            if let held = holdings.active.first(where: { $0.category == category }) { return RiddleRequestDecision(.keep(held)) }
            return RiddleRequestDecision(riddle.map { .start($0) } ?? .refuse(.nothingOpen(category)))
        }
    }
}

extension VoucherStore {
    func giftVoucher(id: Int64, from: Int64, to: Int64, dailyLimit: Int, dayStart: Date, at date: Date) async throws -> Result<Voucher, RewardRefusal> {
        try await giftVoucher(id: id, from: from, to: to, dayStart: dayStart, at: date) { $0.refusal(giver: from, perDay: dailyLimit, at: date) }
    }

    func redeem(voucherID: Int64, partnerID: String, staffID: Int64, at date: Date) async throws -> Result<Redemption, RewardRefusal> {
        try await redeem(voucherID: voucherID, staffID: staffID, at: date) { RedemptionState.refusal($0, partnerID: partnerID, at: date) }
    }
}

extension ContentStore {
    func importContent(_ content: CampusContent, at date: Date) async throws -> ContentImportSummary {
        try await importContent(at: date, audit: nil) { stored in ContentImport(importing: content, over: stored, at: date) }
    }
}

extension StatsStore {
    func statistics(at date: Date) async throws -> HuntStatistics {
        HuntStatistics(try await figures(activeSince: date - HuntStatistics.activeWindow))
    }
}
