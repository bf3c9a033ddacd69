import PuzzleMapCore

/// A signed-in device's tokens, given out once, as signing in or refreshing made them. Only
/// their hashes are stored.
public struct IssuedSession: Sendable {
    public var accessToken: String
    public var refreshToken: String
    /// Seconds until the access token expires.
    public var expiresIn: Int
    public var account: Account
}

/// What a session is for: an app holds a short-lived access token and renews it with its
/// refresh token; a browser holds one token in a cookie for the refresh token's lifetime.
public enum SessionDevice: Sendable {
    case app
    case browser
}
