import Foundation
import Hummingbird
import PuzzleMapCore
import PuzzleMapGame

/// The organisers' open days: open one (a name, a day and its hours, how long guests' traces
/// are kept, the freebies guests may unlock), then print its poster and watch its board.
struct ConsoleOpenDayPages {
    let services: HuntServices
    let library: PageLibrary

    func addRoutes(to router: RouterGroup<AppRequestContext>) {
        router.get("console/open-days") { _, context in
            let organiser = try context.requireOrganiser(in: services.hunt)
            return try await listPage(context, organiser, words: GuestEventWords(day: LocalDate(services.now(), in: services.timeZone).description,
                                                                         eraseAfterDays: "\(GuestEventWords.defaultEraseAfterDays)"))
        }
        router.post("console/open-days") { request, context in
            let form = try await PageForm.read(request, context: context)
            let organiser = try context.requireOrganiser(in: services.hunt)
            let words = GuestEventWords(
                name: form["name"] ?? "", day: form["day"] ?? "", from: form["from"] ?? "", until: form["until"] ?? "",
                eraseAfterDays: form["eraseAfterDays"] ?? "", guestOffers: services.content.offers.map(\.id).filter { form["offer-\($0)"] != nil })
            do {
                let event = try await services.hunt.openGuestEvent(words, by: organiser)
                return Response.seeOther("/console/open-days/\(event.id)")
            } catch OrganiserRefusal.invalidEdit(let problems) {
                return try await listPage(context, organiser, words: words, problems: problems)
            }
        }
        router.get("console/open-days/:id") { _, context in
            let organiser = try context.requireOrganiser(in: services.hunt)
            let hunt = services.hunt
            let event = try await hunt.guestEvent(id: try OpenDayController.id(context), for: organiser)
            let board = try await hunt.eventBoard(eventID: event.id, viewer: nil)
            let zone = services.timeZone
            let when = { (date: Date) in CampusDates.dayAndTime(date, in: zone) }
            let facts = [
                library.text("consoleOpenDay.hours", ["day": CampusDates.day(event.startsAt, in: zone), "from": CampusDates.time(event.startsAt, in: zone),
                                                      "until": CampusDates.time(event.endsAt, in: zone)]),
                library.text("consoleOpenDay.status.\(event.status(at: services.now()).rawValue)"),
                library.text("consoleOpenDay.guests", ["count": "\(event.guests)"]),
                event.guestsErasedAt.map { library.text("consoleOpenDay.erased", ["when": when($0)]) }
                    ?? library.text("consoleOpenDay.erases", ["when": when(event.erasesAt)]),
                event.guestOffers.isEmpty ? library.text("consoleOpenDay.noFreebies")
                    : library.text("consoleOpenDay.freebies", ["offers": event.guestOffers.map { id in services.content.offer(id: id)?.title ?? id }
                        .joined(separator: ", ")]),
                library.text("consoleOpenDay.openedBy", ["by": event.createdBy, "when": when(event.createdAt)]),
            ]
            return PageRendering(library: library, context: context).response("console-open-day", title: event.name, DetailView(
                code: GuestEvent.printedCode(event.joinCode), link: hunt.joinLink(for: event), poster: "/console/open-days/\(event.id)/poster.pdf",
                facts: facts, board: OpenDayPages.BoardView(board, library: library, keep: false)))
        }
        router.get("console/open-days/:id/poster.pdf") { _, context in
            let organiser = try context.requireOrganiser(in: services.hunt)
            return try await OpenDayController.poster(of: try OpenDayController.id(context), in: services.hunt, for: organiser)
        }
    }

    private func listPage(_ context: AppRequestContext, _ organiser: Organiser, words: GuestEventWords, problems found: [EditProblem] = []) async throws -> Response {
        let (now, zone) = (services.now(), services.timeZone)
        let events = try await services.hunt.guestEvents(for: organiser).map { event in
            EventRow(href: "/console/open-days/\(event.id)", name: event.name,
                     summary: library.text("consoleOpenDay.summary", [
                        "day": CampusDates.day(event.startsAt, in: zone), "from": CampusDates.time(event.startsAt, in: zone),
                        "until": CampusDates.time(event.endsAt, in: zone), "code": GuestEvent.printedCode(event.joinCode),
                        "guests": "\(event.guests)", "status": library.text("consoleOpenDay.status.\(event.status(at: now).rawValue)"),
                     ]))
        }
        func problems(of field: String) -> [String] {
            found.filter { $0.field == field }.map { "\($0.message) \($0.fix)" }
        }
        func line(_ name: String, _ value: String, mode: String? = nil, type: String? = nil) -> FormField {
            FormField(name: name, label: library.text("consoleOpenDay.field.\(name)"), problems: problems(of: name), value: value, rows: 0,
                      inputMode: mode, inputType: type)
        }
        let fields = [
            // The hours as typed (10:00): a time picker would show a 12-hour clock on some phones.
            line("name", words.name), line("day", words.day, type: "date"), line("from", words.from), line("until", words.until),
            line("eraseAfterDays", words.eraseAfterDays, mode: "numeric"),
        ]
        let offers = services.content.offers.map { offer in
            OfferChoice(id: offer.id, title: offer.title, checked: words.guestOffers.contains(offer.id))
        }
        return PageRendering(library: library, context: context).response(
            "console-open-days", title: library.text("consoleOpenDay.title"), status: found.isEmpty ? .ok : .unprocessableContent,
            ListView(events: events, fields: fields, offers: offers, offerProblems: problems(of: "guestOffers")))
    }

    struct EventRow {
        var href: String
        var name: String
        var summary: String
    }

    struct OfferChoice {
        var id: String
        var title: String
        var checked: Bool
    }

    struct ListView {
        var events: [EventRow]
        var fields: [FormField]
        var offers: [OfferChoice]
        var offerProblems: [String]
    }

    struct DetailView {
        var code: String
        var link: String
        var poster: String
        var facts: [String]
        var board: OpenDayPages.BoardView
    }
}
