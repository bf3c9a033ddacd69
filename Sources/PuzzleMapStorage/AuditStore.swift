import Foundation
import PuzzleMapCore

/// The organisers' audit log. Lines are only ever added: the stores offer no way to change or
/// remove one, and the databases refuse an UPDATE or DELETE of the table.
public protocol AuditStore: Sendable {
    /// Adds a line on its own. Actions that change the hunt write their line in their own
    /// transaction instead, so the change and its line are kept or lost together.
    func appendAudit(_ record: AuditRecord, at date: Date) async throws -> AuditEntry
    /// The newest lines first, at most `limit`.
    func auditLog(limit: Int) async throws -> [AuditEntry]
}

extension AuditAction {
    /// The action a stored line names.
    public static func stored(_ text: String) throws -> AuditAction {
        guard let action = AuditAction(rawValue: text) else { throw StorageError.unknownValue("audit action \(text)") }
        return action
    }
}
