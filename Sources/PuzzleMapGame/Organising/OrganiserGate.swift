// STAND-IN for the lead's `Hunt.organiser(_:)` (Organising/AuditLog.swift on the lead's branch).
// Delete this file at the merge.
import Foundation
import PuzzleMapCore

extension Hunt {
    /// The organiser an account is, or `organisersOnly`.
    public func organiser(_ account: Account) throws -> Organiser {
        guard let organiser = Organiser(account) else { throw OrganiserRefusal.organisersOnly }
        return organiser
    }
}
