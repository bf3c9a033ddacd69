import Foundation
import Hummingbird
import PuzzleMapCore
import PuzzleMapGame

/// An open day's pages for visitors: the poster's QR code opens the join page with its code
/// filled in (or the code is typed at `/open-day`), a nickname is all it asks, and the guest
/// goes on to the quiz and the map; the day's board; keeping the progress by signing up.
struct OpenDayPages {
    let services: HuntServices
    let library: PageLibrary

    func addRoutes(to router: RouterGroup<AppRequestContext>) {
        router.get("open-day") { _, context in
            try await joinPage(context, code: "")
        }
        router.get("open-day/:code") { _, context in
            try await joinPage(context, code: context.parameters.get("code") ?? "")
        }
        router.post("open-day") { request, context in
            let form = try await PageForm.read(request, context: context)
            let (code, nickname) = (form.text("code") ?? "", form.text("nickname") ?? "")
            let session: IssuedSession
            do {
                session = try await services.hunt.joinOpenDay(code: code, nickname: nickname, device: .browser)
            } catch {
                return try await joinPage(context, code: code, nickname: nickname, problem: try problem(error))
            }
            var response = Response.seeOther("/quiz")
            response.setCookie(PageSession.sessionCookie(session, request: request))
            return response
        }
        router.get("open-day/board") { _, context in
            let identity = try context.requireIdentity()
            guard let eventID = identity.account.guestEventID else { return Response.seeOther("/leaderboard") }
            let board = try await services.hunt.eventBoard(eventID: eventID, viewer: identity.playerID)
            return PageRendering(library: library, context: context).response(
                "open-day-board", title: board.event.name, BoardView(board, library: library, keep: true))
        }
        router.get("open-day/keep") { _, context in
            let identity = try context.requireIdentity()
            guard identity.account.isGuest else { return Response.seeOther("/account") }
            return keepPage(context, KeepForm())
        }
        router.post("open-day/keep") { request, context in
            let form = try await PageForm.read(request, context: context)
            let identity = try context.requireIdentity()
            var filled = KeepForm(email: form.text("email") ?? "", username: form.text("username") ?? "")
            do {
                _ = try await services.hunt.keepGuestProgress(identity.account, email: filled.email, username: filled.username,
                                                              password: form["password"] ?? "", language: PageLibrary.language.tag)
            } catch {
                filled.problem = try Problem.forPage(error)
                return keepPage(context, filled)
            }
            // Still signed in on this phone: the session is the same account's.
            return Response.seeOther("/verify?next=\(PageForm.escapeQuery("/progress"))")
        }
    }

    /// A refusal in a visitor's words: when the day starts or ended on the campus clock.
    private func problem(_ error: any Error) throws -> Problem {
        var problem = try Problem.forPage(error)
        let zone = services.timeZone
        let when = { (date: Date) in ["day": CampusDates.day(date, in: zone), "time": CampusDates.time(date, in: zone)] }
        switch error {
        case OpenDayRefusal.notYetOpen(let startsAt): problem.detail = library.text("openDay.notYet", when(startsAt))
        case OpenDayRefusal.over(let endedAt): problem.detail = library.text("openDay.over", when(endedAt))
        default: break
        }
        return problem
    }

    private func joinPage(_ context: AppRequestContext, code: String, nickname: String = "", problem: Problem? = nil) async throws -> Response {
        // The code from the poster's link is checked at once, so a day not started or over is
        // said before a nickname is typed.
        var problem = problem, event: GuestEvent?
        if problem == nil, !code.isEmpty {
            do { event = try await services.hunt.openDay(code: code) } catch { problem = try self.problem(error) }
        }
        let zone = services.timeZone
        let intro = event.map { event in
            library.text("openDay.introNamed", ["name": event.name, "until": CampusDates.time(event.endsAt, in: zone)])
        } ?? library.text("openDay.intro")
        return PageRendering(library: library, context: context).response(
            "open-day", title: library.text("openDay.title"), status: problem?.status ?? .ok,
            JoinForm(intro: intro, code: event.map { GuestEvent.printedCode($0.joinCode) } ?? code, nickname: nickname, problem: problem))
    }

    private func keepPage(_ context: AppRequestContext, _ form: KeepForm) -> Response {
        PageRendering(library: library, context: context).response("open-day-keep", title: library.text("openDay.keep.title"),
                                                                   status: form.problem?.status ?? .ok, form)
    }

    struct JoinForm {
        var intro: String
        var code: String
        var nickname: String
        var problem: Problem?
    }

    struct KeepForm {
        var email = ""
        var username = ""
        var problem: Problem?
    }

    /// An open day's board, for its guests and its organisers.
    struct BoardView {
        struct Row {
            var rank: Int
            var nickname: String
            var xp: Int
            var level: Int
            var mine: Bool
        }
        var rows: [Row]
        var mine: String?
        var keep: Bool

        init(_ board: EventBoard, library: PageLibrary, keep: Bool) {
            rows = board.rows.map { Row(rank: $0.rank, nickname: $0.nickname, xp: $0.xp, level: $0.level, mine: $0.playerID == board.mine?.playerID) }
            mine = board.mine.map { library.text("openDay.board.mine", ["rank": "\($0.rank)", "xp": "\($0.xp)"]) }
            self.keep = keep
        }
    }
}
