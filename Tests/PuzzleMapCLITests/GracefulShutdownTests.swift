import Foundation
import Testing

/// SIGTERM, as systemd and container runtimes send it: stop accepting, finish what is in
/// flight, close the database, exit 0.
@Suite struct GracefulShutdownTests {
    @Test func sigtermStopsAcceptingFinishesTheScanMidUploadAndClosesTheDatabase() async throws {
        let data = scratchDirectory("shutdown")
        defer { try? FileManager.default.removeItem(at: data) }
        let service = try await LiveService(dataDirectory: data)
        let session = try await service.signUp("ada", password: "correct horse battery")
        let token = try #require(session["accessToken"] as? String)

        // A scan whose body arrives in two halves: the service is inside the request when
        // SIGTERM comes.
        let body = #"{"code": "\#(LiveService.qrText(checkpointNumber: 1))"}"#
        let connection = try #require(RawConnection(port: service.port))
        connection.send("POST /v1/scans HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\n"
            + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nX-Request-ID: shutdown-probe\r\nConnection: close\r\n\r\n"
            + String(body.prefix(10)))
        try await waitFor("the request to reach the service") {
            service.log.split(separator: "\n").contains { $0.contains(#""request_id":"shutdown-probe""#) && $0.contains("Request received") }
        }
        service.send(SIGTERM)
        try await waitFor("the service to stop accepting connections") {
            guard let probe = RawConnection(port: service.port) else { return true }
            _ = close(probe.descriptor)
            return false
        }

        connection.send(String(body.dropFirst(10)))
        let answer = connection.readToEnd()
        #expect(answer.hasPrefix("HTTP/1.1 200"), "\(answer)")
        #expect(answer.contains(#""outcome":"explored""#) || answer.contains(#""outcome":"solved""#), "\(answer)")
        #expect(await service.waitForExit() == 0, "\(service.log)")
        #expect(service.log.contains("Stopped: requests finished, database closed"))

        // The scan that finished during shutdown is in the database after a restart.
        let restarted = try await LiveService(dataDirectory: data)
        let progress = try await restarted.call("GET", "/v1/me/progress", token: token)
        #expect(progress.status == 200)
        #expect(progress.json["xp"] as? Int == 25, "\(String(decoding: progress.body, as: UTF8.self))")
        restarted.send(SIGTERM)
        #expect(await restarted.waitForExit() == 0)
    }

    @Test func aRequestThatNeverEndsIsCutAtTheShutdownDeadlineAndTheProcessExits() async throws {
        let data = scratchDirectory("shutdown-deadline")
        defer { try? FileManager.default.removeItem(at: data) }
        // A long idle timeout, so nothing but the shutdown deadline can end the stalled upload.
        let service = try await LiveService(dataDirectory: data, environment: ["PUZZLEMAP_SHUTDOWN_DEADLINE": "2", "PUZZLEMAP_IDLE_TIMEOUT": "600"])
        let session = try await service.signUp("ada", password: "correct horse battery")
        let token = try #require(session["accessToken"] as? String)
        // An upload that stalls half-way and never resumes, as a phone that left the Wi-Fi.
        let connection = try #require(RawConnection(port: service.port))
        connection.send("POST /v1/scans HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\n"
            + "Content-Type: image/jpeg\r\nContent-Length: 4000000\r\nX-Request-ID: stalled-upload\r\n\r\n" + String(repeating: "x", count: 1000))
        try await waitFor("the stalled request to reach the service") {
            service.log.split(separator: "\n").contains { $0.contains(#""request_id":"stalled-upload""#) && $0.contains("Request received") }
        }
        let signalled = ContinuousClock.now
        service.send(SIGTERM)
        // Bounded: without the deadline the process would wait for the upload for ever.
        try await waitFor("the process to exit") { !service.isRunning }
        let took = ContinuousClock.now - signalled
        #expect(await service.waitForExit() == 0, "\(service.log)")
        // Two seconds of grace, then the cut: well under the idle timeout that would otherwise end it.
        #expect(took >= .seconds(2) && took < .seconds(30), "exited \(took) after SIGTERM")
        #expect(service.log.contains("Stopped at the shutdown deadline"), "\(service.log)")
        _ = close(connection.descriptor)
    }
}

/// Polls `condition` every 20 ms for up to a minute: long enough on any machine, and the
/// test asserts the outcome, never how soon it came.
func waitFor(_ what: String, _ condition: () async throws -> Bool) async throws {
    let deadline = Date().addingTimeInterval(60)
    while try await !condition() {
        guard Date() < deadline else {
            Issue.record("Timed out waiting for \(what)")
            return
        }
        try await Task.sleep(for: .milliseconds(20))
    }
}
