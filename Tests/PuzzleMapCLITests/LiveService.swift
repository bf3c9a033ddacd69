import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import PuzzleMapCore
import PuzzleMapTestFixtures
import Testing

/// `puzzlemap serve` as a real process on loopback, for what only a real process shows:
/// signals, crashes, restarts and everything it logs. It listens on a port the kernel
/// chooses, logs JSON at debug level into a file, and delivers mail into a mailbox file.
final class LiveService: Sendable {
    /// Fixed keys, so tests can sign codes the way printed stickers are signed.
    static let secrets = ServiceSecrets(tagKeyData: Data(repeating: 0x5A, count: 32), tokenKeyData: Data(repeating: 0xA5, count: 32))!
    static let publicURL = "https://hunt.example.ac.uk"

    /// The running service.
    private let child: ChildProcess
    var processIdentifier: pid_t { child.pid }
    let port: Int
    let logFile: URL
    let mailbox: URL
    let session: URLSession

    /// Starts the service on `dataDirectory` and waits until it listens. Instances sharing a
    /// database share their outbox, and any of them may deliver a mail: give them one
    /// `mailbox`, as they would share one mail relay.
    /// `launcher` runs the executable (see ``insideTmpfs(at:options:)``).
    init(dataDirectory: URL, environment extra: [String: String] = [:], configuredKeys: Bool = true, mailbox: URL? = nil,
         launcher: [String] = []) async throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        try FileManager.default.createDirectory(at: dataDirectory, withIntermediateDirectories: true)
        logFile = dataDirectory.appendingPathComponent("service-\(UUID().uuidString).log")
        self.mailbox = mailbox ?? dataDirectory.appendingPathComponent("mailbox")
        var environment: [String: String] = [
            "PUZZLEMAP_HOST": "127.0.0.1", "PUZZLEMAP_PORT": "0",
            "PUZZLEMAP_DATA_DIR": dataDirectory.path,
            "PUZZLEMAP_CAMPUS_DIR": repository.appendingPathComponent("Campus").path,
            "PUZZLEMAP_RIDDLES_DIR": repository.appendingPathComponent("Riddles").path,
            "PUZZLEMAP_PUBLIC_URL": Self.publicURL,
            "PUZZLEMAP_LOG_FORMAT": "json", "PUZZLEMAP_LOG_LEVEL": "debug",
            "PUZZLEMAP_SENDMAIL": "cat >> '\(self.mailbox.path)'",
        ]
        if configuredKeys {
            environment["PUZZLEMAP_TAG_KEY"] = Self.secrets.tagKeyData.base64EncodedString()
            environment["PUZZLEMAP_TOKEN_KEY"] = Self.secrets.tokenKeyData.base64EncodedString()
        }
        environment.merge(extra) { _, new in new }

        let child = try await ChildProcess.start(launcher + [puzzlemapExecutable.path, "serve"], environment: childEnvironment(environment),
                                                 output: logFile.path)
        self.child = child

        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 120
        session = URLSession(configuration: configuration)

        let deadline = Date().addingTimeInterval(120)
        var found: Int?
        while found == nil {
            guard !child.hasEnded() else { throw LiveServiceFailure(message: "the service exited: \(Self.read(logFile))") }
            guard Date() < deadline else { throw LiveServiceFailure(message: "the service did not start listening: \(Self.read(logFile))") }
            try await Task.sleep(for: .milliseconds(50))
            found = Self.read(logFile).split(separator: "\n").lazy.compactMap { line -> Int? in
                guard let range = line.range(of: "Server started and listening on 127.0.0.1:") else { return nil }
                return Int(line[range.upperBound...].prefix { $0.isNumber })
            }.first
        }
        port = found!
    }

    struct LiveServiceFailure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// A request's answer.
    struct Reply: Sendable {
        var status: Int
        var body: Data
        var headers: [String: String]
        var json: [String: any Sendable] { ((try? JSONSerialization.jsonObject(with: body)) as? [String: any Sendable]) ?? [:] }
        var list: [[String: any Sendable]] { ((try? JSONSerialization.jsonObject(with: body)) as? [[String: any Sendable]]) ?? [] }
        var code: String? { json["code"] as? String }
        func header(_ name: String) -> String? { headers.first { $0.key.lowercased() == name.lowercased() }?.value }
    }

    /// Sends a request and waits for its answer, for `timeout` seconds when given (the
    /// session's two minutes otherwise).
    func call(_ method: String, _ path: String, json: [String: any Sendable]? = nil, token: String? = nil,
              headers: [String: String] = [:], body: Data? = nil, timeout: TimeInterval? = nil) async throws -> Reply {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
        request.httpMethod = method
        if let timeout { request.timeoutInterval = timeout }
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        if let json {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = try JSONSerialization.data(withJSONObject: json)
        }
        if let body { request.httpBody = body }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await session.data(for: request)
        let http = response as! HTTPURLResponse
        let fields = Dictionary(http.allHeaderFields.map { ("\($0.key)", "\($0.value)") }) { first, _ in first }
        return Reply(status: http.statusCode, body: data, headers: fields)
    }

    /// Signs up and signs in; returns the session's JSON (access and refresh tokens).
    func signUp(_ username: String, password: String) async throws -> [String: any Sendable] {
        let signUp = try await call("POST", "/v1/accounts", json: [
            "email": "\(username)@student.gla.ac.uk", "username": username, "password": password, "displayName": username.capitalized,
        ])
        #expect(signUp.status == 201, "\(String(decoding: signUp.body, as: UTF8.self))")
        let session = try await call("POST", "/v1/sessions", json: ["login": username, "password": password])
        #expect(session.status == 200)
        return session.json
    }

    /// Confirms a player's email with the code from the mailbox.
    func verifyEmail(of username: String) async throws {
        let email = "\(username)@student.gla.ac.uk"
        let code = try #require(try await mailLine(to: email, subject: "verification code") { $0.count == 6 && $0.allSatisfy(\.isNumber) })
        #expect(try await call("POST", "/v1/accounts/verify", json: ["email": email, "code": code]).status == 200)
    }

    /// The first line of the newest matching mail that `isWanted`, waiting for delivery.
    func mailLine(to recipient: String, subject: String, isWanted: (String) -> Bool) async throws -> String? {
        for _ in 0..<200 {
            let messages = Self.read(mailbox).components(separatedBy: "To: ").filter { $0.hasPrefix(recipient) && $0.contains(subject) }
            if let message = messages.last,
               let line = message.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }).first(where: isWanted) {
                return line
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        return nil
    }

    /// The QR text printed at the checkpoint with this import number.
    static func qrText(checkpointNumber: Int, version: Int = 1) -> String {
        TagSigner(secrets: secrets).qrText(for: TagPayload(purpose: .checkpoint, subject: UInt64(checkpointNumber), version: version), baseURL: publicURL)
    }

    var log: String { Self.read(logFile) }

    func send(_ signal: Int32) { kill(processIdentifier, signal) }

    /// Whether the service has not exited yet.
    var isRunning: Bool { !child.hasEnded() }

    /// Waits for the process to end; returns its exit status, or 128 plus the signal that ended it.
    func waitForExit() async -> Int32 {
        await child.wait()
    }

    deinit {
        if isRunning { kill(child.pid, SIGKILL) }
        session.invalidateAndCancel()
    }

    private static func read(_ file: URL) -> String {
        (try? String(contentsOf: file, encoding: .utf8)) ?? ""
    }
}
