import Foundation
import Hummingbird
import HummingbirdTesting
import PuzzleMapHTTP
import Testing

/// Who may open and post which page: every page route has one row, and each row is tried
/// signed out, as a player, as shop staff, and with a form that lacks its anti-forgery token.
@Suite struct PageAccessTests {
    /// How a page answers a visitor: shown, sent to sign in, or refused with a page.
    enum Answer: Equatable, CustomStringConvertible {
        case shown
        case signInFirst
        case refused(Int)
        /// Sent on to the `Location`'s path (its query left out), each run of digits as `{id}`.
        case redirect(String)

        var description: String {
            switch self {
            case .shown: "shown"
            case .signInFirst: "sign in first"
            case .refused(let status): "refused \(status)"
            case .redirect(let path): "redirect to \(path)"
            }
        }
    }

    struct Row: Sendable {
        var route: String
        /// Signed out; signed-in player (a fresh one, with the quiz taken); shop staff; an organiser.
        var anonymous: Answer
        var player: Answer
        var staff: Answer
        var organiser: Answer

        /// An organiser gets what shop staff get unless the row says otherwise: neither plays.
        init(route: String, anonymous: Answer, player: Answer, staff: Answer, organiser: Answer? = nil) {
            self.route = route
            self.anonymous = anonymous
            self.player = player
            self.staff = staff
            self.organiser = organiser ?? staff
        }
    }

    static let table: [Row] = [
        Row(route: "GET /", anonymous: .shown, player: .redirect("/map"), staff: .redirect("/counter"), organiser: .redirect("/console")),
        Row(route: "GET /static/{name}", anonymous: .shown, player: .shown, staff: .shown),
        Row(route: "GET /sw.js", anonymous: .shown, player: .shown, staff: .shown),
        Row(route: "GET /join", anonymous: .shown, player: .shown, staff: .shown),
        Row(route: "GET /sign-in", anonymous: .shown, player: .shown, staff: .shown),
        Row(route: "GET /more", anonymous: .signInFirst, player: .shown, staff: .shown),
        Row(route: "GET /forgot", anonymous: .shown, player: .shown, staff: .shown),
        Row(route: "GET /reset", anonymous: .shown, player: .shown, staff: .shown),
        Row(route: "GET /verify", anonymous: .signInFirst, player: .shown, staff: .refused(403)),
        Row(route: "GET /quiz", anonymous: .signInFirst, player: .shown, staff: .refused(403)),
        Row(route: "GET /play", anonymous: .signInFirst, player: .shown, staff: .refused(403)),
        Row(route: "GET /riddles/{id}", anonymous: .signInFirst, player: .shown, staff: .refused(403)),
        Row(route: "GET /riddles/{id}/hint", anonymous: .signInFirst, player: .shown, staff: .refused(403)),
        Row(route: "GET /progress", anonymous: .signInFirst, player: .shown, staff: .refused(403)),
        Row(route: "GET /scan", anonymous: .signInFirst, player: .shown, staff: .refused(403)),
        Row(route: "GET /freebies", anonymous: .signInFirst, player: .shown, staff: .refused(403)),
        // The world's player holds no voucher: another's (or none) is never revealed.
        Row(route: "GET /freebies/{id}/code.png", anonymous: .signInFirst, player: .refused(404), staff: .refused(403)),
        Row(route: "GET /friends", anonymous: .signInFirst, player: .shown, staff: .refused(403)),
        Row(route: "GET /friends/code.png", anonymous: .signInFirst, player: .shown, staff: .refused(403)),
        Row(route: "GET /challenges", anonymous: .signInFirst, player: .shown, staff: .refused(403)),
        Row(route: "GET /crew", anonymous: .signInFirst, player: .shown, staff: .refused(403)),
        Row(route: "GET /crew/code.png", anonymous: .signInFirst, player: .refused(404), staff: .refused(403)),
        Row(route: "GET /leaderboard", anonymous: .signInFirst, player: .shown, staff: .refused(403)),
        Row(route: "GET /C/{token}", anonymous: .shown, player: .shown, staff: .shown),
        Row(route: "GET /F/{token}", anonymous: .shown, player: .shown, staff: .shown),
        Row(route: "GET /V/{token}", anonymous: .shown, player: .shown, staff: .shown),
        Row(route: "GET /K/{token}", anonymous: .shown, player: .shown, staff: .shown),
        Row(route: "GET /journal", anonymous: .signInFirst, player: .shown, staff: .refused(403)),
        Row(route: "GET /map", anonymous: .signInFirst, player: .shown, staff: .refused(403)),
        Row(route: "GET /report", anonymous: .signInFirst, player: .shown, staff: .refused(403)),
        Row(route: "GET /counter", anonymous: .signInFirst, player: .refused(403), staff: .shown, organiser: .refused(403)),
        Row(route: "GET /console/staff", anonymous: .signInFirst, player: .refused(403), staff: .refused(403), organiser: .shown),
        // An unknown invitation's link says so, to anyone.
        Row(route: "GET /staff/join/{token}", anonymous: .refused(404), player: .refused(404), staff: .refused(404)),
        Row(route: "GET /account", anonymous: .signInFirst, player: .shown, staff: .shown),
        Row(route: "GET /players/{username}", anonymous: .signInFirst, player: .shown, staff: .refused(403)),
        Row(route: "GET /settings", anonymous: .shown, player: .shown, staff: .shown),
        Row(route: "POST /settings/language", anonymous: .redirect("/settings"), player: .redirect("/settings"), staff: .redirect("/settings")),
        Row(route: "GET /account/export", anonymous: .signInFirst, player: .shown, staff: .shown),
        Row(route: "GET /account/delete", anonymous: .signInFirst, player: .shown, staff: .shown),
        // An address no route has: a page for a browser, the problem answer for anything else.
        Row(route: "GET /**", anonymous: .refused(404), player: .refused(404), staff: .refused(404), organiser: .refused(404)),
        Row(route: "GET /console", anonymous: .signInFirst, player: .refused(403), staff: .refused(403), organiser: .shown),
        Row(route: "GET /console/moderation", anonymous: .signInFirst, player: .refused(403), staff: .refused(403), organiser: .shown),
        Row(route: "GET /console/players", anonymous: .signInFirst, player: .refused(403), staff: .refused(403),
            organiser: .redirect("/console/moderation")),
        Row(route: "GET /console/players/{username}", anonymous: .signInFirst, player: .refused(403), staff: .refused(403), organiser: .shown),
        // The page world's `{id}` is a riddle attempt's number, which names no checkpoint.
        Row(route: "GET /console/checkpoints/{id}/sheet.pdf", anonymous: .signInFirst, player: .refused(403), staff: .refused(403),
            organiser: .refused(404)),
        Row(route: "GET /console/dashboard", anonymous: .signInFirst, player: .refused(403), staff: .refused(403), organiser: .shown),
        Row(route: "GET /console/reports", anonymous: .signInFirst, player: .refused(403), staff: .refused(403), organiser: .shown),
        Row(route: "GET /console/exports", anonymous: .signInFirst, player: .refused(403), staff: .refused(403), organiser: .shown),
        // Without dates the download is refused as the exports page, saying which day is missing.
        Row(route: "GET /console/exports/progress.csv", anonymous: .signInFirst, player: .refused(403), staff: .refused(403), organiser: .refused(400)),
        Row(route: "GET /console/exports/scans.csv", anonymous: .signInFirst, player: .refused(403), staff: .refused(403), organiser: .refused(400)),
        Row(route: "GET /console/exports/redemptions.csv", anonymous: .signInFirst, player: .refused(403), staff: .refused(403), organiser: .refused(400)),
        // Posts: a player's form with a valid token is shown or redirected; staff are refused;
        // signed out, the pages that need a player send the visitor to sign in.
        // The forms carry deliberately wrong fields: each is refused by its use case, as a page.
        Row(route: "POST /join", anonymous: .refused(422), player: .refused(422), staff: .refused(422)),
        Row(route: "POST /sign-in", anonymous: .refused(401), player: .refused(401), staff: .refused(401)),
        Row(route: "POST /sign-out", anonymous: .redirect("/"), player: .redirect("/"), staff: .redirect("/")),
        Row(route: "POST /forgot", anonymous: .shown, player: .shown, staff: .shown),
        Row(route: "POST /reset", anonymous: .refused(422), player: .refused(422), staff: .refused(422)),
        Row(route: "POST /verify", anonymous: .signInFirst, player: .refused(422), staff: .refused(403)),
        Row(route: "POST /verify/new-code", anonymous: .signInFirst, player: .redirect("/verify"), staff: .refused(403)),
        Row(route: "POST /quiz", anonymous: .signInFirst, player: .refused(422), staff: .refused(403)),
        Row(route: "POST /play", anonymous: .signInFirst, player: .redirect("/riddles/{id}"), staff: .refused(403)),
        Row(route: "POST /riddles/{id}/hint", anonymous: .signInFirst, player: .redirect("/riddles/{id}"), staff: .refused(403)),
        Row(route: "POST /riddles/{id}/give-up", anonymous: .signInFirst, player: .redirect("/play"), staff: .refused(403)),
        Row(route: "POST /scan", anonymous: .signInFirst, player: .refused(422), staff: .refused(403)),
        Row(route: "POST /check-ins/{id}/register", anonymous: .signInFirst, player: .refused(404), staff: .refused(403)),
        Row(route: "POST /check-ins/{id}/cancel", anonymous: .signInFirst, player: .refused(404), staff: .refused(403)),
        Row(route: "POST /C/{token}", anonymous: .signInFirst, player: .shown, staff: .refused(403)),
        Row(route: "GET /scans/{key}", anonymous: .signInFirst, player: .refused(404), staff: .refused(403)),
        Row(route: "POST /freebies/{id}/gift", anonymous: .signInFirst, player: .refused(404), staff: .refused(403)),
        Row(route: "POST /friends/requests", anonymous: .signInFirst, player: .refused(404), staff: .refused(403)),
        Row(route: "POST /friends/photo", anonymous: .signInFirst, player: .refused(422), staff: .refused(403)),
        Row(route: "POST /friends/requests/{id}/accept", anonymous: .signInFirst, player: .refused(404), staff: .refused(403)),
        Row(route: "POST /friends/requests/{id}/decline", anonymous: .signInFirst, player: .refused(404), staff: .refused(403)),
        Row(route: "POST /friends/unfriend", anonymous: .signInFirst, player: .refused(404), staff: .refused(403)),
        Row(route: "POST /friends/blocks", anonymous: .signInFirst, player: .refused(404), staff: .refused(403)),
        Row(route: "POST /challenges", anonymous: .signInFirst, player: .refused(404), staff: .refused(403)),
        Row(route: "POST /crew", anonymous: .signInFirst, player: .refused(422), staff: .refused(403)),
        Row(route: "POST /crew/join", anonymous: .signInFirst, player: .refused(422), staff: .refused(403)),
        Row(route: "POST /crew/leave", anonymous: .signInFirst, player: .refused(404), staff: .refused(403)),
        Row(route: "POST /crew/remove", anonymous: .signInFirst, player: .refused(404), staff: .refused(403)),
        Row(route: "POST /crew/riddles", anonymous: .signInFirst, player: .refused(404), staff: .refused(403)),
        Row(route: "POST /crew/riddles/{id}/hint", anonymous: .signInFirst, player: .refused(404), staff: .refused(403)),
        Row(route: "POST /crew/code", anonymous: .signInFirst, player: .refused(404), staff: .refused(403)),
        Row(route: "POST /crew/invite", anonymous: .signInFirst, player: .refused(404), staff: .refused(403)),
        Row(route: "POST /crew/invitations/{id}/accept", anonymous: .signInFirst, player: .refused(404), staff: .refused(403)),
        Row(route: "POST /crew/invitations/{id}/decline", anonymous: .signInFirst, player: .refused(404), staff: .refused(403)),
        Row(route: "POST /challenges/{id}/accept", anonymous: .signInFirst, player: .refused(404), staff: .refused(403)),
        Row(route: "POST /challenges/{id}/decline", anonymous: .signInFirst, player: .refused(404), staff: .refused(403)),
        Row(route: "POST /challenges/{id}/withdraw", anonymous: .signInFirst, player: .refused(404), staff: .refused(403)),
        Row(route: "POST /report", anonymous: .signInFirst, player: .refused(422), staff: .refused(403)),
        // The counter reads the code before anything else: NOT-A-CODE is no Puzzle Map code.
        Row(route: "POST /counter", anonymous: .signInFirst, player: .refused(403), staff: .refused(422), organiser: .refused(403)),
        // The form names no partner; the revoked invitation does not exist.
        Row(route: "POST /console/staff/invitations", anonymous: .signInFirst, player: .refused(403), staff: .refused(403), organiser: .refused(422)),
        Row(route: "POST /console/staff/invitations/{id}/revoke", anonymous: .signInFirst, player: .refused(403), staff: .refused(403), organiser: .refused(404)),
        Row(route: "POST /staff/join/{token}", anonymous: .refused(404), player: .refused(404), staff: .refused(404)),
        Row(route: "POST /account/name", anonymous: .signInFirst, player: .refused(422), staff: .refused(422)),
        Row(route: "POST /account/password", anonymous: .signInFirst, player: .refused(422), staff: .refused(422)),
        Row(route: "POST /account/email", anonymous: .signInFirst, player: .refused(422), staff: .refused(422)),
        Row(route: "POST /account/email/confirm", anonymous: .signInFirst, player: .refused(422), staff: .refused(422)),
        // No endpoint: not a push service's. Topics left unticked are all turned off.
        Row(route: "POST /settings/push", anonymous: .signInFirst, player: .refused(422), staff: .refused(403)),
        Row(route: "POST /settings/notifications", anonymous: .signInFirst, player: .redirect("/settings"), staff: .refused(403)),
        Row(route: "POST /account/delete", anonymous: .signInFirst, player: .refused(401), staff: .refused(401)),
        // The moderation forms carry no reason (nor XP): each is refused by its use case.
        Row(route: "POST /console/scans/{id}/void", anonymous: .signInFirst, player: .refused(403), staff: .refused(403),
            organiser: .refused(422)),
        Row(route: "POST /console/players/{username}/xp-adjustments", anonymous: .signInFirst, player: .refused(403), staff: .refused(403),
            organiser: .refused(422)),
        Row(route: "POST /console/players/{username}/suspension", anonymous: .signInFirst, player: .refused(403), staff: .refused(403),
            organiser: .refused(422)),
        // The forms carry no text or note: refused by the use case, as a page.
        Row(route: "POST /console/broadcast", anonymous: .signInFirst, player: .refused(403), staff: .refused(403), organiser: .refused(422)),
        Row(route: "POST /console/broadcast/end", anonymous: .signInFirst, player: .refused(403), staff: .refused(403), organiser: .redirect("/console")),
        Row(route: "POST /console/checkpoints/{id}/close", anonymous: .signInFirst, player: .refused(403), staff: .refused(403), organiser: .refused(422)),
        Row(route: "POST /console/checkpoints/{id}/reopen", anonymous: .signInFirst, player: .refused(403), staff: .refused(403), organiser: .refused(404)),
        Row(route: "GET /console/checkpoints/{id}/rotate", anonymous: .signInFirst, player: .refused(403), staff: .refused(403), organiser: .refused(404)),
        Row(route: "POST /console/checkpoints/{id}/rotate", anonymous: .signInFirst, player: .refused(403), staff: .refused(403), organiser: .refused(404)),
        Row(route: "POST /console/reload", anonymous: .signInFirst, player: .refused(403), staff: .refused(403), organiser: .redirect("/console")),
        Row(route: "GET /console/riddles/{riddle}", anonymous: .signInFirst, player: .refused(403), staff: .refused(403), organiser: .shown),
        // The table's form carries a token that is not the riddle's: as if another organiser saved it since.
        Row(route: "POST /console/riddles/{riddle}", anonymous: .signInFirst, player: .refused(403), staff: .refused(403),
            organiser: .refused(409)),
        Row(route: "POST /console/riddles", anonymous: .signInFirst, player: .refused(403), staff: .refused(403), organiser: .refused(422)),
        Row(route: "GET /console/stickers/changed.pdf", anonymous: .signInFirst, player: .refused(403), staff: .refused(403), organiser: .shown),
        Row(route: "GET /console/audit", anonymous: .signInFirst, player: .refused(403), staff: .refused(403), organiser: .shown),
        Row(route: "GET /console/freebies", anonymous: .signInFirst, player: .refused(403), staff: .refused(403), organiser: .shown),
        Row(route: "GET /console/new-freebie", anonymous: .signInFirst, player: .refused(403), staff: .refused(403), organiser: .shown),
        // The table's form has no title, dates or numbers.
        Row(route: "POST /console/freebies", anonymous: .signInFirst, player: .refused(403), staff: .refused(403), organiser: .refused(422)),
        Row(route: "GET /console/freebies/{offer}", anonymous: .signInFirst, player: .refused(403), staff: .refused(403), organiser: .shown),
        Row(route: "POST /console/freebies/{offer}", anonymous: .signInFirst, player: .refused(403), staff: .refused(403), organiser: .refused(422)),
        Row(route: "GET /console/draft", anonymous: .signInFirst, player: .refused(403), staff: .refused(403), organiser: .shown),
        // There is no draft yet.
        Row(route: "POST /console/draft/publish", anonymous: .signInFirst, player: .refused(403), staff: .refused(403), organiser: .refused(404)),
        Row(route: "POST /console/draft/discard", anonymous: .signInFirst, player: .refused(403), staff: .refused(403), organiser: .refused(404)),
        Row(route: "GET /console/draft/riddles/{riddle}", anonymous: .signInFirst, player: .refused(403), staff: .refused(403), organiser: .shown),
        Row(route: "GET /console/new-place", anonymous: .signInFirst, player: .refused(403), staff: .refused(403), organiser: .shown),
        // The table's form has no name, floor or position.
        Row(route: "POST /console/places", anonymous: .signInFirst, player: .refused(403), staff: .refused(403), organiser: .refused(422)),
        Row(route: "GET /console/places/{place}", anonymous: .signInFirst, player: .refused(403), staff: .refused(403), organiser: .shown),
        Row(route: "POST /console/places/{place}", anonymous: .signInFirst, player: .refused(403), staff: .refused(403), organiser: .refused(422)),
        Row(route: "POST /console/places/{place}/retire", anonymous: .signInFirst, player: .refused(403), staff: .refused(403), organiser: .refused(409)),
        Row(route: "GET /console/places/{place}/new-riddle", anonymous: .signInFirst, player: .refused(403), staff: .refused(403), organiser: .shown),
        Row(route: "GET /console/content/versions/{version}", anonymous: .signInFirst, player: .refused(403), staff: .refused(403), organiser: .shown),
        Row(route: "GET /console/content/versions/{version}/content.zip", anonymous: .signInFirst, player: .refused(403), staff: .refused(403),
            organiser: .shown),
        Row(route: "POST /console/content/versions/{version}/rollback", anonymous: .signInFirst, player: .refused(403), staff: .refused(403),
            organiser: .redirect("/console")),
        Row(route: "GET /console/content.zip", anonymous: .signInFirst, player: .refused(403), staff: .refused(403), organiser: .shown),
        Row(route: "GET /open-day", anonymous: .shown, player: .shown, staff: .shown),
        // No open day has the code: the join page says so.
        Row(route: "GET /open-day/{code}", anonymous: .refused(404), player: .refused(404), staff: .refused(404)),
        // The form has no nickname.
        Row(route: "POST /open-day", anonymous: .refused(422), player: .refused(422), staff: .refused(422)),
        // Only a guest has an open day's board, and only a guest has progress to keep.
        Row(route: "GET /open-day/board", anonymous: .signInFirst, player: .redirect("/leaderboard"), staff: .redirect("/leaderboard")),
        Row(route: "GET /open-day/keep", anonymous: .signInFirst, player: .redirect("/account"), staff: .redirect("/account")),
        Row(route: "POST /open-day/keep", anonymous: .signInFirst, player: .refused(409), staff: .refused(409)),
        Row(route: "GET /avatars/{name}", anonymous: .shown, player: .shown, staff: .shown),
        // Ada has no photo.
        Row(route: "GET /pictures/{username}", anonymous: .signInFirst, player: .refused(404), staff: .refused(404)),
        // The form has no photo.
        Row(route: "POST /account/picture", anonymous: .signInFirst, player: .refused(422), staff: .refused(403)),
        Row(route: "POST /account/picture/remove", anonymous: .signInFirst, player: .refused(404), staff: .refused(403)),
        Row(route: "POST /account/avatar", anonymous: .signInFirst, player: .redirect("/account"), staff: .refused(403)),
        Row(route: "GET /console/pictures", anonymous: .signInFirst, player: .refused(403), staff: .refused(403), organiser: .shown),
        // The form names no upload: nothing of Ada's is waiting.
        Row(route: "POST /console/pictures/{username}", anonymous: .signInFirst, player: .refused(403), staff: .refused(403), organiser: .refused(404)),
        // The place is in play.
        Row(route: "POST /console/places/{place}/restore", anonymous: .signInFirst, player: .refused(403), staff: .refused(403), organiser: .refused(409)),
        Row(route: "GET /console/new-partner", anonymous: .signInFirst, player: .refused(403), staff: .refused(403), organiser: .shown),
        // The form has no name and no address.
        Row(route: "POST /console/partners", anonymous: .signInFirst, player: .refused(403), staff: .refused(403), organiser: .refused(422)),
        Row(route: "GET /console/partners/{partner}", anonymous: .signInFirst, player: .refused(403), staff: .refused(403), organiser: .shown),
        // The form has no token: it was opened before the partner was last saved.
        Row(route: "POST /console/partners/{partner}", anonymous: .signInFirst, player: .refused(403), staff: .refused(403), organiser: .refused(409)),
        Row(route: "GET /console/badges", anonymous: .signInFirst, player: .refused(403), staff: .refused(403), organiser: .shown),
        Row(route: "GET /console/new-badge", anonymous: .signInFirst, player: .refused(403), staff: .refused(403), organiser: .shown),
        Row(route: "POST /console/badges", anonymous: .signInFirst, player: .refused(403), staff: .refused(403), organiser: .refused(422)),
        Row(route: "GET /console/badges/{badge}", anonymous: .signInFirst, player: .refused(403), staff: .refused(403), organiser: .shown),
        Row(route: "POST /console/badges/{badge}", anonymous: .signInFirst, player: .refused(403), staff: .refused(403), organiser: .refused(422)),
        Row(route: "POST /console/badges/{badge}/remove", anonymous: .signInFirst, player: .refused(403), staff: .refused(403), organiser: .refused(409)),
        Row(route: "GET /console/new-question", anonymous: .signInFirst, player: .refused(403), staff: .refused(403), organiser: .shown),
        Row(route: "POST /console/quiz", anonymous: .signInFirst, player: .refused(403), staff: .refused(403), organiser: .refused(422)),
        Row(route: "GET /console/quiz/{question}", anonymous: .signInFirst, player: .refused(403), staff: .refused(403), organiser: .shown),
        Row(route: "POST /console/quiz/{question}", anonymous: .signInFirst, player: .refused(403), staff: .refused(403), organiser: .refused(409)),
        Row(route: "POST /console/quiz/{question}/remove", anonymous: .signInFirst, player: .refused(403), staff: .refused(403), organiser: .refused(409)),
        Row(route: "POST /console/freebies/{offer}/remove", anonymous: .signInFirst, player: .refused(403), staff: .refused(403), organiser: .refused(409)),
        // No plan is uploaded.
        Row(route: "GET /campus-plan/{picture}", anonymous: .refused(404), player: .refused(404), staff: .refused(404), organiser: .refused(404)),
        Row(route: "GET /console/campus-plan", anonymous: .signInFirst, player: .refused(403), staff: .refused(403), organiser: .shown),
        // The form has no picture.
        Row(route: "POST /console/campus-plan", anonymous: .signInFirst, player: .refused(403), staff: .refused(403), organiser: .refused(422)),
        // There is no plan to pin or remove.
        Row(route: "POST /console/campus-plan/pins", anonymous: .signInFirst, player: .refused(403), staff: .refused(403), organiser: .refused(404)),
        Row(route: "POST /console/campus-plan/remove", anonymous: .signInFirst, player: .refused(403), staff: .refused(403), organiser: .refused(404)),
        Row(route: "GET /console/open-days", anonymous: .signInFirst, player: .refused(403), staff: .refused(403), organiser: .shown),
        // The table's form has no name and no day.
        Row(route: "POST /console/open-days", anonymous: .signInFirst, player: .refused(403), staff: .refused(403), organiser: .refused(422)),
        // No open day has the id.
        Row(route: "GET /console/open-days/{id}", anonymous: .signInFirst, player: .refused(403), staff: .refused(403), organiser: .refused(404)),
        Row(route: "GET /console/open-days/{id}/poster.pdf", anonymous: .signInFirst, player: .refused(403), staff: .refused(403), organiser: .refused(404)),
        // The form names no status: refused, once the sender is known to organise.
        Row(route: "POST /console/reports/{id}", anonymous: .signInFirst, player: .refused(403), staff: .refused(403), organiser: .refused(422)),
    ]

    @Test func theTableHasExactlyOneRowForEveryPage() async throws {
        let service = try await TestService()
        let pages = pageOperationKeys(services: service.services)
        let rows = Self.table.map(\.route)
        #expect(Set(rows).count == rows.count, "a page has two rows")
        #expect(pages.subtracting(rows).isEmpty, "pages without a row: \(pages.subtracting(rows).sorted())")
        #expect(Set(rows).subtracting(pages).isEmpty, "rows for no page: \(Set(rows).subtracting(pages).sorted())")
    }

    @Test(arguments: table.map(\.route))
    func eachPageAnswersEachKindOfVisitorAsTheTableSays(_ route: String) async throws {
        let row = try #require(Self.table.first { $0.route == route })
        let world = try await PageWorld()
        for (visitor, expected) in [(PageWorld.Visitor.anonymous, row.anonymous), (.player, row.player), (.staff, row.staff),
                                    (.organiser, row.organiser)] {
            let answer = try await world.visit(route, as: visitor)
            #expect(answer == expected, "\(route) as \(visitor): \(answer), expected \(expected)")
        }
    }

    @Test(arguments: table.map(\.route).filter { $0.hasPrefix("POST") })
    func aFormWithoutItsTokenOrFromAnotherSiteChangesNothing(_ route: String) async throws {
        let world = try await PageWorld()
        let hunt = world.service.services.hunt
        let ledger = try await hunt.repository.events(playerID: world.playerID)
        // The forms name quinn, who exists: a form that got through would ask, block or give.
        // Each form is sent by someone it is for: an organiser's console forms by an organiser.
        let sender: PageWorld.Visitor = route.hasPrefix("POST /console") ? .organiser : .player
        let forged = try await world.page(route, as: sender, token: "forged", username: "quinn")
        #expect(forged.answer == .refused(403), "\(route) with a forged token: \(forged.answer)")
        #expect(forged.html.contains("That form had expired or did not come from this browser, so nothing was done."), "\(route): \(forged.html)")
        let crossSite = try await world.page(route, as: sender, origin: "https://evil.example", username: "quinn")
        #expect(crossSite.answer == .refused(403), "\(route) from another site: \(crossSite.answer)")
        #expect(crossSite.html.contains("That form was not sent from a Puzzle Map page, so nothing was done."), "\(route): \(crossSite.html)")

        let held = try await hunt.heldRiddles(playerID: world.playerID)
        #expect(held.count == 1 && held[0].attempt.hintsUsed == 0, "\(route) changed the riddle held")
        #expect(try await world.visit("GET /play", as: .player) == .shown, "\(route) ended the session")
        #expect(try await hunt.reports().isEmpty, "\(route) stored a report")
        #expect(try await hunt.repository.auditLog(limit: 10).isEmpty, "\(route) did something an organiser does")
        #expect(try await hunt.repository.events(playerID: world.playerID) == ledger, "\(route) changed the ledger")
        let board = try await hunt.repository.boardView(playerID: world.playerID, period: .all, friendsOnly: false, at: Date(), shown: 0)
        #expect(board.hidden.isEmpty, "\(route) blocked someone")
        #expect(try await hunt.friendRequests(playerID: world.playerID).outgoing.isEmpty, "\(route) asked someone to be friends")
    }

    @Test func aSignedOutSessionNoLongerOpensPages() async throws {
        let world = try await PageWorld()
        #expect(try await world.visit("GET /play", as: .player) == .shown)
        #expect(try await world.visit("POST /sign-out", as: .player) == .redirect("/"))
        #expect(try await world.visit("GET /play", as: .player) == .signInFirst)
    }

    @Test func pagesCarryAStrictContentSecurityPolicyAndSetHttpOnlyLaxCookies() async throws {
        let world = try await PageWorld()
        try await world.service.test { client in
            try await client.execute(uri: "/join", method: .get) { response in
                let policy = try #require(response.headers[.contentSecurityPolicy])
                #expect(policy.contains("script-src 'self'") && !policy.contains("unsafe-inline") && policy.contains("frame-ancestors 'none'"))
                let cookie = try #require(response.headers[values: .setCookie].first { $0.hasPrefix("pm_csrf=") })
                #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax"))
            }
        }
    }
}

/// A service with one player (quiz taken, one riddle held), one shop staff member, and the
/// cookies and form tokens each would carry.
struct PageWorld {
    enum Visitor: String, CustomStringConvertible {
        case anonymous, player, staff, organiser

        var description: String { rawValue }
    }

    let service: TestService
    let playerID: Int64
    let playerToken: String
    let staffToken: String
    let organiserToken: String
    let attemptID: Int64
    let stickerToken: String
    /// The anti-forgery secret every visitor's browser holds, and its form token.
    let secret = "test-browser-secret"
    let formToken: String

    init() async throws {
        let service = try await TestService()
        self.service = service
        let hunt = service.services.hunt
        let (player, staff, organiser) = try await service.withClient { client in
            (try await client.playerWithQuiz("ada", quiz: hunt.content.quiz.map(\.id)), try await client.signedInPlayer("quinn"),
             try await client.signedInPlayer("olive"))
        }
        _ = try await hunt.repository.setRole(email: "quinn@student.gla.ac.uk", role: .staff, partnerID: hunt.content.offers[0].partnerID)
        _ = try await hunt.repository.setRole(email: "olive@student.gla.ac.uk", role: .admin, partnerID: nil)
        organiserToken = organiser
        playerToken = player
        staffToken = staff
        let account = try #require(try await hunt.signedIn(accessToken: player)).account
        playerID = account.player.id
        attemptID = try await hunt.askForRiddle(playerID: playerID, category: .lab).held.attempt.id
        stickerToken = String(try await service.qrText(for: hunt.content.checkpoints[1].id).split(separator: "/").last ?? "")
        // The token a browser holding `secret` finds in its forms.
        let secret = secret
        formToken = try await service.withClient { client in
            try await client.execute(uri: "/join", method: .get, headers: [.cookie: "pm_csrf=\(secret)"]) { response in
                let html = String(buffer: response.body)
                guard let range = html.range(of: #"name="_csrf" value="([^"]+)""#, options: .regularExpression) else { return "" }
                return String(html[range].dropFirst(#"name="_csrf" value=""#.count).dropLast())
            }
        }
    }

    /// Requests the route as the visitor's browser would, with a valid form token unless told otherwise.
    func visit(_ route: String, as visitor: Visitor, token: String? = nil, origin: String? = nil) async throws -> PageAccessTests.Answer {
        try await page(route, as: visitor, token: token, origin: origin).answer
    }

    /// The route's answer and the page it sent; a form names `username` where it names a player.
    func page(_ route: String, as visitor: Visitor, token: String? = nil, origin: String? = nil, username: String = "nobody") async throws
        -> (answer: PageAccessTests.Answer, html: String) {
        let parts = route.split(separator: " ")
        let method: HTTPRequest.Method = parts[0] == "GET" ? .get : .post
        let path = String(parts[1]).replacingOccurrences(of: "{id}", with: "\(attemptID)").replacingOccurrences(of: "{token}", with: stickerToken)
            .replacingOccurrences(of: "{name}", with: route.contains("avatars") ? "sun.svg" : "app.css").replacingOccurrences(of: "{username}", with: "ada")
            .replacingOccurrences(of: "{version}", with: "1").replacingOccurrences(of: "{riddle}", with: "hunterian-museum-1")
            .replacingOccurrences(of: "{place}", with: "hunterian-museum").replacingOccurrences(of: "{offer}", with: "qmu-free-coffee")
            .replacingOccurrences(of: "{code}", with: "ZZZZZZ").replacingOccurrences(of: "{picture}", with: "1.webp")
            .replacingOccurrences(of: "{partner}", with: "qmu-cafe").replacingOccurrences(of: "{badge}", with: "first-steps")
            .replacingOccurrences(of: "{question}", with: "morning-coffee")
        var headers: HTTPFields = [:]
        var cookies = ["pm_csrf=\(secret)"]
        switch visitor {
        case .anonymous: break
        case .player: cookies.append("pm_session=\(playerToken)")
        case .staff: cookies.append("pm_session=\(staffToken)")
        case .organiser: cookies.append("pm_session=\(organiserToken)")
        }
        headers[.cookie] = cookies.joined(separator: "; ")
        if let origin { headers[.origin] = origin }
        var body: ByteBuffer?
        if method == .post {
            let fields = "_csrf=\(token ?? formToken)&category=lab&code=000000&email=nobody%40student.gla.ac.uk&login=nobody&password=x&token=x&username=\(username)&action=block"
            if ["POST /scan", "POST /friends/photo", "POST /counter", "POST /crew/join", "POST /account/picture", "POST /console/campus-plan"].contains(route) {
                let boundary = "pageworld"
                headers[.contentType] = "multipart/form-data; boundary=\(boundary)"
                body = ByteBuffer(string: "--\(boundary)\r\nContent-Disposition: form-data; name=\"_csrf\"\r\n\r\n\(token ?? formToken)\r\n"
                    + "--\(boundary)\r\nContent-Disposition: form-data; name=\"code\"\r\n\r\nNOT-A-CODE\r\n--\(boundary)--\r\n")
            } else {
                headers[.contentType] = "application/x-www-form-urlencoded"
                body = ByteBuffer(string: fields)
            }
        }
        let requestBody = body
        let requestHeaders = headers
        return try await service.withClient { client in
            try await client.execute(uri: path, method: method, headers: requestHeaders, body: requestBody) { response in
                let location = response.headers[.location] ?? ""
                let answer: PageAccessTests.Answer = switch response.status.code {
                case 200: .shown
                case 303 where location.hasPrefix("/sign-in"): .signInFirst
                case 302, 303: .redirect(String(location.prefix { $0 != "?" }).replacing(/[0-9]+/, with: "{id}"))
                default: .refused(Int(response.status.code))
                }
                return (answer: answer, html: String(buffer: response.body))
            }
        }
    }
}
