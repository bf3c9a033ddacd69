import Foundation
import PuzzleMapCore
import PuzzleMapStorage

/// A voided scan and what the void took back.
public struct VoidedScan: Sendable {
    public var scan: ModeratedScan
    public var void: ScanVoid
}

/// A player as an organiser looks them up: their account, where they stand, their recent
/// scans and what organisers did to their ledger.
public struct ModeratedPlayer: Sendable {
    public var account: Account
    public var totals: LedgerTotals
    public var badgesEarned: Int
    /// Newest first.
    public var scans: [ModeratedScan]
    /// Voids and adjustments, newest first.
    public var notices: [ModerationNotice]
}

/// An organiser's change to a player's ledger, as the player reads it.
public struct ModerationNotice: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// A scan at this place was voided.
        case voided(checkpoint: String)
        case adjusted
    }

    public var kind: Kind
    public var xp: Int
    public var reason: String
    public var at: Date
}

/// Moderation: organisers look at flagged scans and players, void scans, adjust XP and suspend
/// players. The decisions are Core's (`ScanVoid`, `ModerationRules`); the store applies them
/// atomically.
extension Hunt {
    /// The most scans a list shows.
    public static let moderationListLimit = 200

    /// Flagged scans, newest first.
    public func flaggedScans(for organiser: Organiser) async throws -> [ModeratedScan] {
        try await repository.flaggedScans(limit: Self.moderationListLimit)
    }

    /// The player an organiser looks up, by username; staff and organisers are not players.
    public func moderatedPlayer(username: String, for organiser: Organiser) async throws -> ModeratedPlayer {
        let account = try await player(username: username)
        let events = try await repository.events(playerID: account.player.id)
        let standing = PlayerStanding(events: events, content: content)
        return ModeratedPlayer(account: account, totals: standing.totals, badgesEarned: standing.earnedAt.count,
                               scans: try await repository.scans(playerID: account.player.id, limit: Self.moderationListLimit),
                               notices: moderationNotices(in: events))
    }

    /// Voids a scan for `reason`: its XP, the badges it completed and the unredeemed vouchers of
    /// offers no longer earned are taken back, by a ledger event the player sees. A scan is
    /// voided once. The audit log names the organiser, the reason and what was taken back.
    public func voidScan(id: Int64, reason: String, by organiser: Organiser) async throws -> VoidedScan {
        let reason = try ModerationRules.reason(reason).get()
        let (content, now) = (content, now())
        let (scan, void) = try await repository.voidScan(id: id, reason: reason, at: now, decide: { state in
            guard let state else { return .failure(.scanNotFound) }
            return ScanVoid.decide(scanID: state.scan.id, of: state.scan.playerID, checkpointID: state.scan.checkpointID, reason: reason,
                                   events: state.events, unlocked: state.unlocked, at: now, content: content)
        }, audit: { scan, void in
            organiser.record(.scanVoided, subject: "scan:\(scan.id) player:\(scan.username)", detail: Self.auditDetail(of: void, reason: reason))
        }).get()
        return VoidedScan(scan: scan, void: void)
    }

    /// The reason and what a void took back, as the audit log keeps it.
    static func auditDetail(of void: ScanVoid, reason: String) -> String {
        var parts = [reason, "\(void.xp) XP"]
        if !void.badgesLost.isEmpty { parts.append("badges lost: " + void.badgesLost.map(\.name).joined(separator: ", ")) }
        if !void.withdrawnVouchers.isEmpty { parts.append("vouchers withdrawn: " + void.withdrawnVouchers.map { "#\($0.id)" }.joined(separator: ", ")) }
        if !void.redeemedVouchers.isEmpty {
            parts.append("already redeemed, kept: " + void.redeemedVouchers.map { "#\($0.id)" }.joined(separator: ", "))
        }
        return parts.joined(separator: " · ")
    }

    /// Adds (or, negative, takes away) XP for `reason`, within the organiser's limit.
    public func adjustXP(username: String, xp: Int, reason: String, by organiser: Organiser) async throws -> (account: Account, event: GameEvent, totals: LedgerTotals) {
        let reason = try ModerationRules.reason(reason).get()
        if let refusal = ModerationRules.checkAdjustment(xp: xp, limits: limits) { throw refusal }
        let account = try await player(username: username)
        let event = try await repository.adjustXP(
            .adjusted(account.player.id, xp: xp, reason: reason, on: now()),
            audit: organiser.record(.xpAdjusted, subject: "player:\(account.player.username)", detail: "\(xp > 0 ? "+" : "")\(xp) XP · \(reason)"))
        let totals = PlayerStanding(events: try await repository.events(playerID: account.player.id), content: content).totals
        return (account, event, totals)
    }

    /// Suspends the player for `reason`: they cannot score or redeem until reinstated.
    public func suspend(username: String, reason: String, by organiser: Organiser) async throws -> Account {
        let reason = try ModerationRules.reason(reason).get()
        let account = try await player(username: username)
        let now = now()
        return try await repository.setSuspension(
            playerID: account.player.id, to: Suspension(reason: reason, since: now), at: now,
            audit: organiser.record(.playerSuspended, subject: "player:\(account.player.username)", detail: reason)
        ) { current in
            current == nil ? nil : .alreadySuspended
        }.get()
    }

    /// Lifts the player's suspension.
    public func reinstate(username: String, by organiser: Organiser) async throws -> Account {
        let account = try await player(username: username)
        return try await repository.setSuspension(
            playerID: account.player.id, to: nil, at: now(),
            audit: organiser.record(.playerReinstated, subject: "player:\(account.player.username)", detail: "")
        ) { current in
            current == nil ? .notSuspended : nil
        }.get()
    }

    /// What organisers did to the player's ledger, newest first, as the player reads it.
    public func moderationNotices(playerID: Int64) async throws -> [ModerationNotice] {
        moderationNotices(in: try await repository.events(playerID: playerID))
    }

    /// Refuses a suspended player's attempt to score, with the organiser's reason.
    /// Refuses a suspended player, and a guest once their open day is over; gives a guest's
    /// open day, whose rules for freebies their play follows.
    @discardableResult
    func requireInGoodStanding(playerID: Int64) async throws -> GuestEvent? {
        let account = try await repository.account(id: playerID)
        if let suspension = account?.suspension {
            throw GameRefusal.accountSuspended(reason: suspension.reason)
        }
        guard let event = try await guestEvent(of: account) else { return nil }
        if let refusal = GuestEvent.playRefusal(event, at: now()) { throw refusal }
        return event
    }

    func moderationNotices(in events: [GameEvent]) -> [ModerationNotice] {
        events.reversed().compactMap { event in
            switch event.kind {
            case .voided:
                let place = event.checkpointID.map { id in content.checkpoint(id: id)?.name ?? id } ?? ""
                return ModerationNotice(kind: .voided(checkpoint: place), xp: event.xp, reason: event.reason ?? "", at: event.occurredAt)
            case .adjusted:
                return ModerationNotice(kind: .adjusted, xp: event.xp, reason: event.reason ?? "", at: event.occurredAt)
            case .solved, .explored, .checkedIn, .challengeWon, .crewBonus:
                return nil
            }
        }
    }

    private func player(username: String) async throws -> Account {
        guard let account = try await repository.account(login: username), account.role == .player,
              account.player.username.caseInsensitiveCompare(username) == .orderedSame
        else { throw ModerationRefusal.playerNotFound }
        return account
    }
}
