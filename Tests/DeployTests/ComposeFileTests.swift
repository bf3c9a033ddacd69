import Foundation
import Testing

/// Deploy/compose.yaml, read as Compose reads it (YAML anchors and merge keys resolved by
/// PyYAML), and checked against the image and the proxy configuration it puts together.
@Suite struct ComposeFileTests {
    let services: [String: [String: Any]]
    let document: [String: Any]

    init() async throws {
        let folder = try ScratchFolder()
        let result = try await run("python3", ["-c", "import json, sys, yaml; json.dump(yaml.safe_load(open(sys.argv[1])), open(sys.argv[2], 'w'))",
                                         Repository.url("Deploy/compose.yaml").path, folder.path("compose.json")])
        guard result.status == 0 else { throw ToolFailure(tool: "python3 yaml", output: result.output) }
        let data = try Data(contentsOf: URL(fileURLWithPath: folder.path("compose.json")))
        document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        services = try #require(document["services"] as? [String: [String: Any]], "compose.yaml has no services")
    }

    /// The services built from Deploy/Dockerfile.
    var apps: [String: [String: Any]] {
        services.filter { ($0.value["build"] as? [String: Any])?["dockerfile"] as? String == "Deploy/Dockerfile" }
    }

    func environment(_ service: [String: Any]) -> [String: String] {
        if let map = service["environment"] as? [String: Any] { return map.mapValues { "\($0)" } }
        let list = service["environment"] as? [String] ?? []
        return Dictionary(list.map { entry in
            let parts = entry.split(separator: "=", maxSplits: 1).map(String.init)
            return (parts[0], parts.count > 1 ? parts[1] : "")
        }, uniquingKeysWith: { _, last in last })
    }

    func strings(_ value: Any?) -> [String] { value as? [String] ?? [] }

    @Test func twoInstancesAreBuiltFromTheRepositoryImage() throws {
        #expect(apps.keys.sorted() == ["app1", "app2"])
        for (name, app) in apps {
            let build = try #require(app["build"] as? [String: Any])
            let context = Repository.url("Deploy").appendingPathComponent(build["context"] as? String ?? ".").standardizedFileURL
            #expect(context.path == Repository.root.standardizedFileURL.path, "\(name) builds from \(context.path), not the repository")
        }
    }

    @Test func everyInstanceUsesTheSameDatabaseTheComposeFileRuns() throws {
        let urls = Set(apps.values.map { environment($0)["PUZZLEMAP_DATABASE_URL"] ?? "" })
        #expect(urls.count == 1, "the instances must share one database: \(urls.sorted())")
        // `${NAME:?message}` stands for NAME's value: read the URL with the variable's name there.
        let resolved = urls.first?.replacingOccurrences(of: #"\$\{([A-Z_][A-Z0-9_]*)[^}]*\}"#, with: "$1", options: .regularExpression)
        let url = try #require(resolved.flatMap { URLComponents(string: $0) }, "PUZZLEMAP_DATABASE_URL is not a URL: \(urls)")
        #expect(url.scheme == "postgres")
        let host = try #require(url.host)
        let database = try #require(services[host], "PUZZLEMAP_DATABASE_URL names \(host), which is no service of compose.yaml")
        #expect((database["image"] as? String)?.hasPrefix("postgres:") == true)
        let settings = environment(database)
        #expect(url.port == 5432)
        #expect(url.user == settings["POSTGRES_USER"])
        #expect(url.path == "/" + (settings["POSTGRES_DB"] ?? ""))
        // One password, interpolated from compose.env into both places: none in the repository.
        let password = try #require(settings["POSTGRES_PASSWORD"]?.captures(of: #"^\$\{([A-Z_][A-Z0-9_]*)[:}]"#).first?.first,
                                    "POSTGRES_PASSWORD must come from compose.env, not be written in compose.yaml")
        #expect(url.password == password, "the URL's password must be ${\(password)}, the database's")

        for (name, app) in apps {
            let dependency = (app["depends_on"] as? [String: [String: Any]])?[host]
            #expect(dependency?["condition"] as? String == "service_healthy", "\(name) must wait for the database to be healthy")
        }
    }

    @Test func theDatabaseHasAHealthCheckAndKeepsItsDataInAVolume() throws {
        let database = try #require(services["postgres"])
        let healthcheck = try #require(database["healthcheck"] as? [String: Any])
        #expect(strings(healthcheck["test"]).joined(separator: " ").contains("pg_isready"))
        let volumes = strings(database["volumes"])
        let data = try #require(volumes.first { $0.hasSuffix(":/var/lib/postgresql/data") }, "no volume for /var/lib/postgresql/data")
        let name = String(data.split(separator: ":")[0])
        #expect((document["volumes"] as? [String: Any])?.keys.contains(name) == true, "\(name) is not a named volume")
    }

    /// Read-only containers, with every path the image writes to mounted writable.
    @Test func theInstancesRunReadOnly() throws {
        let runtime = try #require(Dockerfile(try Repository.text("Deploy/Dockerfile")).stages.last)
        let imageVolumes = runtime.arguments(of: "VOLUME").flatMap { $0.captures(of: #""([^"]+)""#).map { $0[0] } }
        for (name, app) in apps {
            #expect(app["read_only"] as? Bool == true, "\(name) is not read_only")
            let writable = strings(app["tmpfs"]) + strings(app["volumes"]).compactMap { $0.split(separator: ":").dropFirst().first.map(String.init) }
            for path in ["/tmp"] + imageVolumes {
                #expect(writable.contains(path), "\(name) cannot write \(path)")
            }
        }
    }

    /// SIGTERM lets requests in flight finish: Compose must wait at least as long as the proxy
    /// lets a request run before it kills the instance. Live streams do not count: they end at
    /// once on SIGTERM (and their clients reconnect), whatever the proxy would allow them.
    @Test func theInstancesAreGivenTimeToFinishTheirRequests() throws {
        let proxy = try Repository.text("Deploy/nginx-compose.conf")
            .replacingOccurrences(of: #"location = /v1/me/events \{[^}]*\}"#, with: "", options: .regularExpression)
        let timeouts = ProxyUnderTest.values(of: "proxy_read_timeout", in: proxy).compactMap(ProxyUnderTest.seconds)
        let longest = try #require(timeouts.max())
        for (name, app) in apps {
            let grace = try #require((app["stop_grace_period"] as? String).flatMap(ProxyUnderTest.seconds), "\(name) has no stop_grace_period")
            #expect(grace >= longest, "\(name) is killed \(grace) s after SIGTERM, but a request may run \(longest) s")
        }
    }

    @Test func theProxyServesTheInstancesWithItsConfigurationAndCertificate() throws {
        let proxy = try #require(services["proxy"])
        #expect((proxy["image"] as? String)?.hasPrefix("nginx:") == true)
        let ports = strings(proxy["ports"])
        #expect(ports.contains("80:80") && ports.contains("443:443"), "\(ports)")
        let volumes = strings(proxy["volumes"])
        #expect(volumes.contains { $0.hasPrefix("./nginx-compose.conf:/etc/nginx/conf.d/") && $0.hasSuffix(":ro") },
                "nginx-compose.conf must be mounted read-only into /etc/nginx/conf.d/: \(volumes)")

        let configuration = try Repository.text("Deploy/nginx-compose.conf")
        for certificate in ProxyUnderTest.values(of: "ssl_certificate", in: configuration) + ProxyUnderTest.values(of: "ssl_certificate_key", in: configuration) {
            let folder = URL(fileURLWithPath: certificate).deletingLastPathComponent().path
            #expect(volumes.contains { $0.hasSuffix(":\(folder):ro") }, "\(certificate) is not mounted read-only into the proxy")
        }

        // Every instance, and only those, upstream, on the port the image listens on.
        let runtime = try #require(Dockerfile(try Repository.text("Deploy/Dockerfile")).stages.last)
        let port = try #require(runtime.arguments(of: "ENV").joined(separator: " ").captures(of: #"PUZZLEMAP_PORT=(\d+)"#).first?.first)
        #expect(Set(ProxyUnderTest.upstreamServers(in: configuration)) == Set(apps.keys.map { "\($0):\(port)" }))
    }

    /// Copying compose.env.example and filling it in is enough, and it holds no secret.
    @Test func theExampleEnvironmentFileDefinesEveryInterpolatedVariable() throws {
        let compose = try Repository.text("Deploy/compose.yaml")
        let example = try Repository.text("Deploy/compose.env.example")
        let interpolated = Set(compose.captures(of: #"(?<!\$)\$\{([A-Z_][A-Z0-9_]*)"#).map { $0[0] })
        #expect(!interpolated.isEmpty)
        let defined = Dictionary(example.captures(of: #"^([A-Z_][A-Z0-9_]*)=(.*)$"#, options: .anchorsMatchLines).map { ($0[0], $0[1]) },
                                 uniquingKeysWith: { _, last in last })
        for variable in interpolated.sorted() {
            #expect(defined[variable] != nil, "compose.yaml uses ${\(variable)}, which compose.env.example does not list")
        }
        #expect(defined["POSTGRES_PASSWORD"] == "", "compose.env.example must not carry a password")
        for app in apps.values {
            #expect(strings(app["env_file"]) == ["compose.env"])
        }
    }

    /// The instances' check asks for readiness (database included): it passes only on /readyz.
    @Test func theInstancesHealthCheckAsksForReadiness() async throws {
        let app = try #require(apps["app1"])
        let test = strings((app["healthcheck"] as? [String: Any])?["test"])
        #expect(test.first == "CMD")
        // Compose turns `$$` into `$` before running the command.
        let command = test.dropFirst().map { $0.replacingOccurrences(of: "$$", with: "$") }
        let stubs = try await StubInstances(["ready=200@/readyz", "aliveOnly=200@/healthz", "unready=503"], freePorts: 1)
        defer { stubs.stop() }
        func check(_ port: Int) async throws -> Int32 {
            try await run(command[0], Array(command.dropFirst()), environment: ["PUZZLEMAP_PORT": String(port)]).status
        }
        #expect(try await check(stubs.ports["ready"]!) == 0)
        #expect(try await check(stubs.ports["aliveOnly"]!) != 0)
        #expect(try await check(stubs.ports["unready"]!) != 0)
        #expect(try await check(stubs.freePorts[0]) != 0)
    }
}
