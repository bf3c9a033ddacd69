import Foundation
import PuzzleMapTestFixtures
import Testing

/// Each nginx configuration really serving, on loopback ports, in front of stand-in
/// instances: what a client and an instance see of it.
@Suite struct ProxyBehaviourTests {
    /// One answer, as curl saw it.
    struct Reply {
        var status: Int
        var headers: [(name: String, value: String)]
        var body: [String: Any]

        func header(_ name: String) -> [String] { headers.filter { $0.name.lowercased() == name.lowercased() }.map(\.value) }
    }

    /// A proxy serving one configuration, with a stand-in behind each upstream server.
    final class ServingProxy {
        let folder: ScratchFolder
        let stubs: StubInstances
        let nginx: ChildProcess
        let ports: (http: Int, https: Int)
        private var requests = 0

        init(_ file: String) async throws {
            folder = try ScratchFolder()
            (stubs, ports, nginx) = try await Self.serve(file, in: folder)
        }

        /// nginx serving `file` in front of stand-ins. The ports it listens on were free when
        /// found, which another test may change before nginx binds them (another test's proxy
        /// may even answer there): until these stand-ins answer through it, it is started again
        /// on others, at most three times.
        private static func serve(_ file: String, in folder: ScratchFolder) async throws -> (StubInstances, (http: Int, https: Int), ChildProcess) {
            let servers = ProxyUnderTest.upstreamServers(in: try Repository.text("Deploy/\(file)"))
            for attempt in 1...3 {
                let stubs = try await StubInstances(servers, freePorts: 2)
                let ports = (http: stubs.freePorts[0], https: stubs.freePorts[1])
                let upstreams = Dictionary(uniqueKeysWithValues: servers.map { ($0, "127.0.0.1:\(stubs.ports[$0]!)") })
                let proxy = try await ProxyUnderTest(file, in: folder, upstreams: upstreams, ports: ports)
                let nginx = try await proxy.start()
                // Serving once these stand-ins answer through its TLS port, within 30 s however
                // busy the machine is.
                let deadline = ContinuousClock.now + .seconds(30)
                while !nginx.hasEnded(), ContinuousClock.now < deadline {
                    let probe = try await run("curl", ["-sk", "--max-time", "2", "--resolve", "\(ProxyUnderTest.serverName):\(ports.https):127.0.0.1",
                                                       "https://\(ProxyUnderTest.serverName):\(ports.https)/healthz"])
                    if probe.status == 0, probe.output.contains(stubs.id) {
                        return (stubs, ports, nginx)
                    }
                    try await Task.sleep(for: .milliseconds(50))
                }
                nginx.terminate()
                stubs.stop()
                let log = (try? String(contentsOfFile: folder.path("error.log"), encoding: .utf8)) ?? ""
                guard attempt < 3 else { throw ToolFailure(tool: "nginx \(file)", output: "not serving after three starts: \(log)") }
            }
            preconditionFailure("the loop above returns or throws on its last turn")
        }

        deinit {
            nginx.terminate()
            stubs.stop()
        }

        /// A request through the proxy, to `https://hunt.example.ac.uk<path>` (or http).
        func request(_ path: String, https: Bool = true, headers: [String] = [], bodyBytes: Int? = nil) async throws -> Reply {
            requests += 1
            let headerFile = folder.path("headers-\(requests)"), bodyFile = folder.path("body-\(requests)")
            let port = https ? ports.https : ports.http
            var arguments = ["-sk", "--path-as-is", "--max-time", "20", "--resolve", "\(ProxyUnderTest.serverName):\(port):127.0.0.1",
                             "-D", headerFile, "-o", bodyFile, "-w", "%{http_code}"]
            arguments += headers.flatMap { ["-H", $0] }
            if let bodyBytes {
                let upload = folder.path("upload-\(requests)")
                guard FileManager.default.createFile(atPath: upload, contents: Data(count: bodyBytes)) else {
                    throw ToolFailure(tool: "writing \(upload)", output: "")
                }
                arguments += ["--data-binary", "@\(upload)", "-H", "Content-Type: image/jpeg"]
            }
            arguments.append("\(https ? "https" : "http")://\(ProxyUnderTest.serverName):\(port)\(path)")
            let result = try await run("curl", arguments)
            guard result.status == 0, let status = Int(result.output) else { throw ToolFailure(tool: "curl \(path)", output: result.output) }
            let headerText = (try? String(contentsOfFile: headerFile, encoding: .utf8)) ?? ""
            let headers = headerText.captures(of: #"^([A-Za-z0-9-]+):\s*(.*?)\r?$"#, options: .anchorsMatchLines).map { (name: $0[0], value: $0[1]) }
            let data = FileManager.default.contents(atPath: bodyFile) ?? Data()
            let body = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
            return Reply(status: status, headers: headers, body: body)
        }
    }

    static let generatedID = #"^[0-9a-f]{32}$"#

    @Test(arguments: DeployFilesTests.proxyConfigurations)
    func plainHTTPIsRedirectedToHTTPS(file: String) async throws {
        let proxy = try await ServingProxy(file)
        let reply = try await proxy.request("/v1/map?period=week", https: false)
        #expect(reply.status == 301)
        #expect(reply.header("Location") == ["https://\(ProxyUnderTest.serverName)/v1/map?period=week"])
    }

    @Test(arguments: DeployFilesTests.proxyConfigurations)
    func metricsAreRefusedHoweverTheyAreAskedFor(file: String) async throws {
        let proxy = try await ServingProxy(file)
        for path in ["/metrics", "/metrics/", "//metrics", "/%6Detrics", "/Metrics", "/metrics?format=text", "/./metrics"] {
            let reply = try await proxy.request(path)
            #expect(reply.status == 403, "\(path) answered \(reply.status)")
            #expect(reply.body["instance"] == nil, "\(path) reached an instance")
        }
        #expect(try await proxy.request("/healthz").status == 200)
    }

    @Test(arguments: DeployFilesTests.proxyConfigurations)
    func everyRequestCarriesOneIdFromTheProxyToTheInstanceAndBack(file: String) async throws {
        let proxy = try await ServingProxy(file)

        let fresh = try await proxy.request("/healthz")
        let made = try #require(fresh.body["request_id"] as? String)
        #expect(made.captures(of: Self.generatedID).count == 1, "nginx's id: \(made)")
        #expect(fresh.header("X-Request-ID") == [made], "one id, the instance's own hidden")
        #expect(fresh.body["forwarded_proto"] as? String == "https")

        let given = try await proxy.request("/healthz", headers: ["X-Request-ID: app-7f3a:retry.2_b"])
        #expect(given.body["request_id"] as? String == "app-7f3a:retry.2_b")
        #expect(given.header("X-Request-ID") == ["app-7f3a:retry.2_b"])

        // An id that could forge a log line is replaced, as the service would replace it.
        let forged = try await proxy.request("/healthz", headers: ["X-Request-ID: x\" level=critical"])
        let replaced = try #require(forged.body["request_id"] as? String)
        #expect(replaced.captures(of: Self.generatedID).count == 1, "\(replaced)")

        // nginx's own answers carry it too.
        #expect(try await proxy.request("/metrics").header("X-Request-ID").count == 1)
    }

    @Test(arguments: DeployFilesTests.proxyConfigurations)
    func photosUpToTheServicesLimitReachTheService(file: String) async throws {
        let proxy = try await ServingProxy(file)
        let configuration = try Repository.text("Deploy/\(file)")
        let limit = try #require(ProxyUnderTest.values(of: "client_max_body_size", in: configuration).compactMap(ProxyUnderTest.bytes).first)

        // Just over the service's limit: the service must see it, to answer in its own words.
        let large = try Repository.serviceUploadLimit() + 1
        let passed = try await proxy.request("/v1/scans", bodyBytes: large)
        #expect(passed.status == 200)
        #expect(passed.body["body_bytes"] as? Int == large)

        let refused = try await proxy.request("/v1/scans", bodyBytes: limit + 1)
        #expect(refused.status == 413)
        #expect(refused.body["instance"] == nil)
    }

    @Test func theComposeProxySharesRequestsBetweenTheInstances() async throws {
        let proxy = try await ServingProxy("nginx-compose.conf")
        let servers = ProxyUnderTest.upstreamServers(in: try Repository.text("Deploy/nginx-compose.conf"))
        var reached: Set<String> = []
        for _ in 0..<(2 * servers.count) {
            let reply = try await proxy.request("/v1/leaderboard")
            if let instance = reply.body["instance"] as? String { reached.insert(instance) }
        }
        #expect(reached == Set(servers))
    }
}
