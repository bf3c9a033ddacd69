import Hummingbird
import PuzzleMapCore

/// `GET /healthz`: the process answers. `GET /readyz`: the database answers and the campus
/// content is loaded, so a load balancer can send players here.
struct HealthController {
    let services: HuntServices

    struct Status: ResponseCodable {
        var status: String
        var checkpoints: Int?
        var contentFingerprint: String?
    }

    func addRoutes(to router: Router<AppRequestContext>) {
        router.get("healthz") { _, _ in Status(status: "ok") }
        router.get("readyz") { _, _ in try await readiness() }
    }

    private func readiness() async throws -> Status {
        let lastImport: ContentImportSummary?
        do {
            try await services.repository.ping()
            lastImport = try await services.repository.lastImport()
        } catch {
            throw Problem(.serviceUnavailable, code: .databaseUnavailable)
        }
        guard let lastImport else {
            throw Problem(.serviceUnavailable, code: .contentNotLoaded)
        }
        return Status(status: "ready", checkpoints: services.content.checkpoints.count, contentFingerprint: lastImport.fingerprint)
    }
}
