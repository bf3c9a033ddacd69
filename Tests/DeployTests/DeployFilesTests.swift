import Foundation
import Testing

/// The single-machine files and the proxy configurations, checked by the tools that will read
/// them. No Docker engine runs here: the container files are checked in ContainerImageTests
/// and ComposeFileTests by what can be verified without one.
@Suite struct DeployFilesTests {
    /// Every nginx configuration in Deploy/; `everyProxyConfigurationIsChecked` keeps the list whole.
    static let proxyConfigurations = ["nginx-puzzlemap.conf", "nginx-compose.conf"]

    @Test func theSystemdUnitVerifiesWithoutAWarning() async throws {
        let folder = try ScratchFolder()
        // verify checks that ExecStart exists: point it at a binary that does.
        let unit = try Repository.text("Deploy/puzzlemap.service")
            .replacingOccurrences(of: "/usr/local/bin/puzzlemap", with: "/bin/true")
        let path = folder.path("puzzlemap.service")
        try unit.write(toFile: path, atomically: true, encoding: .utf8)
        let result = try await run("systemd-analyze", ["verify", path])
        #expect(result.status == 0)
        // verify exits 0 on unknown keys and bad values, but says so: it must say nothing.
        #expect(result.output.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "\(result.output)")
    }

    @Test func everyProxyConfigurationIsChecked() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Repository.url("Deploy").path).filter { $0.hasSuffix(".conf") }
        #expect(Set(files) == Set(Self.proxyConfigurations), "add new nginx configurations to DeployFilesTests.proxyConfigurations")
    }

    @Test(arguments: proxyConfigurations)
    func theProxyConfigurationPassesNginxTest(file: String) async throws {
        let proxy = try await ProxyUnderTest(file, in: ScratchFolder())
        let result = try await proxy.test()
        #expect(result.status == 0, "\(result.output)")
    }

    /// The proxy lets through every body the service accepts, so that the service, whose
    /// problem+json the app can show, refuses a photo that is too large; and not much more,
    /// so that nginx does not buffer what the service will refuse anyway.
    ///
    /// The service's limit is read from its source (``Repository/serviceUploadLimit()``).
    @Test(arguments: proxyConfigurations)
    func theProxyAcceptsTheBodiesTheServiceAccepts(file: String) throws {
        let serviceLimit = try Repository.serviceUploadLimit()
        let configuration = try Repository.text("Deploy/\(file)")
        let sizes = ProxyUnderTest.values(of: "client_max_body_size", in: configuration)
        #expect(!sizes.isEmpty, "\(file) sets no client_max_body_size: nginx's default of 1 MiB refuses most photos")
        for size in sizes {
            let proxyLimit = try #require(ProxyUnderTest.bytes(size), "client_max_body_size \(size)")
            #expect(proxyLimit > serviceLimit, "\(file): client_max_body_size \(size) refuses photos the service (\(serviceLimit) bytes) accepts")
            #expect(proxyLimit - serviceLimit <= 1 << 20, "\(file): client_max_body_size \(size) buffers far more than the service's \(serviceLimit) bytes")
        }
    }

    /// The two configurations differ in which instances they send to, and in nothing else.
    @Test func theComposeProxyIsTheSingleMachineProxyWithAnotherUpstream() throws {
        let single = try Repository.text("Deploy/nginx-puzzlemap.conf")
        let compose = try Repository.text("Deploy/nginx-compose.conf")
        #expect(ProxyUnderTest.essence(of: single) == ProxyUnderTest.essence(of: compose),
                "nginx-puzzlemap.conf and nginx-compose.conf must differ only in their upstream block")
        #expect(ProxyUnderTest.upstreamServers(in: compose).count >= 2)
    }

    @Test func theSingleMachineProxySendsToWhereTheUnitListens() throws {
        let unit = try Repository.text("Deploy/puzzlemap.service")
        func setting(_ name: String) -> String? { unit.captures(of: #"^Environment=\#(name)=(\S+)$"#, options: .anchorsMatchLines).last?.first }
        let host = try #require(setting("PUZZLEMAP_HOST"))
        let port = try #require(setting("PUZZLEMAP_PORT"))
        #expect(ProxyUnderTest.upstreamServers(in: try Repository.text("Deploy/nginx-puzzlemap.conf")) == ["\(host):\(port)"])
    }
}
