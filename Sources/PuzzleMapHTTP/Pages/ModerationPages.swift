import Foundation
import Hummingbird
import PuzzleMapCore
import PuzzleMapGame

/// The organisers' moderation console: flagged scans with a void form each, a player's record
/// (recent scans, XP adjustment, suspension). The moderation use cases decide; these render.
struct ModerationPages {
    let services: HuntServices
    let library: PageLibrary

    func addRoutes(to router: RouterGroup<AppRequestContext>) {
        router.get("console/moderation") { request, context in
            let organiser = try context.requireOrganiser(in: services.hunt)
            return try await moderationPage(context, organiser, notice: notice(request))
        }
        router.get("console/players") { request, context in
            _ = try context.requireOrganiser(in: services.hunt)
            let username = request.uri.queryParameters.get("username")?.trimmingCharacters(in: .whitespaces) ?? ""
            return Response.seeOther(username.isEmpty ? "/console/moderation" : "/console/players/\(PageForm.escapeQuery(username))")
        }
        router.get("console/players/:username") { request, context in
            let organiser = try context.requireOrganiser(in: services.hunt)
            return try await playerPage(context, organiser, username: context.parameters.get("username") ?? "", notice: notice(request))
        }
        router.post("console/scans/:id/void") { request, context in
            // The form's token first: a forged form is refused as such, whoever sends it.
            let form = try await PageForm.read(request, context: context)
            let organiser = try context.requireOrganiser(in: services.hunt)
            guard let id = context.parameters.get("id", as: Int64.self) else { throw ModerationRefusal.scanNotFound }
            let back = form["from"].flatMap { $0.isEmpty ? nil : $0 }
            return try await act(context, organiser, back: back) {
                let voided = try await services.hunt.voidScan(id: id, reason: form.text("reason") ?? "", by: organiser)
                let void = voided.void
                let query = "done=voided&scan=\(id)&xp=\(void.xp)&badges=\(void.badgesLost.count)&withdrawn=\(void.withdrawnVouchers.count)"
                    + "&redeemed=\(void.redeemedVouchers.count)"
                return .seeOther(back.map { "/console/players/\(PageForm.escapeQuery($0))?\(query)" } ?? "/console/moderation?\(query)")
            }
        }
        router.post("console/players/:username/xp-adjustments") { request, context in
            // The form's token first: a forged form is refused as such, whoever sends it.
            let form = try await PageForm.read(request, context: context)
            let organiser = try context.requireOrganiser(in: services.hunt)
            let username = context.parameters.get("username") ?? ""
            return try await act(context, organiser, back: username) {
                guard let xp = form.text("xp").flatMap(Int.init) else {
                    throw ModerationRefusal.xpAdjustmentOutOfRange(max: services.hunt.limits.xpAdjustmentMax)
                }
                let adjusted = try await services.hunt.adjustXP(username: username, xp: xp, reason: form.text("reason") ?? "", by: organiser)
                return .seeOther("/console/players/\(PageForm.escapeQuery(username))?done=adjusted&xp=\(adjusted.event.xp)")
            }
        }
        router.post("console/players/:username/suspension") { request, context in
            // The form's token first: a forged form is refused as such, whoever sends it.
            let form = try await PageForm.read(request, context: context)
            let organiser = try context.requireOrganiser(in: services.hunt)
            let username = context.parameters.get("username") ?? ""
            let reinstate = form["action"] == "reinstate"
            return try await act(context, organiser, back: username) {
                if reinstate {
                    _ = try await services.hunt.reinstate(username: username, by: organiser)
                } else {
                    _ = try await services.hunt.suspend(username: username, reason: form.text("reason") ?? "", by: organiser)
                }
                return .seeOther("/console/players/\(PageForm.escapeQuery(username))?done=\(reinstate ? "reinstated" : "suspended")")
            }
        }
    }

    /// The sentence a change's redirect names, from its numbers.
    private func notice(_ request: Request) -> String? {
        let query = request.uri.queryParameters
        let number = { (name: String) in query.get(name).flatMap(Int.init) ?? 0 }
        switch query.get("done") {
        case "voided":
            var parts = [library.text("console.done.voided", ["scan": "\(number("scan"))", "xp": "\(-number("xp"))"])]
            if number("badges") > 0 { parts.append(library.text("console.done.badges", ["count": "\(number("badges"))"])) }
            if number("withdrawn") > 0 { parts.append(library.text("console.done.withdrawn", ["count": "\(number("withdrawn"))"])) }
            if number("redeemed") > 0 { parts.append(library.text("console.done.redeemed", ["count": "\(number("redeemed"))"])) }
            return parts.joined(separator: " ")
        case "adjusted": return library.text("console.done.adjusted", ["xp": "\(number("xp"))"])
        case "suspended": return library.text("console.done.suspended")
        case "reinstated": return library.text("console.done.reinstated")
        default: return nil
        }
    }

    /// Runs a change; a refusal is shown on the page the form was on.
    private func act(_ context: AppRequestContext, _ organiser: Organiser, back username: String?,
                     _ change: () async throws -> Response) async throws -> Response {
        do {
            return try await change()
        } catch {
            let problem = try Problem.forPage(error)
            if let username, problem.code != .playerNotFound {
                return try await playerPage(context, organiser, username: username, problem: problem)
            }
            return try await moderationPage(context, organiser, problem: problem)
        }
    }

    private func moderationPage(_ context: AppRequestContext, _ organiser: Organiser, notice: String? = nil,
                                problem: Problem? = nil) async throws -> Response {
        let scans = try await services.hunt.flaggedScans(for: organiser).map { ScanCard($0, from: nil, pages: self) }
        return PageRendering(library: library, context: context).response(
            "moderation", title: library.text("console.moderation.title"), status: problem?.status ?? .ok,
            ModerationView(scans: scans, notice: notice, problem: problem))
    }

    private func playerPage(_ context: AppRequestContext, _ organiser: Organiser, username: String, notice: String? = nil,
                            problem: Problem? = nil) async throws -> Response {
        let record = try await services.hunt.moderatedPlayer(username: username, for: organiser)
        let player = record.account.player
        let view = PlayerView(
            username: player.username,
            standing: library.text("console.player.standing", ["level": "\(record.totals.level)", "xp": "\(record.totals.xp)",
                                                              "badges": "\(record.badgesEarned)"]),
            suspension: record.account.suspension.map { library.text("console.player.suspended", ["reason": $0.reason, "day": day($0.since)]) },
            maxXP: services.hunt.limits.xpAdjustmentMax,
            notices: record.notices.map { notice in
                switch notice.kind {
                case .voided(let place):
                    library.text("console.player.voided", ["place": place, "xp": "\(notice.xp)", "reason": notice.reason, "day": day(notice.at)])
                case .adjusted:
                    library.text("console.player.adjusted", ["xp": "\(notice.xp)", "reason": notice.reason, "day": day(notice.at)])
                }
            },
            scans: record.scans.map { ScanCard($0, from: player.username, pages: self) },
            notice: notice, problem: problem)
        return PageRendering(library: library, context: context).response(
            "console-player", title: library.text("console.player.title", ["name": player.displayName, "username": player.username]),
            status: problem?.status ?? .ok, view)
    }

    /// An instant as organisers read it: the campus day and clock time.
    fileprivate func day(_ date: Date) -> String {
        CampusDates.dayAndTime(date, in: services.hunt.timeZone)
    }

    /// A scan with who, when, where, why and a form to void it.
    struct ScanCard {
        var id: Int64
        var username: String
        var who: String
        var when: String
        var place: String
        var why: String
        var location: String?
        var outcome: String
        var voided: String?
        var voidButton: String
        /// The player page to come back to after voiding; the flagged list when absent.
        var from: String?

        fileprivate init(_ scan: ModeratedScan, from: String?, pages: ModerationPages) {
            let library = pages.library
            let checkpoint = pages.services.content.checkpoint(id: scan.checkpointID)
            id = scan.id
            username = scan.username
            who = library.text("friends.who", ["name": scan.displayName, "username": scan.username])
            when = pages.day(scan.scannedAt)
            place = checkpoint?.name ?? scan.checkpointID
            why = scan.flag.map { library.text("console.flag.\($0.rawValue)") }
                ?? library.text(scan.flagged ? "console.flag.unknown" : "console.flag.none")
            location = scan.location.map { location in
                let distance = checkpoint.map { Int(location.coordinate.distance(to: $0.coordinate).rounded()) }
                return library.text("console.scan.location", [
                    "lat": String(format: "%.5f", location.coordinate.latitude), "lon": String(format: "%.5f", location.coordinate.longitude),
                    "distance": distance.map(String.init) ?? "?", "accuracy": location.accuracyMetres.map { "\(Int($0.rounded()))" } ?? "?",
                ])
            }
            outcome = library.text("console.scan.outcome", ["outcome": scan.outcome.replacingOccurrences(of: "_", with: " ")])
            voided = scan.voiding.map { library.text("console.scan.voided", ["reason": $0.reason, "day": pages.day($0.at)]) }
            voidButton = library.text("console.scan.void", ["id": "\(scan.id)"])
            self.from = from
        }
    }

    struct ModerationView {
        var scans: [ScanCard]
        var notice: String?
        var problem: Problem?
    }

    struct PlayerView {
        var username: String
        var standing: String
        var suspension: String?
        var maxXP: Int
        var notices: [String]
        var scans: [ScanCard]
        var notice: String?
        var problem: Problem?
    }
}
