import Foundation
import PuzzleMapCore
import PuzzleMapStorage

/// The signed-in person's own account: its changes, its export and its erasure.
extension Hunt {
    /// Changes the display name and/or the password. A new password needs the current one
    /// and signs every other device out; the one that changed it (`sessionID`) stays.
    public func updateProfile(of account: Account, sessionID: Int64, displayName: String?, password: String?,
                              currentPassword: String?) async throws -> Account {
        let displayName = displayName?.trimmingCharacters(in: .whitespacesAndNewlines)
        if let displayName { try Self.checkDisplayName(displayName) }
        var passwordHash: String?
        if let password {
            guard let currentPassword, try await passwordHasher.verify(currentPassword, against: account.passwordHash) else {
                throw AccountRefusal.currentPasswordRequired
            }
            if let weakness = AccountPolicy.weakness(of: password, username: account.player.username, email: account.player.email) {
                throw AccountRefusal.weakPassword(reason: weakness)
            }
            passwordHash = try await passwordHasher.hash(password)
        }
        let updated = try await repository.updateAccount(id: account.player.id, displayName: displayName, passwordHash: passwordHash)
        if passwordHash != nil {
            try await repository.revokeAllSessions(playerID: account.player.id, keeping: sessionID, at: now())
        }
        return updated
    }

    /// Everything the hunt keeps about the player that is theirs to take away, read at once;
    /// other players by their names only, and no place the player has not found.
    public func export(of account: Account) async throws -> AccountExport {
        let playerID = account.player.id
        let data = try await repository.personalData(playerID: playerID)
        let phones = try await repository.pushSubscriptions(playerID: playerID).map(\.subscription)
        let topicsOff = try await repository.pushTopicsTurnedOff(playerID: playerID)
        let now = now()
        var export = AccountExport(
            account: account, events: data.events, quiz: data.quiz,
            riddles: data.riddleAttempts.map { attempt in
                AccountExport.RiddleHeld(
                    id: attempt.id, category: attempt.category, riddle: content.riddles.first { $0.id == attempt.riddleID }?.text,
                    place: attempt.outcome == .solved ? content.checkpoint(id: attempt.checkpointID)?.name : nil,
                    hintsUsed: attempt.hintsUsed, startedAt: attempt.startedAt, closedAt: attempt.closedAt, outcome: attempt.outcome)
            },
            vouchers: data.vouchers.map { held in
                // As the freebies list names a giver: "erased" for one who has erased their account.
                HeldVoucher(held.voucher, holder: account, at: now,
                            giftedBy: held.voucher.giftedBy.map { _ in held.giver?.username ?? "erased" })
            },
            vouchersGiven: data.vouchersGiven.map {
                AccountExport.VoucherGiven(voucherID: $0.voucher.id, offerID: $0.voucher.offerID, to: .init($0.recipient), givenAt: $0.givenAt)
            },
            friends: data.friends.map { AccountExport.Link(someone: .init($0.player), since: $0.since) },
            friendRequestsReceived: data.friendRequestsReceived.map { AccountExport.FriendRequest(id: $0.id, someone: .init($0.from), sentAt: $0.createdAt) },
            friendRequestsSent: data.friendRequestsSent.map { AccountExport.FriendRequest(id: $0.id, someone: .init($0.to), sentAt: $0.createdAt) },
            blocked: data.blocked.map { AccountExport.Link(someone: .init($0.player), since: $0.since) },
            crew: data.crew.map { crew in
                AccountExport.CrewMembership(
                    id: crew.id, name: crew.name, createdAt: crew.createdAt,
                    joinedAt: crew.members.first { $0.player.id == playerID }?.joinedAt ?? crew.createdAt, isLeader: crew.leaderID == playerID,
                    members: crew.members.map { AccountExport.Link(someone: .init($0.player), since: $0.joinedAt) })
            },
            crewInvitations: data.crewInvitations.map {
                AccountExport.CrewInvitation(id: $0.id, crewName: $0.crewName, invitedBy: .init($0.invitedBy), invitedAt: $0.createdAt)
            },
            challenges: data.challenges.map { challenge in
                let status = status(of: challenge, at: now)
                return AccountExport.ChallengeTaken(
                    id: challenge.id, sent: challenge.challenger.id == playerID, opponent: .init(challenge.opponent(of: playerID)),
                    category: status.category, riddle: status.riddle?.text, state: status.state, createdAt: challenge.createdAt)
            },
            // Who set a report's status is an organiser's name, not the player's data.
            reports: data.reports.map { report in
                var report = report
                report.statusSetBy = nil
                return report
            },
            exportedAt: now)
        export.notifications = AccountExport.Notifications(phones: phones, topicsOff: PushTopic.allCases.filter(topicsOff.contains))
        return export
    }

    /// Erases the person, once they confirm with their password (a guest has none: their
    /// session on the phone is the proof); only the anonymous ledger stays for the organisers'
    /// aggregates.
    public func eraseAccount(_ account: Account, password: String) async throws {
        if !account.isGuest {
            guard try await passwordHasher.verify(password, against: account.passwordHash) else { throw AccountRefusal.invalidCredentials }
        }
        try await repository.eraseAccount(id: account.player.id, leaving: ErasedPlayer(id: account.player.id), at: now())
    }
}
