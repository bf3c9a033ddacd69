import Foundation
import PuzzleMapCore
import PuzzleMapStorage

/// What a player looks like to others: a drawn avatar they choose, or a photo of theirs that
/// other players see once an organiser lets it through.
extension Hunt {
    /// Photos a player may upload in a day: enough to try a few, not to flood the organisers' queue.
    public static let picturesPerDay = 5

    /// The player's look as they see it themself.
    public func look(of account: Account) async throws -> PlayerLook {
        try await repository.look(playerID: account.player.id)
    }

    /// Keeps the photo (already shrunk and re-encoded by the caller), waiting for an organiser.
    /// Guests play alone: nobody would see it.
    public func uploadPicture(_ bytes: [UInt8], by account: Account) async throws -> ProfilePicture {
        guard !account.isGuest else { throw OpenDayRefusal.guestsPlayAlone }
        let uploads = try await repository.countEvent(key: "picture:\(account.player.id)", window: 86_400, at: now())
        guard uploads <= Self.picturesPerDay else { throw PictureRefusal.tooManyPictures(perDay: Self.picturesPerDay) }
        return try await repository.savePicture(bytes, playerID: account.player.id, at: now())
    }

    public func removePicture(by account: Account) async throws {
        guard try await repository.removePicture(playerID: account.player.id) else { throw PictureRefusal.noPicture }
    }

    public func chooseAvatar(_ avatar: Avatar?, by account: Account) async throws {
        try await repository.chooseAvatar(avatar, playerID: account.player.id)
    }

    /// The photo of `username` as `viewer` may see it: their own or, as an organiser, anyone's,
    /// whatever its review; another player's only once let through, and never across a block.
    public func picture(of username: String, viewer: Account) async throws -> [UInt8] {
        let isSelf = username.lowercased() == viewer.player.username.lowercased()
        let privileged = isSelf || viewer.role == .admin
        let owner: Account
        if isSelf {
            owner = viewer
        } else if viewer.role == .admin {
            guard let account = try await repository.account(login: username.lowercased()) else { throw PictureRefusal.noPicture }
            owner = account
        } else {
            owner = try await visiblePlayer(username, to: viewer.player.id)
        }
        guard let (picture, bytes) = try await repository.pictureBytes(playerID: owner.player.id),
              case .picture = PlayerLook(picture: picture).shown(toOwnerOrOrganiser: privileged)
        else { throw PictureRefusal.noPicture }
        return bytes
    }

    /// What `viewer` is shown of each of `players`, for lists and profiles.
    public func looks(of players: [Player], viewer: Account) async throws -> [Int64: PlayerLook.Shown] {
        try await repository.looks(playerIDs: players.map(\.id)).reduce(into: [:]) { shown, look in
            shown[look.key] = look.value.shown(toOwnerOrOrganiser: viewer.role == .admin || look.key == viewer.player.id)
        }
    }

    /// Photos waiting for an organiser's look, oldest first.
    public func picturesWaiting(for organiser: Organiser) async throws -> [WaitingPicture] {
        try await repository.picturesWaiting()
    }

    /// Lets a photo through, or refuses it, naming the upload the organiser looked at: a newer
    /// upload since waits for its own look.
    public func reviewPicture(of username: String, version: Int, approve: Bool, by organiser: Organiser) async throws -> ProfilePicture {
        guard let account = try await repository.account(login: username.lowercased()) else { throw PictureRefusal.noPicture }
        let audit = organiser.record(approve ? .pictureApproved : .pictureRefused, subject: "player:\(account.player.username)",
                                     detail: "upload \(version)")
        guard let picture = try await repository.reviewPicture(playerID: account.player.id, version: version, status: approve ? .approved : .refused,
                                                               by: organiser.account.player.username, at: now(), audit: audit)
        else { throw PictureRefusal.noPicture }
        return picture
    }
}
