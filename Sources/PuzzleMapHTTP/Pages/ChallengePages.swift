import Foundation
import Hummingbird
import PuzzleMapCore
import PuzzleMapGame

/// Challenges: send one to a friend in a category, answer the ones received, read the riddle of
/// a race and how past ones ended. The challenge use cases decide.
struct ChallengePages {
    let services: HuntServices
    let library: PageLibrary

    func addRoutes(to router: RouterGroup<AppRequestContext>) {
        router.get("challenges") { request, context in
            let identity = try context.requirePlayer()
            let notice = request.uri.queryParameters.get("done").flatMap(Notice.init(rawValue:)).map { library.text("challenges.done.\($0.rawValue)") }
            return try await challengesPage(context, identity: identity, notice: notice)
        }
        router.post("challenges") { request, context in
            let identity = try context.requirePlayer()
            let form = try await PageForm.read(request, context: context)
            return try await act(context, identity: identity) {
                guard let category = form["category"].flatMap(Category.init(rawValue:)) else {
                    throw Problem(.unprocessableContent, code: .unknownCategory, values: ["category": form["category"] ?? ""])
                }
                _ = try await services.hunt.challenge(form.text("username") ?? "", in: category, from: identity.playerID)
                return .seeOther("/challenges?done=sent")
            }
        }
        for answer in ChallengeAnswer.allCases {
            router.post("challenges/:id/\(answer.rawValue)") { request, context in
                let identity = try context.requirePlayer()
                _ = try await PageForm.read(request, context: context)
                return try await act(context, identity: identity) {
                    guard let id = context.parameters.get("id", as: Int64.self) else { throw ChallengeRefusal.challengeNotFound }
                    _ = try await services.hunt.answerChallenge(id: id, answer, playerID: identity.playerID)
                    return .seeOther("/challenges?done=\(Notice(answer).rawValue)")
                }
            }
        }
    }

    /// What the page says after a change, named in the address it redirects to.
    enum Notice: String {
        case sent, accepted, declined, withdrawn

        init(_ answer: ChallengeAnswer) {
            self = switch answer {
            case .accept: .accepted
            case .decline: .declined
            case .withdraw: .withdrawn
            }
        }
    }

    /// Runs a change; a refusal is shown on the challenges page, above the forms.
    private func act(_ context: AppRequestContext, identity: Identity, _ change: () async throws -> Response) async throws -> Response {
        try await Problem.onPage(change) { try await challengesPage(context, identity: identity, problem: $0) }
    }

    private func challengesPage(_ context: AppRequestContext, identity: Identity, notice: String? = nil,
                                problem: Problem? = nil) async throws -> Response {
        async let friends = services.hunt.friends(playerID: identity.playerID)
        let challenges = try await services.hunt.challenges(playerID: identity.playerID)
        let rows = challenges.map { row($0, for: identity.playerID) }
        let view = ChallengesView(
            intro: library.text("challenges.intro", ["xp": "\(services.content.rules.challengeWinXP)"]),
            friends: try await friends.map {
                .init(username: $0.player.username, who: library.text("friends.who", ["name": $0.player.displayName, "username": $0.player.username]))
            },
            categories: Category.allCases.map { .init(value: $0.rawValue, name: library.text("play.category.\($0.rawValue)")) },
            open: rows.filter(\.isOpen), past: rows.filter { !$0.isOpen }, notice: notice, problem: problem)
        return PageRendering(library: library, context: context).response("challenges", title: library.text("challenges.title"),
                                                                          status: problem?.status ?? .ok, view)
    }

    private func row(_ status: ChallengeStatus, for playerID: Int64) -> ChallengesView.Row {
        let challenge = status.challenge
        let sent = challenge.challenger.id == playerID
        let name = challenge.opponent(of: playerID).displayName
        let category = status.category.map { library.text("play.category.\($0.rawValue)") } ?? ""
        let zone = services.hunt.timeZone
        let when = { (date: Date) in CampusDates.dayAndTime(date, in: zone) }
        let values = ["name": name, "category": category, "xp": "\(status.bonusXP)"]
        var row = ChallengesView.Row(id: challenge.id, headline: "", detail: "", riddle: status.riddle?.text, isOpen: status.state.isOpen)
        switch status.state {
        case .waiting(let until):
            row.headline = library.text(sent ? "challenges.waiting.sent" : "challenges.waiting.received", values)
            row.detail = library.text("challenges.until", ["time": when(until)])
            (row.canAnswer, row.canWithdraw) = (!sent, sent)
        case .racing(let until):
            row.headline = library.text("challenges.racing", values)
            row.detail = library.text("challenges.raceUntil", ["time": when(until)])
        case .won(let winner, let at):
            row.headline = library.text(winner == playerID ? "challenges.won" : "challenges.lost", values)
            row.detail = when(at)
        case .declined(let at):
            row.headline = library.text(sent ? "challenges.declined.sent" : "challenges.declined.received", values)
            row.detail = when(at)
        case .withdrawn(let at):
            row.headline = library.text(sent ? "challenges.withdrawn.sent" : "challenges.withdrawn.received", values)
            row.detail = when(at)
        case .expired(let at):
            row.headline = library.text("challenges.expired", values)
            row.detail = when(at)
        }
        return row
    }

    struct ChallengesView {
        struct Friend {
            var username: String
            var who: String
        }
        struct Choice {
            var value: String
            var name: String
        }
        struct Row {
            var id: Int64
            var headline: String
            var detail: String
            /// The race's riddle, once accepted.
            var riddle: String?
            var isOpen: Bool
            var canAnswer = false
            var canWithdraw = false
        }
        var intro: String
        var friends: [Friend]
        var categories: [Choice]
        var open: [Row]
        var past: [Row]
        var notice: String?
        var problem: Problem?
    }
}
