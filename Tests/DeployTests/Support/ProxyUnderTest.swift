import Foundation
import PuzzleMapTestFixtures

/// One of the nginx configurations in Deploy/, made loadable on this machine as it stands: a
/// throwaway certificate where the configuration expects one, logs and temporary files in a
/// scratch folder, and upstream names (compose services, which nginx resolves on load)
/// pointed at loopback addresses.
struct ProxyUnderTest {
    static let serverName = "hunt.example.ac.uk"

    let folder: ScratchFolder
    /// The configuration as written in Deploy/.
    let original: String
    var mainConfiguration: String { folder.path("nginx.conf") }

    /// - Parameters:
    ///   - upstreams: where each upstream server (`app1:8080`) really is; a name not listed
    ///     goes to 127.0.0.1 on its port.
    ///   - ports: listen on these loopback ports instead of 80 and 443, to really serve.
    init(_ file: String, in folder: ScratchFolder, upstreams: [String: String] = [:], ports: (http: Int, https: Int)? = nil) async throws {
        self.folder = folder
        original = try Repository.text("Deploy/\(file)")

        let ssl = folder.url.appendingPathComponent("ssl")
        try FileManager.default.createDirectory(at: ssl, withIntermediateDirectories: true)
        let certificate = try await run("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=\(Self.serverName)",
                                              "-keyout", ssl.appendingPathComponent("privkey.pem").path,
                                              "-out", ssl.appendingPathComponent("fullchain.pem").path])
        guard certificate.status == 0 else { throw ToolFailure(tool: "openssl", output: certificate.output) }

        var site = original
            .replacingOccurrences(of: "/etc/ssl/puzzlemap", with: ssl.path)
            .replacingOccurrences(of: "/var/log/nginx", with: folder.url.path)
        for server in Self.upstreamServers(in: original) {
            let port = server.split(separator: ":").last.map(String.init) ?? "80"
            let isAddress = server.first.map { $0.isNumber || $0 == "[" } ?? false
            let target = upstreams[server] ?? (isAddress ? server : "127.0.0.1:\(port)")
            // Templates name no group before an address: `$1127.0.0.1` would be group 1127.
            site = site.replacingOccurrences(
                of: #"(?m)^\s*server\s+\#(NSRegularExpression.escapedPattern(for: server))(\s|;)"#,
                with: "    server \(NSRegularExpression.escapedTemplate(for: target))$1", options: .regularExpression)
        }
        if let ports {
            site = site
                .replacingOccurrences(of: #"(?m)^\s*listen\s+\[::\].*$"#, with: "", options: .regularExpression)
                .replacingOccurrences(of: #"(?m)^\s*listen\s+80([\s;])"#, with: "    listen 127.0.0.1:\(ports.http)$1", options: .regularExpression)
                .replacingOccurrences(of: #"(?m)^\s*listen\s+443([\s;])"#, with: "    listen 127.0.0.1:\(ports.https)$1", options: .regularExpression)
        }
        try site.write(toFile: folder.path("site.conf"), atomically: true, encoding: .utf8)

        let work = folder.url.path
        let main = """
            \(ports == nil ? "" : "daemon off;")
            pid \(work)/nginx.pid;
            error_log \(work)/error.log;
            events {}
            http {
                access_log off;
                client_body_temp_path \(work)/body;
                proxy_temp_path \(work)/proxy;
                fastcgi_temp_path \(work)/fastcgi;
                uwsgi_temp_path \(work)/uwsgi;
                scgi_temp_path \(work)/scgi;
                include \(work)/site.conf;
            }
            """
        try main.write(toFile: mainConfiguration, atomically: true, encoding: .utf8)
    }

    /// `nginx -t`: the configuration parses, and every file and name in it can be found.
    func test() async throws -> ToolResult {
        try await run("nginx", ["-t", "-c", mainConfiguration, "-p", folder.url.path, "-e", folder.path("error.log")])
    }

    /// nginx serving in the foreground; `stop()` it when done.
    func start() async throws -> ChildProcess {
        try await ChildProcess.start(["nginx", "-c", mainConfiguration, "-p", folder.url.path, "-e", folder.path("error.log")])
    }

    /// The `server` addresses of a configuration's upstream blocks, as written.
    static func upstreamServers(in configuration: String) -> [String] {
        configuration.captures(of: #"upstream\s+[\w-]+\s*\{([^}]*)\}"#).flatMap { block in
            block[0].captures(of: #"^\s*server\s+([^\s;]+)"#, options: .anchorsMatchLines).map { $0[0] }
        }
    }

    /// Every value of a directive, in order.
    static func values(of directive: String, in configuration: String) -> [String] {
        configuration.captures(of: #"^\s*\#(directive)\s+([^;]+);"#, options: .anchorsMatchLines).map { $0[0] }
    }

    /// The configuration without comments, its upstream blocks or layout: what two variants
    /// must share.
    static func essence(of configuration: String) -> String {
        configuration.split(separator: "\n").map { line in
            // No quoted string in these files holds a `#`: a comment runs to the end of the line.
            line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        }.joined(separator: "\n")
            .replacingOccurrences(of: #"upstream\s+[\w-]+\s*\{[^}]*\}"#, with: "", options: .regularExpression)
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// nginx's size notation (`16m`, `512k`, `1048576`) in bytes.
    static func bytes(_ size: String) -> Int? {
        let units: [Character: Int] = ["k": 1 << 10, "m": 1 << 20, "g": 1 << 30]
        guard let last = size.lowercased().last else { return nil }
        if let unit = units[last] { return Int(size.dropLast()).map { $0 * unit } }
        return Int(size)
    }

    /// nginx's time notation (`30s`, `1m`, `500ms`) in seconds.
    static func seconds(_ time: String) -> Double? {
        for (suffix, factor) in [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600)] where time.hasSuffix(suffix) {
            return Double(time.dropLast(suffix.count)).map { $0 * factor }
        }
        return Double(time)
    }
}
