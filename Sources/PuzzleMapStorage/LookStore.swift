import Foundation
import PuzzleMapCore

/// A photo waiting for an organiser, with whose it is.
public struct WaitingPicture: Sendable, Equatable {
    public var player: Player
    public var picture: ProfilePicture

    public init(player: Player, picture: ProfilePicture) {
        self.player = player
        self.picture = picture
    }
}

/// Players' looks: the avatar chosen and the photo uploaded (the re-encoded bytes), with its
/// review. The rules (who sees what, when a photo may be reviewed) are the game's.
public protocol LookStore: Sendable {
    func look(playerID: Int64) async throws -> PlayerLook
    /// The looks of several players, for lists; a player with none is left out.
    func looks(playerIDs: [Int64]) async throws -> [Int64: PlayerLook]
    func chooseAvatar(_ avatar: Avatar?, playerID: Int64) async throws
    /// Keeps `bytes` as the player's photo, waiting for review, in place of any before.
    func savePicture(_ bytes: [UInt8], playerID: Int64, at date: Date) async throws -> ProfilePicture
    func pictureBytes(playerID: Int64) async throws -> (picture: ProfilePicture, bytes: [UInt8])?
    /// Forgets the player's photo; `false` if there was none.
    func removePicture(playerID: Int64) async throws -> Bool
    /// Photos waiting for review, oldest first.
    func picturesWaiting() async throws -> [WaitingPicture]
    /// Sets the photo's review (`approved` or `refused`) by `reviewer`, with the audit line, in
    /// one transaction, if the upload `version` is still the player's photo (a newer upload
    /// waits for its own review); `nil` otherwise.
    func reviewPicture(playerID: Int64, version: Int, status: ProfilePicture.Status, by reviewer: String, at date: Date,
                       audit: AuditRecord) async throws -> ProfilePicture?
}
