import Foundation
import PostgresNIO
import PuzzleMapCore
import PuzzleMapPostgres
import PuzzleMapSQLite
import PuzzleMapStorage
import Testing

/// What only the PostgreSQL store has to show: migrations shared by instances, schemas that
/// isolate, connection URLs, and dates that come back as SQLite gives them.
@Suite struct PostgresRepositoryTests {
    let start = ContractFixture.start

    @Test func instancesStartingTogetherApplyTheMigrationsExactlyOnce() async throws {
        let url = try StorageBackend.postgresURL
        let schema = StorageBackend.freshSchema()
        // Unhurried: the migration lock is held for the whole migration, which under the suite's
        // load has kept an instance waiting for a connection past the service's 5 s.
        let repositories = try await concurrently(4) { _ in
            try await PostgresHuntRepository.connect(url: url, schema: schema, maximumConnections: 2, limits: .unhurried, logger: StorageBackend.logger)
        }
        for repository in repositories {
            #expect(try await repository.appliedMigrations() == [
                "v1 content, players and ledger", "v2 accounts, sessions, mail and rate counters", "v3 quiz and riddles held",
                "v4 scans, check-ins and idempotency", "v5 offer stock and vouchers", "v6 friends, blocks and scores",
                "v7 idempotent scans remember their request", "v8 idempotent scans keep the game's answer", "v9 problem reports",
                "v10 audit log", "v11 closed checkpoints and broadcasts", "v12 staff invitations",
                "v13 moderation: flags, voids, adjustments and suspensions", "v14 report status, hint times and the dashboard's indexes",
                "v15 friend challenges", "v16 live events", "v17 crews", "v18 crew boards and invitations", "v19 play versions",
                "v20 boards read in order, ranks from tallies", "v21 crew riddles released", "v22 push notifications",
                "v23 email changes", "v24 content versions", "v25 content draft", "v26 sticker prints", "v27 open days", "v28 player looks", "v29 campus plan",
                "v30 account signals", "v31 friendships touch their players", "v32 blocks touch their players",
                "v33 play versions and totals signalled",
                "v34 totals signalled with their values",
            ])
        }
        // All four work on the one database.
        let ada = try await repositories[0].signUp("ada")
        #expect(try await repositories[3].account(id: ada.id)?.player == ada)
        for repository in repositories { await repository.close() }
        // A later start finds nothing to do.
        let later = try await PostgresHuntRepository.connect(url: url, schema: schema, limits: .unhurried, logger: StorageBackend.logger)
        #expect(try await later.appliedMigrations().count == 34)
        #expect(try await later.account(login: "ada")?.player == ada)
        await later.close()
        try await PostgresAdmin.dropSchema(schema, url: url)
    }

    @Test func eachSchemaIsADatabaseOfItsOwn() async throws {
        try await StorageBackend.postgres.withRepository { first in
            try await StorageBackend.postgres.withRepository { second in
                let ada = try await first.signUp("ada")
                #expect(try await second.account(login: "ada") == nil)
                let bob = try await second.signUp("ada")
                #expect(bob.id == ada.id) // each has its own sequences too
                #expect(try await first.allMail(limit: 10).count == 1)
            }
        }
    }

    @Test func datesComeBackExactlyAsSQLiteGivesThem() async throws {
        let sqlite = try SQLiteHuntRepository.inMemory()
        try await StorageBackend.postgres.withRepository { postgres in
            var generator = SystemRandomNumberGenerator()
            let instants = [start, start + 0.000_4, start + 0.000_5, start + 0.000_999, start + 0.123_456_789, start - 0.000_1,
                            Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: -1.5), Date(timeIntervalSinceReferenceDate: 0.000_7)]
                + (0..<200).map { _ in Date(timeIntervalSince1970: Double.random(in: 0...4_000_000_000, using: &generator)) }
            for repository in [sqlite, postgres] as [any HuntRepository] {
                _ = try await repository.signUp("ada")
            }
            func stored(_ repository: any HuntRepository) async throws -> [Date] {
                let player = try #require(try await repository.account(login: "ada")).player
                for instant in instants {
                    _ = try await repository.appendEvent(playerID: player.id, kind: .checkedIn, checkpointID: nil, riddleID: nil, xp: 1, at: instant)
                }
                return try await repository.events(playerID: player.id).map(\.occurredAt)
            }
            let fromSQLite = try await stored(sqlite)
            let fromPostgres = try await stored(postgres)
            #expect(fromSQLite.count == instants.count)
            for (index, (expected, found)) in zip(fromSQLite, fromPostgres).enumerated() where expected != found {
                Issue.record("\(instants[index].timeIntervalSince1970): SQLite gives \(expected.timeIntervalSince1970), PostgreSQL \(found.timeIntervalSince1970)")
            }
        }
    }

    @Test func connectionURLsReadLikeLibpqOnes() throws {
        let tcp = try PostgresConnectionURL("postgres://ada:p%40ss%2Fword@db.example:6543/hunt?sslmode=require")
        #expect(tcp.username == "ada")
        #expect(tcp.password == "p@ss/word")
        #expect(tcp.database == "hunt")
        #expect(tcp.endpoint == .tcp(host: "db.example", port: 6543))
        #expect(tcp.tls == .require)

        let plain = try PostgresConnectionURL("postgresql://postgres@127.0.0.1/puzzlemap")
        #expect(plain.password == nil)
        #expect(plain.endpoint == .tcp(host: "127.0.0.1", port: 5432))
        #expect(plain.tls == .prefer)

        let socket = try PostgresConnectionURL("postgres://postgres@/puzzlemap?host=/run/postgresql&port=5433")
        #expect(socket.endpoint == .socket(path: "/run/postgresql/.s.PGSQL.5433"))
        #expect(socket.configuration().unixSocketPath == "/run/postgresql/.s.PGSQL.5433")

        #expect(throws: PostgresConnectionURL.Invalid.sslMode("verify-full")) {
            _ = try PostgresConnectionURL("postgres://a@h/d?sslmode=verify-full")
        }
        #expect(throws: PostgresConnectionURL.Invalid.self) { _ = try PostgresConnectionURL("mysql://a@h/d") }
        #expect(throws: PostgresConnectionURL.Invalid.self) { _ = try PostgresConnectionURL("postgres://h/d") }
    }

    @Test func aServerThatCannotBeReachedIsReportedWithItsReason() async throws {
        var missing = try #require(URLComponents(string: try StorageBackend.postgresURL))
        missing.path = "/no_such_database"
        let error = await #expect(throws: PostgresUnreachable.self) {
            _ = try await PostgresHuntRepository.connect(url: missing.string!, logger: StorageBackend.logger)
        }
        #expect(error?.reason == "database \"no_such_database\" does not exist")
        #expect(error?.address.hasSuffix("/no_such_database") == true)
        await #expect(throws: PostgresUnreachable.self) {
            _ = try await PostgresHuntRepository.connect(url: "postgres://nobody@127.0.0.1:1/none?sslmode=disable", logger: StorageBackend.logger)
        }
    }

    @Test func aSchemaNameMustBeAPlainIdentifier() async throws {
        await #expect(throws: PostgresConnectionURL.Invalid.schemaName("x\"; DROP")) {
            _ = try await PostgresHuntRepository.connect(url: "postgres://a@127.0.0.1/d", schema: "x\"; DROP", logger: StorageBackend.logger)
        }
    }
}
