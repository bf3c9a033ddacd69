import Hummingbird

// Stands in for the organisers' guard of the lead's foundation (commit "Organisers: ..."),
// which replaces this file when this branch is merged with it.
extension AppRequestContext {
    /// The caller, who must be an organiser (an admin account).
    func requireOrganiser() throws -> Identity {
        let identity = try requireIdentity()
        guard identity.account.role == .admin else { throw Problem(.forbidden, code: .organisersOnly) }
        return identity
    }
}
