import Foundation
import PuzzleMapCore
import PuzzleMapStorage

extension Hunt {
    /// The organiser an account is, or `organisersOnly`.
    public func organiser(_ account: Account) throws -> Organiser {
        guard let organiser = Organiser(account) else { throw OrganiserRefusal.organisersOnly }
        return organiser
    }

    /// The newest lines of the audit log, for organisers.
    public func auditLog(for organiser: Organiser, limit: Int = 200) async throws -> [AuditEntry] {
        try await repository.auditLog(limit: limit)
    }
}
