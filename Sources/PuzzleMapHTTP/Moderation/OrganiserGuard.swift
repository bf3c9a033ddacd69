import Hummingbird
import PuzzleMapCore

// Stopgap until the lead's organiser foundation is merged: its `requireOrganiser()` replaces
// this file at the merge.
extension AppRequestContext {
    /// The caller, who must be an organiser (an admin account).
    func requireOrganiser() throws -> Identity {
        let identity = try requireIdentity()
        guard identity.account.role == .admin else { throw Problem(.forbidden, code: .organisersOnly) }
        return identity
    }
}
