import Foundation
import GRDB
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The service on filesystems that refuse it: each test mounts a tmpfs of its own in a mount
/// namespace only the service's process sees (`unshare --mount`), read-only or small, and
/// reaches it from outside through `/proc/<pid>/root`.
@Suite struct SmallFilesystemTests {
    @Test func aReadOnlyDataDirectoryIsRefusedAtStartUpWithWhatToDo() async throws {
        let mountPoint = scratchDirectory("read-only")
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: mountPoint) }
        // Refused at start-up, not after a wait: coreutils' timeout ends a service that is still
        // running after 20 s with status 124. (Timed by the child, not by this process, whose
        // tasks may wait their turn while the whole suite runs.)
        let refused = try await runPuzzlemap(["serve", "--data-dir", mountPoint.path, "--port", "0"],
                                             launcher: ["/usr/bin/timeout", "20"] + insideTmpfs(at: mountPoint, options: "ro"))
        #expect(refused.status != 0 && refused.status != 124, "exit status \(refused.status)")
        #expect(refused.output.contains("The data directory \(mountPoint.path) cannot be written (Read-only file system)"), "\(refused.output)")
        #expect(refused.output.contains("--data-dir or PUZZLEMAP_DATA_DIR"))
    }

    @Test func aFullDiskRefusesWritesKeepsReadsAndRecoversOnceSpaceIsFreed() async throws {
        let scratch = scratchDirectory("small-disk")
        let mountPoint = scratch.appendingPathComponent("db")
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let service = try await LiveService(dataDirectory: scratch, environment: ["PUZZLEMAP_DATA_DIR": mountPoint.path],
                                            launcher: insideTmpfs(at: mountPoint, options: "size=16m"))
        // The service's view of its data directory, on the small filesystem.
        let view = "/proc/\(service.processIdentifier)/root\(mountPoint.path)"
        let ada = try #require(try await service.signUp("ada", password: "correct horse battery")["accessToken"] as? String)

        // Fill the filesystem but for a little room: a few sign-ups' worth of WAL pages.
        var stats = statvfs()
        #expect(statvfs(view, &stats) == 0)
        let room = 160 * 1024
        let filler = "\(view)/filler"
        #expect(FileManager.default.createFile(atPath: filler, contents: Data(count: max(0, Int(stats.f_bavail) * Int(stats.f_frsize) - room))))

        var accepted: [String] = []
        var refused: (name: String, reply: LiveService.Reply)?
        for index in 0..<200 where refused == nil {
            let name = "fresher\(index)"
            let reply = try await service.call("POST", "/v1/accounts", json: [
                "email": "\(name)@student.gla.ac.uk", "username": name, "password": "correct horse battery", "displayName": "Fresher",
            ])
            if reply.status == 201 { accepted.append(name) } else { refused = (name, reply) }
        }
        let (name, reply) = try #require(refused, "the filesystem never filled up")
        #expect(!accepted.isEmpty, "the room left took no sign-up at all")
        #expect(reply.status == 503)
        #expect(reply.code == "storage_full", "\(String(decoding: reply.body, as: UTF8.self))")
        #expect(reply.header("Retry-After") == "60")
        #expect(service.log.contains("The database's disk is full"))

        // Reads go on; the database is whole.
        #expect(try await service.call("GET", "/v1/me/progress", token: ada).status == 200)
        #expect(try await service.call("GET", "/healthz").status == 200)
        let check = try await DatabaseQueue(path: "\(view)/puzzlemap.sqlite").read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
        #expect(check == ["ok"])

        // Space freed: the refused sign-up succeeds, without a restart; every acknowledged one
        // signs in, and the refused one had left nothing behind (its name was still free).
        try FileManager.default.removeItem(atPath: filler)
        let again = try await service.call("POST", "/v1/accounts", json: [
            "email": "\(name)@student.gla.ac.uk", "username": name, "password": "correct horse battery", "displayName": "Fresher",
        ])
        #expect(again.status == 201, "\(String(decoding: again.body, as: UTF8.self))")
        for accepted in accepted + [name] {
            #expect(try await service.call("POST", "/v1/sessions", json: ["login": accepted, "password": "correct horse battery"]).status == 200,
                    "\(accepted)")
        }
        service.send(SIGTERM)
        #expect(await service.waitForExit() == 0)
    }
}
