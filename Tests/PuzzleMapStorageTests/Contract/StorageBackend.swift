import Foundation
import GRDB
import Logging
import PostgresNIO
import PuzzleMapContent
import PuzzleMapCore
import PuzzleMapPostgres
import PuzzleMapSQLite
import PuzzleMapStorage
import Testing

/// The stores the contract suite holds to one behaviour. Every contract test runs once per
/// backend, each time on a fresh, empty, migrated database.
enum StorageBackend: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// A temporary SQLite file in WAL mode, as the service opens it. Both stores wait rather
    /// than refuse (``StorageLimits/unhurried``): the contract's races put hundreds of
    /// operations on one store while the rest of the suite shares the cores.
    case sqlite
    /// A fresh schema of its own on the server `PUZZLEMAP_TEST_POSTGRES_URL` names.
    case postgres

    var testDescription: String { rawValue }

    /// The environment variable naming the PostgreSQL server tests use.
    static let postgresURLVariable = "PUZZLEMAP_TEST_POSTGRES_URL"

    /// Why the PostgreSQL half of the suite cannot run: it fails rather than being skipped.
    struct MissingPostgres: Error, CustomStringConvertible {
        var description: String {
            "\(StorageBackend.postgresURLVariable) is not set, so the PostgreSQL half of the storage contract cannot run. "
                + "Run `make test`, or `Scripts/with-postgres.sh swift test`, which starts a throwaway PostgreSQL for the run."
        }
    }

    static var postgresURL: String {
        get throws {
            guard let url = ProcessInfo.processInfo.environment[postgresURLVariable], !url.isEmpty else { throw MissingPostgres() }
            return url
        }
    }

    /// A quiet logger: the tests' own failures say what went wrong.
    static let logger: Logger = {
        var logger = Logger(label: "contract")
        logger.logLevel = .error
        return logger
    }()

    /// A schema name no other test uses.
    static func freshSchema() -> String {
        "contract_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
    }

    /// Runs `body` with a fresh repository and removes it afterwards, whether `body` throws or not.
    func withRepository(_ body: (any HuntRepository) async throws -> Void) async throws {
        try await withRepository { repository, _ in try await body(repository) }
    }

    /// Runs `body` with a fresh repository and a way to run SQL on its database behind its
    /// back, as someone with a database shell would (table names unqualified).
    func withRepository(_ body: (any HuntRepository, _ sql: @Sendable (String) async throws -> Void) async throws -> Void) async throws {
        switch self {
        case .sqlite:
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("puzzlemap-contract-\(UUID().uuidString).sqlite").path
            defer {
                for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
            }
            try await body(try SQLiteHuntRepository.open(path: path, limits: .unhurried)) { sql in
                try await DatabaseQueue(path: path).write { db in try db.execute(sql: sql) }
            }
        case .postgres:
            let url = try Self.postgresURL
            let schema = Self.freshSchema()
            let repository = try await PostgresHuntRepository.connect(url: url, schema: schema, maximumConnections: 8, limits: .unhurried,
                                                                      logger: Self.logger)
            // Every pooled connection opened before the test begins, so that its simultaneous
            // calls really run side by side on separate connections.
            _ = try await concurrently(8) { _ in try await repository.ping() }
            var failure: (any Error)?
            do {
                try await body(repository) { sql in
                    try await PostgresAdmin.execute([PostgresQuery(unsafeSQL: "SET search_path TO \"\(schema)\"; \(sql)")], url: url)
                }
            } catch {
                failure = error
            }
            // Clean-up that hangs (a pool's shutdown has been seen to wait for ever, once) must
            // not hang the suite: the test's own outcome is already known, and the throwaway
            // server goes with the run.
            if !(await finishes(within: .seconds(30), { await repository.close() })) {
                print("warning: the PostgreSQL store of schema \(schema) did not close within 30 s; left behind")
            }
            if !(await finishes(within: .seconds(30), { try await PostgresAdmin.dropSchema(schema, url: url) })) {
                print("warning: schema \(schema) was not dropped within 30 s; left behind")
            }
            if let failure { throw failure }
        }
    }
}

/// What the suite does to the PostgreSQL server outside any repository.
enum PostgresAdmin {
    /// Runs statements on a short-lived pool of one connection.
    static func execute(_ statements: [PostgresQuery], url: String) async throws {
        var configuration = try PostgresConnectionURL(url).configuration()
        configuration.options.maximumConnections = 1
        let client = PostgresClient(configuration: configuration)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await client.run() }
            defer { group.cancelAll() }
            for statement in statements {
                try await client.withConnection { connection in
                    for try await _ in try await connection.query(statement, logger: StorageBackend.logger) {}
                }
            }
        }
    }

    static func dropSchema(_ schema: String, url: String) async throws {
        try await execute([PostgresQuery(unsafeSQL: "DROP SCHEMA IF EXISTS \"\(schema)\" CASCADE")], url: url)
    }
}

/// The shipped campus content and the moments the tests play at.
enum ContractFixture {
    static let content: CampusContent = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        // The shipped content is validated by its own tests; a failure here is a broken checkout.
        return try! ContentReader(campusDirectory: root.appendingPathComponent("Campus").path,
                                  riddlesDirectory: root.appendingPathComponent("Riddles").path).load().get()
    }()

    /// Monday 21 September 2026, 14:13:20 UTC: the first day of a week.
    static let start = Date(timeIntervalSince1970: 1_790_000_000)

    static func mail(to recipient: String) -> MailDraft {
        MailDraft(recipient: recipient, subject: "Welcome", body: "Your code is 123456")
    }
}

extension HuntRepository {
    /// A player with placeholder credentials, `<username>@student.gla.ac.uk`, for tests about
    /// other things.
    func signUp(_ username: String, at date: Date = ContractFixture.start) async throws -> Player {
        try await createAccount(
            email: "\(username)@student.gla.ac.uk", username: username, displayName: username.capitalized, passwordHash: "$argon2id$\(username)",
            verificationCodeHash: "code-\(username)", verificationExpiresAt: date + 3600,
            mail: ContractFixture.mail(to: "\(username)@student.gla.ac.uk"), at: date
        ).player
    }

    /// A player whose email is verified (vouchers wait for it).
    func verifiedPlayer(_ username: String, at date: Date = ContractFixture.start) async throws -> Player {
        let player = try await signUp(username, at: date)
        #expect(try await verifyEmail(playerID: player.id, codeHash: "code-\(username)", maxAttempts: 5, at: date))
        return player
    }

    /// Content imported at the start.
    func imported(_ content: CampusContent = ContractFixture.content) async throws -> CampusContent {
        _ = try await importContent(content, at: ContractFixture.start)
        return content
    }
}

/// Runs `count` copies of `body` at once and collects their results, in no particular order.
func concurrently<Value: Sendable>(_ count: Int, _ body: @escaping @Sendable (Int) async throws -> Value) async throws -> [Value] {
    try await withThrowingTaskGroup(of: Value.self) { group in
        for index in 0..<count { group.addTask { try await body(index) } }
        return try await group.reduce(into: []) { $0.append($1) }
    }
}
