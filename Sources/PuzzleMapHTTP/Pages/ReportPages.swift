import Foundation
import Hummingbird
import PuzzleMapCore
import PuzzleMapGame

/// "Report a problem": the form the footer, every error page and the map's sticker links open.
/// The game checks and keeps the report; this page renders it.
struct ReportPages {
    let services: HuntServices
    let library: PageLibrary

    func addRoutes(to router: RouterGroup<AppRequestContext>) {
        router.get("report") { request, context in
            let identity = try context.requirePlayer()
            let query = request.uri.queryParameters
            // Reached from an error page: the problem's code and page go with the report.
            let origin = [query.get("code"), query.get("page").map { "on \($0)" }].compactMap { $0 }.joined(separator: " ")
            let draft = Draft(kind: query.get("kind").flatMap(ProblemReport.Kind.init(rawValue:)) ?? (origin.isEmpty ? .other : .bug),
                              place: query.get("place"), text: "", context: origin)
            return try await reportPage(context, identity, draft: draft, notice: query.get("sent") != nil ? library.text("report.sent") : nil)
        }
        router.post("report") { request, context in
            let identity = try context.requirePlayer()
            let form = try await PageForm.read(request, context: context)
            let draft = Draft(kind: form["kind"].flatMap(ProblemReport.Kind.init(rawValue:)), place: form.text("place"), text: form["text"] ?? "",
                              context: form.text("context") ?? "")
            guard let kind = draft.kind else {
                return try await reportPage(context, identity, draft: draft, problem: Problem(
                    .unprocessableContent, code: .invalidReport, detailVariant: "noKind", hintVariant: "noKind"))
            }
            // A place not found yet is chosen by its number on the map, which never names it.
            let checkpointID = draft.place.flatMap(Int.init).flatMap(services.hunt.checkpointID(mapNumber:)) ?? draft.place
            do {
                _ = try await services.hunt.report(kind: kind, checkpointID: checkpointID, text: draft.text, context: draft.context,
                                                   playerID: identity.playerID)
            } catch {
                return try await reportPage(context, identity, draft: draft, problem: try Problem.forPage(error))
            }
            return Response.seeOther("/report?sent=1")
        }
    }

    struct Draft {
        var kind: ProblemReport.Kind?
        var place: String?
        var text: String
        var context: String
    }

    /// The form, offering the places as the player's map shows them: by name once found, by
    /// their number on the map before.
    private func reportPage(_ context: AppRequestContext, _ identity: Identity, draft: Draft, notice: String? = nil,
                            problem: Problem? = nil) async throws -> Response {
        let map = try await services.hunt.map(playerID: identity.playerID, playVersion: identity.playVersion)
        let view = ReportView(
            kinds: ProblemReport.Kind.allCases.map { kind in
                .init(value: kind.rawValue, label: library.text("report.kind.\(kind.rawValue)"), checked: kind == draft.kind)
            },
            places: map.map { place in
                let value = place.checkpoint?.id ?? "\(place.number)"
                return .init(value: value, label: place.checkpoint?.name ?? library.text("report.unfoundPlace", ["number": "\(place.number)"]),
                             selected: value == draft.place)
            },
            noPlace: draft.place == nil, text: draft.text, context: draft.context,
            maxLength: ProblemReport.maxTextLength, limit: library.text("report.limit", ["max": "\(ProblemReport.maxTextLength)"]),
            notice: notice, problem: problem)
        return PageRendering(library: library, context: context)
            .response("report", title: library.text("report.title"), status: problem?.status ?? .ok, view)
    }

    struct ReportView {
        struct Kind {
            var value: String
            var label: String
            var checked: Bool
        }
        struct Place {
            var value: String
            var label: String
            var selected: Bool
        }
        var kinds: [Kind]
        var places: [Place]
        var noPlace: Bool
        var text: String
        var context: String
        var maxLength: Int
        var limit: String
        var notice: String?
        var problem: Problem?
    }
}
