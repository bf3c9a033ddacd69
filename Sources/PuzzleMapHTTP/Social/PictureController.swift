import Foundation
import Hummingbird
import NIOPosix
import PuzzleMapCore
import PuzzleMapGame
import PuzzleMapImaging
import PuzzleMapStorage

/// Profile pictures over the API: a player sends a photo (kept shrunk and re-encoded, waiting
/// for an organiser) or chooses a drawn avatar; others fetch the photo once it is let through;
/// organisers review the waiting ones.
struct PictureController {
    let services: HuntServices

    struct AvatarRequest: Decodable {
        var avatar: String?
    }

    struct ReviewRequest: Decodable {
        var version: Int
        var approve: Bool
    }

    /// A player's look as they see it themself.
    struct LookView: ResponseCodable {
        var avatar: Avatar?
        var picture: PictureView?

        init(_ look: PlayerLook) {
            avatar = look.avatar
            picture = look.picture.map(PictureView.init)
        }
    }

    struct PictureView: ResponseCodable {
        var status: ProfilePicture.Status
        var version: Int
        var uploadedAt: Date
        var reviewedAt: Date?

        init(_ picture: ProfilePicture) {
            status = picture.status
            version = picture.version
            uploadedAt = picture.uploadedAt
            reviewedAt = picture.reviewedAt
        }
    }

    struct WaitingView: ResponseCodable {
        struct Entry: Codable {
            var username: String
            var displayName: String
            var version: Int
            var uploadedAt: Date
        }
        var pictures: [Entry]
    }

    func addRoutes(to router: RouterGroup<AppRequestContext>) {
        router.get("me/look") { _, context -> LookView in
            LookView(try await services.hunt.look(of: try context.requirePlayer().account))
        }
        router.put("me/picture") { request, context -> LookView in
            let identity = try context.requirePlayer()
            let portrait = try await Self.portrait(of: [UInt8](buffer: try await CodeUpload.body(of: request)), services: services)
            _ = try await services.hunt.uploadPicture(portrait, by: identity.account)
            return LookView(try await services.hunt.look(of: identity.account))
        }
        router.delete("me/picture") { _, context -> Response in
            try await services.hunt.removePicture(by: try context.requirePlayer().account)
            return Response(status: .noContent)
        }
        router.put("me/avatar") { request, context -> LookView in
            let identity = try context.requirePlayer()
            let body = try await request.decode(as: AvatarRequest.self, context: context)
            try await services.hunt.chooseAvatar(try Self.avatar(named: body.avatar), by: identity.account)
            return LookView(try await services.hunt.look(of: identity.account))
        }
        router.get("players/:username/picture") { _, context -> Response in
            let identity = try context.requireIdentity()
            return Self.picture(try await services.hunt.picture(of: context.parameters.get("username") ?? "", viewer: identity.account))
        }
        router.get("admin/pictures") { _, context -> WaitingView in
            let organiser = try context.requireOrganiser(in: services.hunt)
            return WaitingView(pictures: try await services.hunt.picturesWaiting(for: organiser).map {
                .init(username: $0.player.username, displayName: $0.player.displayName, version: $0.picture.version, uploadedAt: $0.picture.uploadedAt)
            })
        }
        router.post("admin/pictures/:username/review") { request, context -> PictureView in
            let organiser = try context.requireOrganiser(in: services.hunt)
            let body = try await request.decode(as: ReviewRequest.self, context: context)
            return PictureView(try await services.hunt.reviewPicture(of: context.parameters.get("username") ?? "", version: body.version,
                                                                      approve: body.approve, by: organiser))
        }
    }

    /// The avatar a form or request names; nothing to go back to none.
    static func avatar(named name: String?) throws -> Avatar? {
        guard let name, !name.isEmpty else { return nil }
        guard let avatar = Avatar(rawValue: name) else {
            throw Problem(.unprocessableContent, code: .unknownAvatar,
                          values: ["avatar": name, "avatars": Avatar.allCases.map(\.rawValue).joined(separator: ", ")])
        }
        return avatar
    }

    /// The upload shrunk to a small square WebP, off the event loop, when the photo queue has
    /// a decoder free (a full queue is 503 `photo_queue_full`); a picture that cannot be read is
    /// said as a scan's photo is.
    static func portrait(of bytes: [UInt8], services: HuntServices) async throws -> [UInt8] {
        let result: Result<[UInt8], ImageDecodingError>
        do {
            result = try await services.photos.run {
                try await NIOThreadPool.singleton.runIfActive {
                    Result { () throws(ImageDecodingError) in try PortraitEncoder(limits: ImageDecodingLimits(maxBytes: CodeUpload.maxPhotoBytes)).portrait(from: bytes) }
                }
            }
        } catch let full as PhotoQueue.Full {
            throw Problem.photoQueueFull(full)
        }
        switch result {
        case .success(let portrait): return portrait
        case .failure(let error): throw Problem.image(error)
        }
    }

    /// A picture's answer: private to the session that asked, kept a little while.
    static func picture(_ bytes: [UInt8]) -> Response {
        Response(status: .ok, headers: [.contentType: "image/webp", .cacheControl: "private, max-age=300"],
                 body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}
