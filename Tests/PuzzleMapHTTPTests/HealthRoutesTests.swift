import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import PuzzleMapContent
import PuzzleMapCore
import PuzzleMapGame
import PuzzleMapHTTP
import PuzzleMapSQLite
import PuzzleMapStartup
import PuzzleMapStorage
import Testing

/// A service prepared exactly as `puzzlemap serve` prepares it, on a temporary data directory.
func preparedServices() async throws -> (HuntServices, ServiceSettings) {
    let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    var settings = ServiceSettings()
    settings.campusDirectory = repositoryRoot.appendingPathComponent("Campus").path
    settings.riddlesDirectory = repositoryRoot.appendingPathComponent("Riddles").path
    settings.dataDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("puzzlemap-http-\(UUID().uuidString)").path
    let hunt = try await HuntStartup.prepare(settings: settings, logger: testLogger)
    return (HuntServices(hunt: hunt, contentSource: HuntStartup.contentSource(settings: settings), settings: settings), settings)
}

@Suite struct HealthRoutesTests {
    @Test func healthzAnswersWhileTheProcessIsUp() async throws {
        let (services, _) = try await preparedServices()
        try await Application(router: buildRouter(services: services), logger: testLogger).test(.router) { client in
            try await client.execute(uri: "/healthz", method: .get) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body).contains(#""status":"ok""#))
            }
        }
    }

    @Test func readyzReportsTheImportedSampleCampus() async throws {
        let (services, _) = try await preparedServices()
        try await Application(router: buildRouter(services: services), logger: testLogger).test(.router) { client in
            try await client.execute(uri: "/readyz", method: .get) { response in
                #expect(response.status == .ok)
                let body = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
                #expect(body?["status"] as? String == "ready")
                #expect(body?["checkpoints"] as? Int == services.content.checkpoints.count)
            }
        }
    }

    @Test func readyzIsUnavailableUntilContentIsImported() async throws {
        let (prepared, _) = try await preparedServices()
        let empty = HuntServices(hunt: Hunt(repository: try SQLiteHuntRepository.inMemory(), content: prepared.content, secrets: prepared.secrets),
                                 contentSource: prepared.running.source)
        try await Application(router: buildRouter(services: empty), logger: testLogger).test(.router) { client in
            try await client.execute(uri: "/readyz", method: .get) { response in
                #expect(response.status == .serviceUnavailable)
                #expect(response.headers[.contentType] == "application/problem+json")
                #expect(String(buffer: response.body).contains(#""code":"content_not_loaded""#))
            }
        }
    }

    @Test func unknownRouteIsAProblemWithCodeDetailAndHint() async throws {
        let (services, _) = try await preparedServices()
        try await Application(router: buildRouter(services: services), logger: testLogger).test(.router) { client in
            try await client.execute(uri: "/no/such/route", method: .get) { response in
                #expect(response.status == .notFound)
                #expect(response.headers[.contentType] == "application/problem+json")
                let body = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
                #expect(body?["code"] as? String == "not_found")
                #expect((body?["detail"] as? String)?.contains("/no/such/route") == true)
                #expect((body?["hint"] as? String)?.contains("/openapi.yaml") == true)
            }
        }
    }

    @Test func aBrowserAtAnUnknownAddressGetsAPageWithAWayBackAndTheAPIStaysJSON() async throws {
        let (services, _) = try await preparedServices()
        try await Application(router: buildRouter(services: services), logger: testLogger).test(.router) { client in
            let browser: HTTPFields = [.accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"]
            try await client.execute(uri: "/no/such/page", method: .get, headers: browser) { response in
                #expect(response.status == .notFound)
                #expect(response.headers[.contentType]?.hasPrefix("text/html") == true)
                let html = String(buffer: response.body)
                #expect(html.contains("There is no such page") && html.contains("There is nothing at /no/such/page."))
                #expect(html.contains(#"href="/""#) && !html.contains("openapi.yaml"))
            }
            try await client.execute(uri: "/v1/no/such/route", method: .get, headers: browser) { response in
                #expect(response.status == .notFound)
                #expect(response.headers[.contentType] == "application/problem+json")
            }
        }
    }

    @Test func liveServerStartsAndServesReadyz() async throws {
        let (services, prepared) = try await preparedServices()
        var settings = prepared
        settings.port = 0
        let app = buildApplication(services: services, settings: settings, logger: testLogger)
        try await app.test(.live) { client in
            try await client.execute(uri: "/readyz", method: .get) { response in
                #expect(response.status == .ok)
            }
        }
    }
}

@Suite struct StartupTests {
    @Test func invalidContentStopsStartupWithTheFullReport() async throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("puzzlemap-empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        var settings = ServiceSettings()
        settings.campusDirectory = empty.path
        settings.riddlesDirectory = empty.path
        settings.dataDirectory = empty.appendingPathComponent("data").path
        await #expect(throws: InvalidContentError.self) {
            _ = try await HuntStartup.prepare(settings: settings, logger: testLogger)
        }
    }
}
