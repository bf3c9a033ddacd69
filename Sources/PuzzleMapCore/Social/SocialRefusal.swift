/// Why a friends' or blocks' request was refused. The HTTP layer maps each case, in one table,
/// to a status, a stable code, a detail and a hint.
public enum SocialRefusal: Error, Hashable, Sendable {
    /// Nobody by that name or code, or someone hidden by a block either way (a block is never
    /// revealed), or the player themself.
    case playerNotFound
    /// No request from that player waits for this one.
    case friendRequestNotFound
}
