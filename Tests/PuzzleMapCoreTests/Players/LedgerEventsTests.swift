import Foundation
import PuzzleMapCore
import Testing

/// Each kind of ledger event is made in one place, `GameEvent`'s constructors: the game and
/// the stores call them, so no two copies of "what a check-in event is" can disagree.
@Suite struct LedgerEventsTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")

    /// The argument lists of every call of `name(` in `text`, up to the matching parenthesis.
    static func calls(of name: String, in text: String) -> [Substring] {
        var found: [Substring] = []
        var rest = text[...]
        while let range = rest.range(of: name + "(") {
            var depth = 1
            var end = range.upperBound
            while end < rest.endIndex, depth > 0 {
                if rest[end] == "(" { depth += 1 } else if rest[end] == ")" { depth -= 1 }
                end = rest.index(after: end)
            }
            found.append(rest[range.upperBound..<end])
            rest = rest[end...]
        }
        return found
    }

    @Test func noSourceButTheConstructorsWritesALedgerEventsKindByHand() throws {
        let files = try #require(FileManager.default.enumerator(at: Self.sources, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" && $0.lastPathComponent != "LedgerEvents.swift" }
        #expect(files.count > 100, "the sources were found")
        let kinds = GameEvent.Kind.allCases.map { "kind: .\($0)" }
        var offenders: [String] = []
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for call in ["GameEvent", "GameEventRecord", "append"].flatMap({ Self.calls(of: $0, in: text) }) where kinds.contains(where: call.contains) {
                offenders.append("\(file.lastPathComponent): \(call.prefix(80))")
            }
        }
        #expect(offenders == [], "build these events with GameEvent's constructors (LedgerEvents.swift)")
    }

    @Test func theConstructorsMakeEachKindWithWhatItNeeds() {
        let at = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(GameEvent.checkedIn(by: 3, at: "kelvin-building", xp: 10, on: at)
                    == GameEvent(id: 0, playerID: 3, kind: .checkedIn, checkpointID: "kelvin-building", riddleID: nil, xp: 10, occurredAt: at))
        #expect(GameEvent.solved(by: 3, riddleID: "r1", at: "kelvin-building", xp: 130, hintsUsed: 1, on: at).naming(scan: 9)
                    == GameEvent(id: 0, playerID: 3, kind: .solved, checkpointID: "kelvin-building", riddleID: "r1", xp: 130, hintsUsed: 1, occurredAt: at,
                                 scanID: 9))
        #expect([GameEvent.voided(scan: 9, of: 3, at: "kelvin-building", xp: -130, reason: "Shared photo", on: at)].counted == [],
                "a void counts towards no badge or place")
        #expect(Set([GameEvent.solved(by: 1, riddleID: "r", at: "p", xp: 1, hintsUsed: 0, on: at), .explored(by: 1, at: "p", xp: 1, on: at),
                     .checkedIn(by: 1, at: "p", xp: 1, on: at), .challengeWon(by: 1, riddleID: nil, at: "p", xp: 1, on: at),
                     .crewBonus(by: 1, riddleID: "r", at: "p", xp: 1, on: at), .voided(scan: 1, of: 1, at: "p", xp: -1, reason: "r", on: at),
                     .adjusted(1, xp: 1, reason: "r", on: at)].map(\.kind)) == Set(GameEvent.Kind.allCases), "one constructor per kind")
    }
}
