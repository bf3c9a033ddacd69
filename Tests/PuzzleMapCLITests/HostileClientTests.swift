import Foundation
import PuzzleMapCore
import PuzzleMapTestFixtures
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Clients that misbehave on purpose, against the real process.
@Suite struct HostileClientTests {
    /// Slowloris: many connections that trickle a header a byte at a time. Each is cut off
    /// once it goes an idle timeout without a complete header, and while they trickle,
    /// everyone else is served.
    @Test func tricklingClientsAreCutOffWhileOthersAreServed() async throws {
        let data = scratchDirectory("trickle")
        defer { try? FileManager.default.removeItem(at: data) }
        let service = try await LiveService(dataDirectory: data, environment: ["PUZZLEMAP_IDLE_TIMEOUT": "1"])
        let connections = (0..<64).compactMap { _ in RawConnection(port: service.port) }
        #expect(connections.count == 64)
        // Sixty seconds of trickling at most: a service that never cuts a trickler off fails
        // the test when the header runs out, instead of holding it for ever.
        let header = Array("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: " + String(repeating: "a", count: 560))

        let cutOff = await withTaskGroup(of: Bool.self) { group in
            for connection in connections {
                group.addTask {
                    // One byte every 100 ms; a send failing means the service closed the connection.
                    for byte in header {
                        guard connection.trySend(String(byte)) else { return true }
                        try? await Task.sleep(for: .milliseconds(100))
                    }
                    return false
                }
            }
            group.addTask {
                for _ in 0..<20 {
                    let reply = try? await service.call("GET", "/healthz")
                    #expect(reply?.status == 200, "a well-behaved client is served while others trickle")
                }
                return true
            }
            var all: [Bool] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(cutOff.allSatisfy { $0 }, "every trickling connection was closed by the service")
        for connection in connections { close(connection.descriptor) }
        #expect(try await service.call("GET", "/healthz").status == 200)
    }

    /// `puzzlemap decode` on damaged pictures, a text file called .jpg and an empty file: one
    /// JSON line per file, each codes or a typed error; never a crash.
    @Test func decodeGivesATypedErrorForEveryDamagedFile() async throws {
        let folder = scratchDirectory("decode-fuzz")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var paths: [String] = []
        func write(_ name: String, _ bytes: [UInt8]) throws {
            let file = folder.appendingPathComponent(name)
            try Data(bytes).write(to: file)
            paths.append(file.path)
        }
        try write("empty.jpg", [])
        try write("notes.jpg", Array("Lecture 3: eigenvalues\n".utf8))
        try write("bomb.png", PNGChunks.grayFile(width: 100_000, height: 100_000))
        for fixture in FixtureImages.all {
            var random = SplitMix64(seed: UInt64(fixture.bytes.count) &+ 7)
            for round in 0..<12 {
                try write("\(fixture.format)-\(paths.count)-\(round).img", ImageDamage.damage(fixture.bytes, round: round, using: &random))
            }
        }

        let decoded = try await runPuzzlemap(["decode", "--json"] + paths)
        #expect(decoded.status == 0 || decoded.status == 1, "exit status \(decoded.status): \(decoded.output.suffix(500))")
        let lines = decoded.output.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(lines.count == paths.count, "\(decoded.output.suffix(500))")
        let known: Set = ["corrupt_image", "empty_image", "unsupported_image_format", "image_too_large", "too_many_pixels"]
        for line in lines where line["codes"] == nil {
            let code = (line["error"] as? [String: Any])?["code"] as? String
            #expect(known.contains(code ?? ""), "\(line)")
        }
    }
}

extension RawConnection {
    /// Sends without blocking on a closed peer; `false` once the service has closed it.
    func trySend(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        let sent = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        return sent == bytes.count
    }
}
