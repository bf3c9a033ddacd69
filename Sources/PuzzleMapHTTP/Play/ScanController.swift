import Foundation
import Hummingbird
import PuzzleMapCore
import PuzzleMapGame
import PuzzleMapImaging

/// `POST /v1/scans`: a photo of a checkpoint's code, or the code itself, becomes XP.
/// Check-ins from wrong-place scans are registered or cancelled under `/v1/check-ins`.
/// The game decides; this reads the upload and renders the result.
struct ScanController {
    let services: HuntServices

    func addRoutes(to router: RouterGroup<AppRequestContext>) {
        router.post("scans") { request, context in
            do {
                return try await scan(request, context)
            } catch {
                services.metrics.recordScan(refusal: error)
                throw error
            }
        }
        router.post("check-ins/:id/register") { _, context -> StandingView in
            let identity = try context.requirePlayer()
            let change = try await services.hunt.registerCheckIn(id: context.parameters.get("id") ?? "", playerID: identity.playerID)
            return StandingView(change, content: services.content, at: services.now(), ownerVerified: identity.isVerified)
        }
        router.delete("check-ins/:id") { _, context -> Response in
            let identity = try context.requirePlayer()
            try await services.hunt.cancelCheckIn(id: context.parameters.get("id") ?? "", playerID: identity.playerID)
            return Response(status: .noContent)
        }
    }

    private func scan(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        var request = request
        let identity = try context.requirePlayer()
        let hunt = services.hunt
        let key = request.headers[.init("Idempotency-Key")!]
        try Hunt.check(idempotencyKey: key)
        // A key names one request: its body and type. The same key with another request is
        // refused rather than answered with the first request's result.
        let digest = key == nil ? "" : try await CodeUpload.digest(of: &request)
        let result = try await hunt.scan(playerID: identity.playerID, ownerVerified: identity.isVerified, idempotencyKey: key,
                                         requestDigest: digest) {
            try await CodeUpload.submission(in: request, context, services: services)
        }
        return try answer(result)
    }

    /// The result as the app reads it; a replay says so in a header.
    private func answer(_ result: ScanResult) throws -> Response {
        services.metrics.recordScan(result)
        var headers: HTTPFields = [:]
        if result.replayed { headers[.init("Idempotent-Replayed")!] = "true" }
        switch result.outcome {
        case .decided(let report):
            headers[.contentType] = "application/json; charset=utf-8"
            let body = try ScanView(report, content: services.content).encoded()
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(data: body)))
        case .photoAlreadyUsed:
            var problem = Problem(.photoAlreadyUsed)
            problem.headers.append(contentsOf: headers)
            throw problem
        }
    }
}
