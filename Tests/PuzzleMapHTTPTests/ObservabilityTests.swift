import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import PuzzleMapHTTP
import PuzzleMapStartup
import PuzzleMapImaging
import Synchronization
import Testing

/// Log lines captured in memory, as the JSON handler writes them.
final class CapturedLog: Sendable {
    private let lines = Mutex<[String]>([])

    var sink: LogSink { LogSink { line in self.lines.withLock { $0.append(String(decoding: line, as: UTF8.self)) } } }
    var all: [String] { lines.withLock { $0 } }
    var objects: [[String: Any]] { all.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] } }

    func logger(level: Logger.Level = .trace) -> Logger {
        var logger = Logger(label: "puzzlemap") { JSONLogHandler(label: $0, sink: self.sink) }
        logger.logLevel = level
        return logger
    }
}

@Suite struct ObservabilityTests {
    @Test func metricsCountRequestsByRouteScanOutcomesAndRefusals() async throws {
        let service = try await TestService()
        try await service.test { client in
            let token = try await client.signedInPlayer("ada")
            #expect(try await client.call(.get, "/v1/me/progress", token: token).status == .ok)
            #expect(try await client.call(.get, "/v1/me/progress", token: token).status == .ok)
            #expect(try await client.call(.get, "/v1/nowhere", token: token).status == .notFound)
            // Five mistyped codes, then the guessing limit.
            for _ in 0..<5 { #expect(try await client.scan(code: "PM-NOTACODE", token: token).code == "invalid_code") }
            #expect(try await client.scan(code: "PM-NOTACODE", token: token).code == "too_many_scans")

            let metrics = try await client.call(.get, "/metrics")
            #expect(metrics.status == .ok)
            #expect(metrics.headers[.contentType] == "text/plain; version=0.0.4; charset=utf-8")
            let text = String(decoding: metrics.body, as: UTF8.self)
            for line in [
                #"puzzlemap_http_requests_total{route="/v1/me/progress",method="GET",status="200"} 2"#,
                #"puzzlemap_http_requests_total{route="NotFound",method="GET",status="404"} 1"#,
                #"puzzlemap_http_requests_total{route="/v1/scans",method="POST",status="422"} 5"#,
                #"puzzlemap_http_requests_total{route="/v1/scans",method="POST",status="429"} 1"#,
                #"puzzlemap_http_request_duration_seconds_count{route="/v1/me/progress",method="GET"} 2"#,
                #"puzzlemap_scan_outcomes_total{outcome="invalid_code"} 5"#,
                #"puzzlemap_scan_outcomes_total{outcome="too_many_scans"} 1"#,
                #"puzzlemap_rate_limit_refusals_total{limit="too_many_scans"} 1"#,
                #"puzzlemap_database_operations_in_flight{kind="write"} 0.0"#,
                #"puzzlemap_database_connections_max 6.0"#,
                // The first progress read the store; the second, at the same play version, was answered from it.
                #"puzzlemap_play_cache_requests{answer="read"} 1.0"#,
                #"puzzlemap_play_cache_requests{answer="kept"} 1.0"#,
                #"puzzlemap_play_cache_players 1.0"#,
                // That read was the player's first: the whole ledger replayed.
                #"puzzlemap_play_cache_reads{ledger="whole"} 1.0"#,
                #"puzzlemap_play_cache_reads{ledger="carried"} 0.0"#,
                // No scan was decided: every code was refused before.
                #"puzzlemap_scan_standings{ledger="carried"} 0.0"#,
                #"puzzlemap_scan_standings{ledger="whole"} 0.0"#,
            ] {
                #expect(text.contains(line + "\n"), "\(line)")
            }
        }
    }

    @Test func photoDecodeTimesAreRecordedWithWhetherACodeWasFound() async throws {
        let service = try await TestService()
        try await service.test { client in
            let token = try await client.signedInPlayer("ada")
            let png = try PNGEncoder.encode(GrayImage(width: 64, height: 64, pixels: [UInt8](repeating: 255, count: 64 * 64)))
            #expect(try await client.scan(photo: png, type: "image/png", token: token).code == "no_code_found")
            let text = String(decoding: try await client.call(.get, "/metrics").body, as: UTF8.self)
            #expect(text.contains(#"puzzlemap_photo_decode_duration_seconds_count{found="no"} 1"#), "\(text)")
            #expect(text.contains(#"puzzlemap_scan_outcomes_total{outcome="no_code_found"} 1"#))

            // A picture that cannot be decoded at all counts under its own code.
            #expect(try await client.scan(photo: Array(png.prefix(16)), type: "image/png", token: token).code == "corrupt_image")
            let after = String(decoding: try await client.call(.get, "/metrics").body, as: UTF8.self)
            #expect(after.contains(#"puzzlemap_scan_outcomes_total{outcome="corrupt_image"} 1"#), "\(after)")
        }
    }

    @Test func everyAnswerCarriesARequestIDAndAProxysSensibleIDIsKept() async throws {
        let service = try await TestService()
        let log = CapturedLog()
        try await service.test(logger: log.logger()) { client in
            let generated = try await client.call(.get, "/healthz")
            let id = try #require(generated.headers[.init("X-Request-ID")!])
            #expect(id.count >= 16)
            let kept = try await client.call(.get, "/v1/me", headers: [.init("X-Request-ID")!: "nginx-4f2a.17"])
            #expect(kept.headers[.init("X-Request-ID")!] == "nginx-4f2a.17")
            #expect(kept.code == "unauthenticated")
            let forged = try await client.call(.get, "/healthz", headers: [.init("X-Request-ID")!: "a\"}\n{\"level\":\"critical"])
            #expect(forged.headers[.init("X-Request-ID")!] != "a\"}\n{\"level\":\"critical")
        }
        let answered = log.objects.filter { $0["message"] as? String == "Request answered" }
        #expect(answered.count == 3)
        let kept = try #require(answered.first { $0["request_id"] as? String == "nginx-4f2a.17" })
        #expect(kept["route"] as? String == "/v1/me")
        #expect(kept["status"] as? String == "401")
        #expect(kept["level"] as? String == "info")
        #expect(log.all.allSatisfy { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) != nil }, "every line is one JSON object")
        #expect(log.all.count == log.objects.count)
    }

    @Test func logLinesNameTheRoutePatternNeverThePathWithItsCode() async throws {
        let service = try await TestService()
        let log = CapturedLog()
        try await service.test(logger: log.logger()) { client in
            _ = try await client.call(.get, "/V/SECRETVOUCHERCODE123")
            _ = try await client.call(.post, "/v1/accounts/verify?token=SECRETLINKTOKEN", json: ["email": "x@student.gla.ac.uk", "code": "123456"])
        }
        #expect(!log.all.isEmpty)
        #expect(log.all.allSatisfy { !$0.contains("SECRETVOUCHERCODE123") && !$0.contains("SECRETLINKTOKEN") })
        #expect(log.objects.contains { $0["route"] as? String == "/V/{token}" })
    }
}
