import Foundation
import Testing

/// The deployment files, checked by the tools that will read them. No Docker engine runs here,
/// so the container files are kept right by reading; these two can be verified.
@Suite struct DeployFilesTests {
    let deploy = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Deploy")
    let work: URL

    init() throws {
        work = FileManager.default.temporaryDirectory.appendingPathComponent("puzzlemap-deploy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    }

    func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test func theSystemdUnitVerifiesWithoutAWarning() throws {
        // verify checks that ExecStart exists: point it at a binary that does.
        let unit = try String(contentsOf: deploy.appendingPathComponent("puzzlemap.service"), encoding: .utf8)
            .replacingOccurrences(of: "/usr/local/bin/puzzlemap", with: "/bin/true")
        let path = work.appendingPathComponent("puzzlemap.service").path
        try unit.write(toFile: path, atomically: true, encoding: .utf8)
        let result = try run("systemd-analyze", ["verify", path])
        #expect(result.status == 0)
        // verify exits 0 on unknown keys and bad values, but says so: it must say nothing.
        #expect(result.output.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "\(result.output)")
    }

    @Test func theProxyConfigurationPassesNginxTest() throws {
        let ssl = work.appendingPathComponent("ssl")
        try FileManager.default.createDirectory(at: ssl, withIntermediateDirectories: true)
        let certificate = try run("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=hunt.example.ac.uk",
                                              "-keyout", ssl.appendingPathComponent("privkey.pem").path,
                                              "-out", ssl.appendingPathComponent("fullchain.pem").path])
        #expect(certificate.status == 0)
        let site = try String(contentsOf: deploy.appendingPathComponent("nginx-puzzlemap.conf"), encoding: .utf8)
            .replacingOccurrences(of: "/etc/ssl/puzzlemap", with: ssl.path)
        try site.write(to: work.appendingPathComponent("site.conf"), atomically: true, encoding: .utf8)
        let main = """
            pid \(work.path)/nginx.pid;
            error_log \(work.path)/error.log;
            events {}
            http {
                access_log off;
                client_body_temp_path \(work.path)/body;
                include \(work.path)/site.conf;
            }
            """
        try main.write(to: work.appendingPathComponent("nginx.conf"), atomically: true, encoding: .utf8)
        let result = try run("nginx", ["-t", "-c", work.appendingPathComponent("nginx.conf").path, "-p", work.path])
        #expect(result.status == 0, "\(result.output)")
        #expect(site.contains("client_max_body_size 16m"), "the proxy must accept the service's 15 MiB photos")
    }
}
