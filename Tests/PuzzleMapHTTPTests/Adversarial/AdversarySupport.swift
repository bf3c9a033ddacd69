import Foundation
import Hummingbird
import HummingbirdTesting
import PuzzleMapCore
import PuzzleMapGame
import PuzzleMapHTTP
import PuzzleMapImaging
import PuzzleMapSQLite
import PuzzleMapStorage
import Testing

extension Router {
    /// `METHOD /path/{param}` for every route, in the form openapi.yaml writes them.
    var operationKeys: Set<String> {
        Set(routes.map { route in
            let path = route.path.description.split(separator: "/").map { $0.hasPrefix(":") ? "{\($0.dropFirst())}" : String($0) }
            return "\(route.method) /\(path.joined(separator: "/"))"
        })
    }
}

extension TestService {
    /// Runs `body` against the router, handing back what it returns.
    func withClient<Value: Sendable>(_ body: @escaping @Sendable (any TestClientProtocol) async throws -> Value) async throws -> Value {
        try await Application(router: buildRouter(services: services), logger: testLogger).test(.router, body)
    }

    /// A consistent copy of the database in a new temporary file, to start identical worlds from.
    func snapshot() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("puzzlemap-world-\(UUID().uuidString).sqlite").path
        try repository.backup(to: path)
        return path
    }

    /// A service over a private in-memory copy of `snapshot`, with the original's content and
    /// keys (so every token and code issued there works here) and a clock of its own.
    init(copyOf snapshot: String, from original: TestService) throws {
        let repository = try SQLiteHuntRepository.inMemory()
        try repository.restore(from: snapshot)
        let clock = TestClock(original.clock.now)
        self.repository = repository
        self.clock = clock
        settings = original.settings
        services = HuntServices(hunt: Hunt(repository: repository, content: original.services.content, secrets: original.services.secrets,
                                                random: .seeded(2026), now: { clock.now }),
                                   contentSource: original.services.running.source)
    }
}

extension TestClientProtocol {
    /// Signs in; the access and refresh tokens of the new session (one more device).
    func session(_ login: String, password: String = "correct horse battery") async throws -> (access: String, refresh: String) {
        let reply = try await call(.post, "/v1/sessions", json: ["login": login, "password": password])
        #expect(reply.status == .ok)
        return (try #require(reply.json["accessToken"] as? String), try #require(reply.json["refreshToken"] as? String))
    }

    /// Runs `count` copies of a request at once; the replies in completion order.
    func simultaneously(_ count: Int, _ request: @escaping @Sendable (Int) async throws -> Reply) async throws -> [Reply] {
        try await withThrowingTaskGroup(of: Reply.self) { group in
            for index in 0..<count { group.addTask { try await request(index) } }
            return try await group.reduce(into: [Reply]()) { $0.append($1) }
        }
    }
}

extension Reply {
    /// `"404 voucher_not_found"`, or just the status for an answer that is not a problem.
    var summary: String { isProblem ? "\(status.code) \(code ?? "?")" : "\(status.code)" }
}

/// Manual codes as an attacker who knows the format (but not the key) would type them.
enum ManualCodeForgery {
    /// The code with its signature symbols replaced by `guess` (written in base 32, six
    /// symbols) and a correct check character, so it fails on the signature, not on a typo.
    static func guess(_ guess: UInt64, at genuine: String) -> String {
        let symbols = Array(genuine.filter { $0 != "-" })
        let macStart = symbols.count - 1 - TagSigner.manualMACSymbols
        let body = String(symbols[..<macStart]) + CrockfordBase32.encode(guess, width: TagSigner.manualMACSymbols)
        let check = body.reduce(UInt64(0)) { ($0 * 32 + CrockfordBase32.value(of: $1)!) % 37 }
        return body + String(CrockfordBase32.checkSymbol(for: check))
    }
}

/// A picture of several QR codes side by side, as one photo.
enum QRSheet {
    static func png(of texts: [String], columns: Int = 3) throws -> [UInt8] {
        let codes = try texts.map { try QREncoder(errorCorrection: .quartile).encode($0).rendered(scale: 6, quietZone: 4) }
        let side = codes.map(\.width).max() ?? 1
        let (width, height) = (side * columns, side * ((codes.count + columns - 1) / columns))
        var pixels = [UInt8](repeating: 255, count: width * height)
        for (index, code) in codes.enumerated() {
            let (left, top) = ((index % columns) * side, (index / columns) * side)
            for y in 0..<code.height {
                for x in 0..<code.width { pixels[(top + y) * width + left + x] = code[x: x, y: y] }
            }
        }
        return try PNGEncoder.encode(GrayImage(width: width, height: height, pixels: pixels))
    }
}
