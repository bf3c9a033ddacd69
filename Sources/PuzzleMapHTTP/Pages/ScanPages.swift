import Foundation
import Hummingbird
import PuzzleMapCore
import PuzzleMapGame

/// The camera and the sticker's front door: a photo or a typed code goes to the same scan use
/// case as the API; the outcome page shows what it earned, and a wrong place offers its choice.
/// A sticker's link (`/C/...`) only claims on a tap (a POST): link previews never score.
struct ScanPages {
    let services: HuntServices
    let library: PageLibrary

    func addRoutes(to router: RouterGroup<AppRequestContext>) {
        router.get("scan") { _, context in
            _ = try context.requirePlayer()
            return page(context).response("scan", title: library.text("scan.title"), ScanFormView(key: UUID().uuidString))
        }
        router.post("scan") { request, context in
            let identity = try context.requirePlayer()
            let form = try await PagePhotoForm.read(request, context: context)
            let key = form.key
            do {
                let result = try await services.hunt.scan(playerID: identity.playerID, ownerVerified: identity.isVerified, idempotencyKey: key,
                                                          requestDigest: "page:\(key ?? "")") {
                    try await form.submission(services: services, logger: context.logger)
                }
                services.metrics.recordScan(result)
                return try resultPage(result, key: key, context: context)
            } catch {
                services.metrics.recordScan(refusal: error)
                let problem = try Problem.forPage(error)
                return page(context).response("scan", title: library.text("scan.title"), status: problem.status,
                                              ScanFormView(key: UUID().uuidString, problem: problem, code: form.code))
            }
        }
        router.post("check-ins/:id/register") { request, context in
            let identity = try context.requirePlayer()
            _ = try await PageForm.read(request, context: context)
            _ = try await services.hunt.registerCheckIn(id: context.parameters.get("id") ?? "", playerID: identity.playerID)
            return Response.seeOther("/progress?done=checked-in")
        }
        router.post("check-ins/:id/cancel") { request, context in
            let identity = try context.requirePlayer()
            _ = try await PageForm.read(request, context: context)
            try await services.hunt.cancelCheckIn(id: context.parameters.get("id") ?? "", playerID: identity.playerID)
            return Response.seeOther("/play?done=left-no-trace")
        }
        for purpose in TagPurpose.allCases {
            router.get("\(purpose.rawValue)/:token") { request, context in
                try await sticker(purpose: purpose, request: request, context: context)
            }
        }
        router.post("C/:token") { request, context in
            let identity = try context.requirePlayer()
            let form = try await PageForm.read(request, context: context)
            let text = "/C/\(context.parameters.get("token") ?? "")"
            let key = form.text("key")
            let result = try await services.hunt.scan(playerID: identity.playerID, ownerVerified: identity.isVerified, idempotencyKey: key,
                                                      requestDigest: "sticker:\(text)") { ScanSubmission(texts: [text]) }
            services.metrics.recordScan(result)
            return try resultPage(result, key: key, context: context)
        }
        // A scan's answer as a page that can be reloaded: the one stored under its key.
        router.get("scans/:key") { _, context in
            let identity = try context.requirePlayer()
            guard let result = try await services.hunt.scanResult(playerID: identity.playerID, idempotencyKey: context.parameters.get("key") ?? "")
            else { throw HTTPError(.notFound) }
            return try outcomePage(result, context: context)
        }
    }

    /// After a scan: its answer's own address (Back and reload never send the scan again), or,
    /// for a form without a key, the answer itself.
    private func resultPage(_ result: ScanResult, key: String?, context: AppRequestContext) throws -> Response {
        guard let key, case .decided = result.outcome else { return try outcomePage(result, context: context) }
        return Response.seeOther("/scans/\(PageForm.escapeQuery(key))")
    }

    private func page(_ context: AppRequestContext) -> PageRendering { PageRendering(library: library, context: context) }

    /// What the phone's camera opens. Signed in, one tap claims; signed out, joining or signing
    /// in comes back here. The page never names the checkpoint: a shared link gives nothing away.
    private func sticker(purpose: TagPurpose, request: Request, context: AppRequestContext) async throws -> Response {
        let path = request.uri.path
        var status = HTTPResponse.Status.ok
        var message: String
        var title = library.text("sticker.title")
        var claimable = false
        switch purpose {
        case .checkpoint:
            do {
                let place = try await services.hunt.codes.checkpoint(from: path)
                if let closure = place.closure {
                    // Nothing to claim until it reopens: said here, not after a tap.
                    title = library.text("sticker.title.closed")
                    message = library.text("sticker.closed", ["note": closure.note])
                } else {
                    message = library.text("app.tagline", ["university": services.content.info.university])
                    claimable = true
                }
            } catch GameRefusal.codeRetired {
                status = .gone
                title = library.text("sticker.title.retired")
                message = library.text("sticker.retired")
            } catch GameRefusal.placeRetired {
                status = .gone
                title = library.text("sticker.title.placeRetired")
                message = library.text("sticker.placeRetired")
            } catch is GameRefusal {
                status = .notFound
                title = library.text("sticker.title.invalid")
                message = library.text("sticker.invalid")
            }
        case .friend:
            message = library.text(context.identity == nil ? "sticker.friend" : "sticker.friendSignedIn")
        case .voucher:
            message = library.text("sticker.voucher")
        case .crew:
            message = library.text("sticker.crew")
        }
        return page(context).response("sticker", title: title, status: status, StickerView(
            message: message, claimable: claimable, path: path, escapedPath: PageForm.escapeQuery(path), key: UUID().uuidString,
            friend: purpose == .friend, crew: purpose == .crew))
    }

    private func outcomePage(_ result: ScanResult, context: AppRequestContext) throws -> Response {
        guard case .decided(let report) = result.outcome else { throw GameRefusal.photoAlreadyUsed }
        let place = report.checkpoint.name
        let view: OutcomeView
        let title: String
        switch report.kind {
        case .solved:
            title = library.text("outcome.solved.title")
            view = OutcomeView(standing: report.standing, library: library, content: services.content, message: library.text("outcome.solved", ["place": place]),
                               insider: report.insider.map { library.reading($0, of: services.content.riddles, \.insider) })
        case .explored:
            title = library.text("outcome.explored.title")
            view = OutcomeView(standing: report.standing, library: library, content: services.content, message: library.text("outcome.explored", ["place": place]),
                               funRiddle: report.funRiddle.map { library.reading($0, of: services.content.riddles, \.text) })
        case .alreadyVisited where report.challengeWon != nil:
            // Found before, but first here in a race: the bonus is what it earned.
            title = library.text("outcome.challenge.title")
            view = OutcomeView(standing: report.standing, library: library, content: services.content,
                               message: library.text("outcome.already", ["place": place]))
        case .alreadyVisited:
            title = library.text("outcome.already.title")
            view = OutcomeView(message: library.text("outcome.already", ["place": place]))
        case .crewWaiting:
            title = library.text("outcome.crew.title")
            view = OutcomeView(message: library.text("outcome.crew.waiting", ["place": place, "minutes": "\(report.crew?.windowMinutes ?? 0)"]))
        case .wrongPlace:
            title = library.text("outcome.wrong.title")
            let xp = "\(services.content.rules.checkInXP)"
            view = OutcomeView(message: library.text("outcome.wrong", ["place": place]), checkIn: report.checkIn.map {
                .init(id: $0.id, choice: library.text("outcome.wrong.choice", ["xp": xp]), take: library.text("outcome.wrong.take", ["xp": xp]))
            })
        }
        var shown = view
        shown.challenge = report.challengeWon.map {
            library.text("outcome.challenge", ["name": $0.opponentName, "xp": "\($0.bonusXP)"])
        }
        if let crew = report.crew, crew.solved {
            shown.crew = library.text("outcome.crew.solved", ["crew": crew.crewName, "with": crew.with.joined(separator: ", ")])
        }
        return page(context).response("outcome", title: title, shown)
    }

    struct ScanFormView {
        var key: String
        var problem: Problem?
        /// The code as typed, kept after a refusal so that one wrong character can be mended.
        var code: String?
        /// The refusal's code, for the page's script: a photo it shrank that had no code is
        /// sent again whole.
        var refusal: String?

        init(key: String, problem: Problem? = nil, code: String? = nil) {
            self.key = key
            self.problem = problem
            self.code = code
            refusal = problem?.code.rawValue
        }
    }

    struct StickerView {
        var message: String
        var claimable: Bool
        var path: String
        var escapedPath: String
        var key: String
        /// A friend's code: signed in, one tap befriends (through the friends page's form).
        var friend = false
        /// A crew's code: signed in, one tap joins (through the crew page's form).
        var crew = false
    }

    struct OutcomeView {
        struct Badge {
            var name: String
            var description: String
        }
        struct CheckIn {
            var id: String
            var choice: String
            var take: String
        }
        var message: String
        var xp: String?
        var total: String?
        var levelUp: String?
        var badges: [Badge] = []
        var vouchers: [String] = []
        var insider: String?
        var funRiddle: String?
        var checkIn: CheckIn?
        /// The race this scan won, in words.
        var challenge: String?
        /// The crew riddle this scan solved, in words.
        var crew: String?

        init(message: String, checkIn: CheckIn? = nil) {
            self.message = message
            self.checkIn = checkIn
        }

        init(standing: StandingChange, library: PageLibrary, content: CampusContent, message: String, insider: String? = nil, funRiddle: String? = nil) {
            self.message = message
            xp = standing.xpAwarded > 0 ? library.text("outcome.xp", ["xp": "\(standing.xpAwarded)"]) : nil
            total = library.text("outcome.total", ["xp": "\(standing.totalXP)"])
            levelUp = standing.levelUp ? library.text("outcome.levelUp", ["level": "\(standing.level)"]) : nil
            badges = standing.newBadges.map { Badge(name: $0.name, description: $0.description) }
            vouchers = standing.newVouchers.map { content.offer(id: $0.offerID)?.title ?? $0.offerID }
            self.insider = insider
            self.funRiddle = funRiddle
        }
    }
}
