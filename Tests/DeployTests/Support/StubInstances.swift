import Foundation
import PuzzleMapTestFixtures

/// Stand-ins for puzzlemap instances behind the proxy: Python's HTTP server on loopback, one
/// port per instance, answering every request with what reached it (which instance, path,
/// body size, `X-Request-ID`, `X-Forwarded-Proto`) as JSON. The instances themselves need a
/// database and content; the proxy's behaviour does not.
final class StubInstances {
    /// A stand-in's name and how it answers: `name` answers 200 to everything, `name=503`
    /// 503 to everything, `name=200@/readyz` 200 on that path and 404 elsewhere.
    typealias Specification = String

    private let process: ChildProcess
    /// Each stand-in's port by name.
    let ports: [String: Int]
    /// Ports nothing listens on (yet), for a proxy to listen on or a check to find closed.
    let freePorts: [Int]
    /// What these stand-ins, and no others, put in every answer (as `stubs`).
    let id = UUID().uuidString

    init(_ specifications: [Specification], freePorts count: Int = 0) async throws {
        let announcement = FileManager.default.temporaryDirectory.appendingPathComponent("puzzlemap-stubs-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: announcement) }
        process = try await ChildProcess.start(["python3", "-c", Self.script, announcement, String(count), id] + specifications)
        // The script writes its ports, then a newline, once every stand-in listens.
        var text = ""
        let deadline = Date().addingTimeInterval(10)
        while !text.hasSuffix("\n") {
            guard !process.hasEnded() else { throw ToolFailure(tool: "python3 (stub instances)", output: "ended before listening") }
            guard Date() < deadline else {
                await process.stop()
                throw ToolFailure(tool: "python3 (stub instances)", output: "no ports announced in 10 s")
            }
            try await Task.sleep(for: .milliseconds(50))
            text = (try? String(contentsOfFile: announcement, encoding: .utf8)) ?? ""
        }
        let announced = try JSONDecoder().decode([String: [Int]].self, from: Data(text.utf8))
        ports = announced.compactMapValues(\.first).filter { $0.key != "free" }
        freePorts = announced["free"] ?? []
    }

    /// Asks the stand-ins to end; the task awaiting their process reaps it.
    func stop() { process.terminate() }

    deinit { stop() }

    private static let script = #"""
        import http.server, json, os, socket, sys, threading, time

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def answer(self):
                length = int(self.headers.get("Content-Length") or 0)
                remaining = length
                while remaining > 0:
                    chunk = self.rfile.read(min(remaining, 1 << 20))
                    if not chunk:
                        break
                    remaining -= len(chunk)
                status = self.server.status
                if self.server.only and self.path.split("?")[0] != self.server.only:
                    status = 404
                body = json.dumps({
                    "instance": self.server.name, "path": self.path, "body_bytes": length - remaining,
                    "request_id": self.headers.get("X-Request-ID"),
                    "forwarded_proto": self.headers.get("X-Forwarded-Proto"), "stubs": stubs,
                }).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                # As the service does; the proxy must send its own id only.
                self.send_header("X-Request-ID", "set-by-the-instance")
                self.end_headers()
                self.wfile.write(body)

            do_GET = do_POST = answer

            def log_message(self, *arguments):
                pass

        announcement, free, stubs = sys.argv[1], int(sys.argv[2]), sys.argv[3]
        announced = {"free": []}
        for specification in sys.argv[4:]:
            name, _, answer = specification.partition("=")
            status, _, only = answer.partition("@")
            server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
            server.name, server.status, server.only = name, int(status or 200), only or None
            # A health check reads the status line and hangs up: not worth a traceback.
            server.handle_error = lambda request, address: None
            announced[name] = [server.server_address[1]]
            threading.Thread(target=server.serve_forever, daemon=True).start()
        # Held open together, so that no two are the same port.
        probes = [socket.socket() for _ in range(free)]
        for probe in probes:
            probe.bind(("127.0.0.1", 0))
            announced["free"].append(probe.getsockname()[1])
        for probe in probes:
            probe.close()
        with open(announcement + ".partial", "w") as file:
            file.write(json.dumps(announced) + "\n")
        os.rename(announcement + ".partial", announcement)
        # Until stopped, or until the tests that started it are gone.
        parent = os.getppid()
        while os.getppid() == parent:
            time.sleep(0.2)
        """#
}
