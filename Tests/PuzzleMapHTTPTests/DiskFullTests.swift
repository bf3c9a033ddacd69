import Foundation
import GRDB
import Hummingbird
import HummingbirdTesting
@testable import PuzzleMapSQLite
import Testing

/// The disk under the SQLite database fills up. SQLite's `max_page_count` makes the file as
/// full as a full disk would: the write that needs one more page fails with SQLITE_FULL and
/// its transaction is rolled back, exactly as when the filesystem has no block left.
@Suite struct DiskFullTests {
    @Test func writesAreRefusedReadsGoOnAndWritesResumeOnceThereIsRoom() async throws {
        let service = try await TestService()
        let writer = service.repository.database.writer
        try await service.test { client in
            let ada = try await client.signedInPlayer("ada")
            let pages = try await writer.read { db in try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0 }
            try await writer.write { db in try db.execute(sql: "PRAGMA max_page_count = \(pages)") }

            // Sign-ups until one finds the database full (each writes an account, a session and a
            // mail: the file must grow within a few).
            var accepted: [String] = []
            var refused: (name: String, reply: Reply)?
            for index in 0..<60 where refused == nil {
                let name = "fresher\(index)"
                let reply = try await client.call(.post, "/v1/accounts", json: [
                    "email": "\(name)@student.gla.ac.uk", "username": name, "password": "correct horse battery", "displayName": "Fresher",
                ])
                switch reply.status {
                case .created: accepted.append(name)
                default: refused = (name, reply)
                }
            }
            let (name, reply) = try #require(refused, "the database never filled up")
            #expect(reply.status == .serviceUnavailable)
            #expect(reply.isProblem)
            #expect(reply.code == "storage_full")
            #expect(reply.headers[.retryAfter] == "60")

            // Reads go on; what was acknowledged is there, the refused sign-up is not, half or whole.
            #expect(try await client.call(.get, "/v1/me/progress", token: ada).status == .ok)
            #expect(try await client.call(.get, "/healthz").status == .ok)
            for accepted in accepted {
                #expect(try await service.repository.account(login: accepted) != nil, "\(accepted)")
            }
            #expect(try await service.repository.account(login: name) == nil)
            #expect(try await service.repository.allMail(limit: 1000).contains { $0.recipient == "\(name)@student.gla.ac.uk" } == false)
            let check = try await writer.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
            #expect(check == ["ok"])

            // Space freed: the same sign-up works, without a restart.
            try await writer.write { db in try db.execute(sql: "PRAGMA max_page_count = 1073741823") }
            let again = try await client.call(.post, "/v1/accounts", json: [
                "email": "\(name)@student.gla.ac.uk", "username": name, "password": "correct horse battery", "displayName": "Fresher",
            ])
            #expect(again.status == .created)
        }
    }
}
