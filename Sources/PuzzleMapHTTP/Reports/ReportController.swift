import Foundation
import Hummingbird
import PuzzleMapCore

/// `POST /v1/reports`: a player tells the organisers about a damaged or missing sticker, wrong
/// information or a bug.
struct ReportController {
    let services: HuntServices

    struct ReportRequest: Decodable {
        var kind: ProblemReport.Kind
        var checkpointId: String?
        var text: String?
        var context: String?
    }

    struct ReportView: ResponseCodable {
        var id: Int64
        var kind: ProblemReport.Kind
        var checkpointId: String?
        var text: String
        var createdAt: Date
    }

    func addRoutes(to router: RouterGroup<AppRequestContext>) {
        router.post("reports") { request, context -> EditedResponse<ReportView> in
            let identity = try context.requirePlayer()
            let body = try await request.decode(as: ReportRequest.self, context: context)
            let stored = try await services.hunt.report(kind: body.kind, checkpointID: body.checkpointId, text: body.text, context: body.context,
                                                        playerID: identity.playerID)
            return EditedResponse(status: .created, response: ReportView(
                id: stored.id, kind: stored.report.kind, checkpointId: stored.report.checkpointID, text: stored.report.text, createdAt: stored.createdAt))
        }
    }
}
