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

    /// Everything the hunt keeps about the player that is theirs to take away.
    public func export(of account: Account) async throws -> AccountExport {
        AccountExport(account: account, events: try await repository.events(playerID: account.player.id), exportedAt: now())
    }

    /// Erases the person, once they confirm with their password; only the anonymous ledger
    /// stays for the organisers' aggregates.
    public func eraseAccount(_ account: Account, password: String) async throws {
        guard try await passwordHasher.verify(password, against: account.passwordHash) else { throw AccountRefusal.invalidCredentials }
        try await repository.eraseAccount(id: account.player.id, leaving: ErasedPlayer(id: account.player.id), at: now())
    }
}

/// A player's own data, as they may take it away.
public struct AccountExport: Sendable {
    public var account: Account
    public var events: [GameEvent]
    public var exportedAt: Date
}
