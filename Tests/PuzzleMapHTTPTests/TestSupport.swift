import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import PuzzleMapCore
import PuzzleMapGame
import PuzzleMapHTTP
import PuzzleMapSQLite
import PuzzleMapStartup
import PuzzleMapStorage
import Testing

/// A quiet logger for prepared services.
let testLogger: Logger = {
    var logger = Logger(label: "test")
    logger.logLevel = .warning
    return logger
}()

/// A clock tests can move.
final class TestClock: @unchecked Sendable {
    // Guarded by the lock; tests read and move it from several tasks.
    private let lock = NSLock()
    private var current: Date

    /// Wednesday 18 November 2026, noon in Glasgow: most of the campus is open.
    init(_ start: Date = try! Date("2026-11-18T12:00:00Z", strategy: .iso8601)) { current = start }

    var now: Date { lock.withLock { current } }
    func advance(by seconds: TimeInterval) { lock.withLock { current += seconds } }
}

/// The service as `serve` prepares it, on a temporary data directory, with a pinned clock.
struct TestService {
    let services: HuntServices
    let clock: TestClock
    let repository: SQLiteHuntRepository
    let settings: ServiceSettings

    /// `editableContent`: the service reads a copy of the shipped content in its data
    /// directory (`settings.campusDirectory`), which a test may change and reload.
    /// `adjust` changes the settings the service starts with.
    init(editableContent: Bool = false, adjust: (inout ServiceSettings) -> Void = { _ in }) async throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var settings = ServiceSettings()
        settings.campusDirectory = root.appendingPathComponent("Campus").path
        settings.riddlesDirectory = root.appendingPathComponent("Riddles").path
        settings.dataDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("puzzlemap-http-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: settings.dataDirectory, withIntermediateDirectories: true)
        if editableContent {
            for folder in ["Campus", "Riddles"] {
                try FileManager.default.copyItem(atPath: root.appendingPathComponent(folder).path, toPath: settings.dataDirectory + "/" + folder)
            }
            settings.campusDirectory = settings.dataDirectory + "/Campus"
            settings.riddlesDirectory = settings.dataDirectory + "/Riddles"
        }
        // A live stream through the router ends soon, so a test reads its whole answer.
        settings.liveStreamLifetime = .milliseconds(300)
        // The whole suite runs hundreds of tests at once on two cores, where an operation may
        // wait seconds for a thread: the database waits rather than refuses (tests about its
        // deadline and queue set their own).
        settings.databaseDeadline = StorageLimits.unhurried.deadline
        settings.databaseQueue = StorageLimits.unhurried.waiting
        adjust(&settings)
        let content = try PuzzleMapContent.ContentReader(campusDirectory: settings.campusDirectory, riddlesDirectory: settings.riddlesDirectory).load().get()
        let clock = TestClock()
        repository = try SQLiteHuntRepository.open(path: settings.databasePath, weeks: content.weeks, limits: settings.storageLimits)
        let hunt = try await Hunt.prepare(content: content, repository: repository, settings: settings, logger: testLogger,
                                          random: .seeded(2026), now: { clock.now })
        services = HuntServices(hunt: hunt, contentSource: HuntStartup.contentSource(settings: settings), settings: settings)
        self.settings = settings
        self.clock = clock
    }

    /// A signed-in organiser (an admin account, as `puzzlemap admin add` makes one).
    func organiserToken(_ client: some TestClientProtocol, username: String = "olive") async throws -> String {
        let token = try await client.signedInPlayer(username)
        _ = try await repository.setRole(email: "\(username)@student.gla.ac.uk", role: .admin, partnerID: nil)
        return token
    }

    func test(logger: Logger = testLogger, _ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        // The application exactly as `serve` builds it, driven through its router.
        try await buildApplication(services: services, settings: settings, logger: logger).test(.router, body)
    }

    /// What the organisers' `puzzlemap stats` would read now.
    func statistics() async throws -> HuntStatistics {
        HuntStatistics(try await repository.figures(activeSince: clock.now - HuntStatistics.activeWindow))
    }

    /// The newest mail sent to `recipient`.
    func lastMail(to recipient: String) async throws -> OutgoingMail? {
        try await repository.allMail(limit: 100).first { $0.recipient == recipient }
    }
}

import PuzzleMapContent

/// A decoded response: status, JSON body and headers.
struct Reply: Sendable {
    let status: HTTPResponse.Status
    let headers: HTTPFields
    let body: Data

    var json: [String: any Sendable] { ((try? JSONSerialization.jsonObject(with: body)) as? [String: any Sendable]) ?? [:] }
    /// The body as a JSON array (for routes that answer a list).
    var list: [[String: Any]] { ((try? JSONSerialization.jsonObject(with: body)) as? [[String: Any]]) ?? [] }
    /// The problem's stable code, when the answer is a problem.
    var code: String? { json["code"] as? String }
    var isProblem: Bool { headers[.contentType] == "application/problem+json" }
}

/// The service answered 503 to every try, for ten seconds.
struct ServiceStayedBusy: Error {}

extension TestClientProtocol {
    /// Sends a JSON body (or none) with an optional bearer token.
    func call(_ method: HTTPRequest.Method, _ path: String, json: [String: any Sendable]? = nil, token: String? = nil,
              headers extra: HTTPFields = [:]) async throws -> Reply {
        var headers = extra
        if let token { headers[.authorization] = "Bearer \(token)" }
        var body: ByteBuffer?
        if let json {
            headers[.contentType] = "application/json"
            body = ByteBuffer(data: try JSONSerialization.data(withJSONObject: json))
        }
        return try await execute(uri: path, method: method, headers: headers, body: body) { response in
            Reply(status: response.status, headers: response.headers, body: Data(buffer: response.body))
        }
    }

    /// A signed-in player who has taken the quiz with every answer `answer`.
    func playerWithQuiz(_ username: String = "ada", quiz: [String], answer: String = "agree") async throws -> String {
        let token = try await signedInPlayer(username)
        let reply = try await call(.put, "/v1/me/quiz", json: ["answers": Dictionary(uniqueKeysWithValues: quiz.map { ($0, answer) })], token: token)
        #expect(reply.status == .ok)
        return token
    }

    /// The same, on a service whose database deadline is short on purpose: on a machine busy
    /// with the rest of the suite the set-up itself may meet it, and is tried again, as a client
    /// does after a 503 (a sign-up that was kept before its answer was lost finds its name taken).
    func signedInPlayerRetryingWhileBusy(_ username: String, password: String = "correct horse battery") async throws -> String {
        for _ in 0..<20 {
            let signUp = try await call(.post, "/v1/accounts", json: [
                "email": "\(username)@student.gla.ac.uk", "username": username, "password": password, "displayName": username.capitalized,
            ])
            if signUp.status == .serviceUnavailable { try await Task.sleep(for: .milliseconds(500)); continue }
            #expect(signUp.status == .created || signUp.status == .conflict)
            break
        }
        for _ in 0..<20 {
            let session = try await call(.post, "/v1/sessions", json: ["login": username, "password": password])
            if session.status == .serviceUnavailable { try await Task.sleep(for: .milliseconds(500)); continue }
            return try #require(session.json["accessToken"] as? String)
        }
        throw ServiceStayedBusy()
    }

    /// Signs up and signs in a player; returns the access token.
    func signedInPlayer(_ username: String = "ada", password: String = "correct horse battery") async throws -> String {
        let signUp = try await call(.post, "/v1/accounts", json: [
            "email": "\(username)@student.gla.ac.uk", "username": username, "password": password, "displayName": username.capitalized,
        ])
        #expect(signUp.status == .created)
        let session = try await call(.post, "/v1/sessions", json: ["login": username, "password": password])
        return try #require(session.json["accessToken"] as? String)
    }
}
