import Foundation
import Hummingbird
import PuzzleMapCore
import PuzzleMapGame

/// A player as their own app sees them.
struct PlayerView: ResponseCodable {
    var id: Int64
    var email: String
    var username: String
    var displayName: String
    var emailVerified: Bool
    var role: Role
    var createdAt: Date
    /// The open day a guest joined; absent for everyone else.
    var guestOf: Int64?

    init(_ account: Account) {
        id = account.player.id
        email = account.player.email
        username = account.player.username
        displayName = account.player.displayName
        emailVerified = account.isEmailVerified
        role = account.role
        createdAt = account.player.createdAt
        guestOf = account.guestEventID
    }
}

/// What signing in or refreshing answers.
struct SessionView: ResponseCodable {
    var accessToken: String
    var refreshToken: String
    /// Seconds until the access token expires.
    var expiresIn: Int
    var player: PlayerView

    init(_ issued: IssuedSession) {
        accessToken = issued.accessToken
        refreshToken = issued.refreshToken
        expiresIn = issued.expiresIn
        player = PlayerView(issued.account)
    }
}

struct SignUpRequest: Decodable {
    var email: String
    var username: String
    var password: String
    var displayName: String
}

struct VerifyEmailRequest: Decodable {
    var email: String
    var code: String
}

struct NewVerificationCodeRequest: Decodable {
    var email: String
}

struct SignInRequest: Decodable {
    var login: String
    var password: String
}

struct RefreshRequest: Decodable {
    var refreshToken: String
}

struct PasswordResetRequest: Decodable {
    var email: String
}

struct PasswordResetConfirmation: Decodable {
    var token: String
    var newPassword: String
}

struct UpdateMeRequest: Decodable {
    var displayName: String?
    var password: String?
    var currentPassword: String?
}

struct DeleteMeRequest: Decodable {
    var password: String
}

struct StatusView: ResponseCodable {
    var status: String
}
