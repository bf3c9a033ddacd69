import Foundation
import Hummingbird
import PuzzleMapCore
import PuzzleMapGame
import PuzzleMapPrinting

/// Open days over the API: organisers open one and print its poster; a visitor joins with the
/// poster's code and a nickname, sees the day's board, and may keep their progress by signing up.
struct OpenDayController {
    let services: HuntServices

    struct JoinRequest: Decodable {
        var code: String
        var nickname: String
    }

    struct KeepRequest: Decodable {
        var email: String
        var username: String
        var password: String
    }

    /// An open day as a visitor sees it before joining.
    struct OpenDayView: ResponseCodable {
        var name: String
        var code: String
        var startsAt: Date
        var endsAt: Date
        var status: GuestEvent.Status

        init(_ event: GuestEvent, at date: Date) {
            name = event.name
            code = GuestEvent.printedCode(event.joinCode)
            startsAt = event.startsAt
            endsAt = event.endsAt
            status = event.status(at: date)
        }
    }

    /// An open day as organisers see it.
    struct GuestEventView: ResponseCodable {
        var id: Int64
        var name: String
        var code: String
        var link: String
        var startsAt: Date
        var endsAt: Date
        var status: GuestEvent.Status
        var eraseAfterDays: Int
        var erasesAt: Date
        var guestsErasedAt: Date?
        var guestOffers: [String]
        var guests: Int
        var createdAt: Date
        var createdBy: String

        init(_ event: GuestEvent, link: String, at date: Date) {
            id = event.id
            name = event.name
            code = GuestEvent.printedCode(event.joinCode)
            self.link = link
            startsAt = event.startsAt
            endsAt = event.endsAt
            status = event.status(at: date)
            eraseAfterDays = event.eraseAfterDays
            erasesAt = event.erasesAt
            guestsErasedAt = event.guestsErasedAt
            guestOffers = event.guestOffers
            guests = event.guests
            createdAt = event.createdAt
            createdBy = event.createdBy
        }
    }

    struct GuestEventList: ResponseCodable {
        var openDays: [GuestEventView]
    }

    struct BoardView: ResponseCodable {
        struct Row: Codable {
            var rank: Int
            var nickname: String
            var xp: Int
            var level: Int
        }
        var name: String
        var rows: [Row]
        var mine: Row?

        init(_ board: EventBoard) {
            let row = { (row: EventBoard.Row) in Row(rank: row.rank, nickname: row.nickname, xp: row.xp, level: row.level) }
            name = board.event.name
            rows = board.rows.map(row)
            mine = board.mine.map(row)
        }
    }

    struct GuestEventDetail: ResponseCodable {
        var openDay: GuestEventView
        var board: BoardView
    }

    func addPublicRoutes(to router: RouterGroup<AppRequestContext>) {
        router.get("open-days/:code") { _, context -> OpenDayView in
            OpenDayView(try await services.hunt.openDay(code: context.parameters.get("code") ?? ""), at: services.now())
        }
        router.post("open-days/join") { request, context -> EditedResponse<SessionView> in
            let body = try await request.decode(as: JoinRequest.self, context: context)
            let session = try await services.hunt.joinOpenDay(code: body.code, nickname: body.nickname, device: .app)
            return EditedResponse(status: .created, response: SessionView(session))
        }
    }

    func addRoutes(to router: RouterGroup<AppRequestContext>) {
        router.get("me/open-day") { _, context -> BoardView in
            let identity = try context.requireIdentity()
            guard let eventID = identity.account.guestEventID else { throw OpenDayRefusal.notAGuest }
            return BoardView(try await services.hunt.eventBoard(eventID: eventID, viewer: identity.playerID))
        }
        router.post("me/open-day/keep") { request, context -> PlayerView in
            let identity = try context.requireIdentity()
            let body = try await request.decode(as: KeepRequest.self, context: context)
            return PlayerView(try await services.hunt.keepGuestProgress(identity.account, email: body.email, username: body.username,
                                                                        password: body.password, language: request.readerLanguage))
        }
        router.get("admin/open-days") { _, context -> GuestEventList in
            let organiser = try context.requireOrganiser(in: services.hunt)
            let (hunt, now) = (services.hunt, services.now())
            return GuestEventList(openDays: try await hunt.guestEvents(for: organiser).map { GuestEventView($0, link: hunt.joinLink(for: $0), at: now) })
        }
        router.post("admin/open-days") { request, context -> EditedResponse<GuestEventView> in
            let organiser = try context.requireOrganiser(in: services.hunt)
            let words = try await request.decode(as: GuestEventWords.self, context: context)
            let hunt = services.hunt
            let event = try await hunt.openGuestEvent(words, by: organiser)
            return EditedResponse(status: .created, response: GuestEventView(event, link: hunt.joinLink(for: event), at: services.now()))
        }
        router.get("admin/open-days/:id") { _, context -> GuestEventDetail in
            let organiser = try context.requireOrganiser(in: services.hunt)
            let hunt = services.hunt
            let event = try await hunt.guestEvent(id: try Self.id(context), for: organiser)
            return GuestEventDetail(openDay: GuestEventView(event, link: hunt.joinLink(for: event), at: services.now()),
                                    board: BoardView(try await hunt.eventBoard(eventID: event.id, viewer: nil)))
        }
        router.get("admin/open-days/:id/poster.pdf") { _, context in
            let organiser = try context.requireOrganiser(in: services.hunt)
            return try await Self.poster(of: try Self.id(context), in: services.hunt, for: organiser)
        }
    }

    static func id(_ context: AppRequestContext) throws -> Int64 {
        guard let id = context.parameters.get("id", as: Int64.self) else { throw OrganiserRefusal.unknownOpenDay(0) }
        return id
    }

    /// The open day's poster, one A4 page: its name, the QR code of its join link, the code to
    /// type, and where to type it.
    static func poster(of id: Int64, in hunt: Hunt, for organiser: Organiser) async throws -> Response {
        let event = try await hunt.guestEvent(id: id, for: organiser)
        let zone = hunt.timeZone
        let sheet = try CodeSheet.openDay(huntTitle: hunt.content.info.title, name: event.name, link: hunt.joinLink(for: event),
                                          code: GuestEvent.printedCode(event.joinCode),
                                          hours: "\(CampusDates.day(event.startsAt, in: zone)) \(CampusDates.time(event.startsAt, in: zone))-\(CampusDates.time(event.endsAt, in: zone))",
                                          fileStem: "open-day-\(event.id)")
        let pdf = try CodeSheetRenderer().pdf([sheet])
        return Response(status: .ok, headers: [
            .contentType: "application/pdf", .cacheControl: "no-store", .contentDisposition: "attachment; filename=\"open-day-\(event.id).pdf\"",
        ], body: .init(byteBuffer: ByteBuffer(bytes: pdf)))
    }
}
