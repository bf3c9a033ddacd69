import Foundation
import PuzzleMapCore
import PuzzleMapSQLite
import PuzzleMapStorage
import PuzzleMapTestFixtures
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A scratch folder per test.
func scratchDirectory(_ name: String) -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("puzzlemap-\(name)-\(UUID().uuidString)")
}

/// The `puzzlemap` executable beside the test bundle (`swift build --build-tests` builds both).
let puzzlemapExecutable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("puzzlemap")

/// A command line that runs what follows it in a mount namespace of its own, with a fresh
/// tmpfs mounted at `mountPoint` (`options` as for `mount -o`: `ro`, `size=2m`): a read-only
/// or small filesystem only that process sees. The test reaches it through `/proc/<pid>/root`.
func insideTmpfs(at mountPoint: URL, options: String) -> [String] {
    ["/usr/bin/unshare", "--mount", "/bin/sh", "-c", "mount -t tmpfs -o \(options) puzzlemap-test \"$0\" && exec \"$@\"", mountPoint.path]
}

/// Runs a `puzzlemap` subcommand to completion, through `launcher` when one is given;
/// returns its status and output (standard output and error together).
@discardableResult
func runPuzzlemap(_ arguments: [String], environment: [String: String] = [:], in directory: URL? = nil,
                  launcher: [String] = []) async throws -> (status: Int32, output: String) {
    try await ChildProcess.run(launcher + [puzzlemapExecutable.path] + arguments, environment: childEnvironment(environment), in: directory?.path)
}

/// `settings` on top of this process's environment without its own `PUZZLEMAP_` settings.
func childEnvironment(_ settings: [String: String]) -> [String: String?] {
    let inherited = ProcessInfo.processInfo.environment.keys.filter { $0.hasPrefix("PUZZLEMAP_") }
    return Dictionary(uniqueKeysWithValues: inherited.map { ($0, String?.none) }).merging(settings.mapValues { $0 }) { _, new in new }
}

/// Gives a player XP just below level 3 straight into the database beside the running service
/// (SQLite in WAL mode takes a second writer), so one more scan unlocks the QMU coffee.
func bringToTheEdgeOfLevelThree(_ usernames: [String], dataDirectory: URL) async throws {
    let repository = try SQLiteHuntRepository.open(path: dataDirectory.appendingPathComponent("puzzlemap.sqlite").path)
    try await bringToTheEdgeOfLevelThree(usernames, in: repository)
    try await repository.close()
}

/// The same, in any store the service runs on.
func bringToTheEdgeOfLevelThree(_ usernames: [String], in repository: some HuntRepository) async throws {
    for username in usernames {
        let player = try #require(try await repository.account(login: username)).player
        _ = try await repository.appendEvent(playerID: player.id, kind: .explored, checkpointID: nil, riddleID: nil, xp: 349, at: Date())
    }
}

/// A raw HTTP/1.1 connection, for requests a URL session cannot make: a body sent in two
/// halves with a pause between them.
struct RawConnection {
    let descriptor: Int32

    init?(port: Int) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
    }

    func send(_ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { return }
            offset += sent
        }
    }

    /// Everything the server sends until it closes the connection.
    func readToEnd() -> String {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            received += buffer[0..<count]
        }
        close(descriptor)
        return String(decoding: received, as: UTF8.self)
    }
}
