import Foundation
import Hummingbird
import PuzzleMapContent
import PuzzleMapCore
import PuzzleMapGame
import PuzzleMapPrinting

/// What organisers change while the hunt runs: closing and reopening checkpoints, new codes
/// and their sheets, the message to every player, and reloading the content files. Players
/// read the message at `GET /v1/broadcast`.
struct OperationsController {
    let services: HuntServices

    struct CheckpointView: ResponseCodable {
        struct Closure: Codable {
            var note: String
            var closedAt: Date
            var closedBy: String
        }
        var id: String
        var number: Int
        var name: String
        var category: Category
        var codeVersion: Int
        var closure: Closure?

        init(_ stored: StoredCheckpoint) {
            id = stored.id
            number = stored.number
            name = stored.checkpoint.name
            category = stored.checkpoint.category
            codeVersion = stored.tagVersion
            closure = stored.closure.map { Closure(note: $0.note, closedAt: $0.closedAt, closedBy: $0.closedBy) }
        }
    }

    struct CheckpointList: ResponseCodable {
        var checkpoints: [CheckpointView]
    }

    struct BroadcastView: ResponseCodable {
        var id: Int64
        var text: String
        var sentAt: Date

        init(_ broadcast: Broadcast) {
            id = broadcast.id
            text = broadcast.text
            sentAt = broadcast.sentAt
        }
    }

    struct CurrentBroadcast: ResponseCodable {
        var broadcast: BroadcastView?

        func encode(to encoder: any Encoder) throws {
            // `null` when none is shown, rather than a missing key.
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(broadcast, forKey: .broadcast)
        }
    }

    struct ReloadView: ResponseCodable {
        var fingerprint: String
        var checkpointsAdded, checkpointsUpdated, checkpointsRetired: Int
        var riddlesAdded, riddlesUpdated, riddlesRetired: Int

        init(_ summary: ContentImportSummary) {
            fingerprint = summary.fingerprint
            (checkpointsAdded, checkpointsUpdated, checkpointsRetired) = (summary.checkpointsAdded, summary.checkpointsUpdated, summary.checkpointsRetired)
            (riddlesAdded, riddlesUpdated, riddlesRetired) = (summary.riddlesAdded, summary.riddlesUpdated, summary.riddlesRetired)
        }
    }

    /// A published version of the content, for the history.
    struct VersionView: ResponseCodable {
        var id: Int64
        var fingerprint: String
        var publishedAt: Date
        /// `files` (start-up, a reload), `rollback` (an earlier version played again) or
        /// `console` (an organiser's edit).
        var origin: String
        var rolledBackFrom: Int64?
        /// Whether it can be downloaded and played again.
        var kept: Bool
        var checkpointsAdded, checkpointsUpdated, checkpointsRetired: Int
        var riddlesAdded, riddlesUpdated, riddlesRetired: Int

        init(_ version: ContentVersion) {
            let summary = version.summary
            (id, fingerprint, publishedAt, kept) = (version.id, summary.fingerprint, summary.importedAt, version.isKept)
            (origin, rolledBackFrom) = (version.origin.name, version.origin.rolledBackFrom)
            (checkpointsAdded, checkpointsUpdated, checkpointsRetired) = (summary.checkpointsAdded, summary.checkpointsUpdated, summary.checkpointsRetired)
            (riddlesAdded, riddlesUpdated, riddlesRetired) = (summary.riddlesAdded, summary.riddlesUpdated, summary.riddlesRetired)
        }
    }

    /// What a version changed from an earlier one.
    struct ChangesView: ResponseCodable {
        struct Items: Codable {
            var added, changed, removed: [String]
            init(_ items: ContentChanges.Items) { (added, changed, removed) = (items.added, items.changed, items.removed) }
        }
        var version: Int64
        /// The version compared with; absent for the first.
        var from: Int64?
        var checkpoints, riddles, quiz, badges, partners, offers: Items
        var rulesChanged, campusChanged: Bool

        init(version: Int64, from: Int64?, _ changes: ContentChanges) {
            (self.version, self.from) = (version, from)
            (checkpoints, riddles, quiz) = (Items(changes.checkpoints), Items(changes.riddles), Items(changes.quiz))
            (badges, partners, offers) = (Items(changes.badges), Items(changes.partners), Items(changes.offers))
            (rulesChanged, campusChanged) = (changes.rulesChanged, changes.campusChanged)
        }
    }

    struct VersionsView: ResponseCodable {
        var versions: [VersionView]
    }

    struct NoteRequest: Decodable {
        var note: String
    }

    struct TextRequest: Decodable {
        var text: String
    }

    func addPublicRoutes(to router: RouterGroup<AppRequestContext>) {
        router.get("broadcast") { _, _ in
            CurrentBroadcast(broadcast: try await services.hunt.liveNotices().broadcast.map(BroadcastView.init))
        }
    }

    func addRoutes(to router: RouterGroup<AppRequestContext>) {
        router.get("admin/checkpoints") { _, context in
            let hunt = services.hunt
            return CheckpointList(checkpoints: try await hunt.checkpointsInPlay(for: try context.requireOrganiser(in: hunt)).map(CheckpointView.init))
        }
        router.put("admin/checkpoints/:id/closure") { request, context in
            let hunt = services.hunt
            let organiser = try context.requireOrganiser(in: hunt)
            let body = try await request.decode(as: NoteRequest.self, context: context)
            return CheckpointView(try await hunt.closeCheckpoint(checkpointID(context), note: body.note, by: organiser))
        }
        router.delete("admin/checkpoints/:id/closure") { _, context in
            let hunt = services.hunt
            return CheckpointView(try await hunt.reopenCheckpoint(checkpointID(context), by: try context.requireOrganiser(in: hunt)))
        }
        router.post("admin/checkpoints/:id/code-rotations") { _, context in
            let hunt = services.hunt
            return CheckpointView(try await hunt.rotateCode(of: checkpointID(context), by: try context.requireOrganiser(in: hunt)))
        }
        router.get("admin/checkpoints/:id/sheet.pdf") { _, context in
            let hunt = services.hunt
            return try await Response.stickerSheets([checkpointID(context)], in: hunt, for: try context.requireOrganiser(in: hunt))
        }
        router.get("admin/stickers/changed.pdf") { _, context in
            let hunt = services.hunt
            return try await Response.stickerSheets(nil, in: hunt, for: try context.requireOrganiser(in: hunt))
        }
        router.put("admin/broadcast") { request, context in
            let hunt = services.hunt
            let organiser = try context.requireOrganiser(in: hunt)
            let body = try await request.decode(as: TextRequest.self, context: context)
            return BroadcastView(try await hunt.broadcast(body.text, by: organiser))
        }
        router.delete("admin/broadcast") { _, context -> Response in
            let hunt = services.hunt
            try await hunt.endBroadcast(by: try context.requireOrganiser(in: hunt))
            return Response(status: .noContent)
        }
        router.get("admin/content") { _, context in
            let hunt = services.hunt
            _ = try context.requireOrganiser(in: hunt)
            return try Response.contentArchive(of: hunt)
        }
        router.get("admin/content/versions") { _, context in
            let hunt = services.hunt
            return VersionsView(versions: try await hunt.contentVersions(for: try context.requireOrganiser(in: hunt)).map(VersionView.init))
        }
        router.get("admin/content/versions/:version") { _, context in
            let hunt = services.hunt
            let organiser = try context.requireOrganiser(in: hunt)
            return try Response.contentArchive(of: try await hunt.content(ofVersion: try versionNumber(context), for: organiser), dated: hunt.now())
        }
        router.get("admin/content/versions/:version/changes") { request, context in
            let hunt = services.hunt
            let organiser = try context.requireOrganiser(in: hunt)
            let version = try versionNumber(context)
            let earlier = try request.uri.queryParameters.get("from").map { text in
                guard let number = Int64(text), number > 0 else { throw OrganiserRefusal.unknownContentVersion(0) }
                return number
            }
            let (from, changes) = try await hunt.contentChanges(ofVersion: version, from: earlier, for: organiser)
            return ChangesView(version: version, from: from, changes)
        }
        router.post("admin/content/versions/:version/rollback") { _, context in
            let organiser = try context.requireOrganiser(in: services.hunt)
            return ReloadView(try await services.running.rollback(to: try versionNumber(context), by: organiser))
        }
        router.post("admin/content/reload") { _, context in
            let organiser = try context.requireOrganiser(in: services.hunt)
            return ReloadView(try await services.running.reload(by: .organiser(organiser)))
        }
    }

    private func checkpointID(_ context: AppRequestContext) -> String {
        context.parameters.get("id") ?? ""
    }
}

/// The `:version` of a content version's path: a number, or no such version.
func versionNumber(_ context: AppRequestContext) throws -> Int64 {
    let text = context.parameters.get("version") ?? ""
    guard let number = Int64(text), number > 0 else { throw OrganiserRefusal.unknownContentVersion(0) }
    return number
}

extension Response {
    /// The content the hunt plays as the organiser's files (`Campus/`, `Riddles/`) in one ZIP
    /// archive, named after the hunt and its fingerprint.
    static func contentArchive(of hunt: Hunt) throws -> Response {
        try contentArchive(of: hunt.content, dated: hunt.now())
    }

    static func contentArchive(of content: CampusContent, dated date: Date) throws -> Response {
        let zip = try ContentWriter().archive(of: content, dated: date)
        return Response(status: .ok, headers: [
            .contentType: "application/zip", .cacheControl: "no-store",
            .contentDisposition: "attachment; filename=\"puzzlemap-content-\(content.fingerprint.prefix(12)).zip\"",
        ], body: .init(byteBuffer: ByteBuffer(bytes: zip)))
    }

    /// The printable sheet of a checkpoint's current code, as `puzzlemap codes` prints it,
    /// for the organiser to download and print.
    /// The sticker sheets of `ids` (every place changed since the last print when `nil`), a
    /// page each, recorded as printed.
    static func stickerSheets(_ ids: [String]?, in hunt: Hunt, for organiser: Organiser) async throws -> Response {
        let codes = try await hunt.printStickers(ids, for: organiser)
        let sheets = try codes.map { checkpoint, qrText, manualCode in
            try CodeSheet.checkpoint(huntTitle: hunt.content.info.title, university: hunt.content.info.university,
                                     name: checkpoint.checkpoint.name, qrText: qrText, manualCode: manualCode, fileStem: checkpoint.id)
        }
        let pdf = try CodeSheetRenderer().pdf(sheets)
        let name = codes.count == 1 ? "\(codes[0].checkpoint.id)-v\(codes[0].checkpoint.tagVersion)" : "stickers-\(codes.count)"
        return Response(status: .ok, headers: [
            .contentType: "application/pdf", .cacheControl: "no-store", .contentDisposition: "attachment; filename=\"\(name).pdf\"",
        ], body: .init(byteBuffer: ByteBuffer(bytes: pdf)))
    }
}
