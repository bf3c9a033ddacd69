/// What is left of an erased player's identity: placeholders that free the email address and
/// the username and name no one.
public struct ErasedPlayer: Hashable, Sendable {
    public var email: String
    public var username: String
    public var displayName: String

    public init(id: Int64) {
        email = "erased-\(id)@invalid"
        username = "erased_\(id)"
        displayName = "Erased player"
    }
}
