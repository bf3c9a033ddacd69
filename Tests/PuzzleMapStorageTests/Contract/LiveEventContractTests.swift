import Foundation
import PuzzleMapCore
import PuzzleMapStorage
import Testing

/// Live events, alike on every store: written with what caused them or not at all, numbered
/// per player in commit order, read after a cursor, signalled once committed.
@Suite struct LiveEventContractTests {
    let start = ContractFixture.start

    @Test(arguments: StorageBackend.allCases)
    func anEventIsWrittenWithItsCauseAndARefusedChangeWritesNone(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let ada = try await repository.signUp("ada")
            let bob = try await repository.signUp("bob")
            let told = LiveEvent(playerID: bob.id, kind: .friendRequest, values: ["from": "Ada"])
            // Nothing changes (already asked, say): nothing is announced either.
            _ = try await repository.changeFriendship(of: ada.id, with: bob.id, at: start, decide: { _ in FriendshipChange() },
                                                      announce: { $0.request ? [told] : [] })
            #expect(try await repository.liveEvents(playerID: bob.id, after: 0, limit: 10).isEmpty)
            _ = try await repository.changeFriendship(of: ada.id, with: bob.id, at: start + 1, decide: { $0.asking(mutual: false) },
                                                      announce: { $0.request ? [told] : [] })
            #expect(try await repository.liveEvents(playerID: bob.id, after: 0, limit: 10) == [StoredLiveEvent(sequence: 1, event: told, createdAt: start + 1)])
            #expect(try await repository.liveEvents(playerID: ada.id, after: 0, limit: 10).isEmpty)
            // A change whose transaction fails leaves no event behind.
            struct Refused: Error {}
            await #expect(throws: Refused.self) {
                _ = try await repository.createChallenge(challengerID: ada.id, challengedID: bob.id, since: start, at: start + 2,
                                                         decide: { _ in throw Refused() },
                                                         announce: { _ in [LiveEvent(playerID: bob.id, kind: .challengeReceived)] })
            }
            #expect(try await repository.liveCursor(playerID: bob.id) == LiveCursor(events: 1, broadcasts: 0))
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func eventsAnnouncedAtOnceAreNumberedOneByOneAndReadAfterACursor(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let bob = try await repository.signUp("bob")
            let others = try await concurrently(12) { index in try await repository.signUp("player\(index)") }
            // Twelve players ask Bob at the same moment: twelve transactions announce to him at once.
            _ = try await concurrently(12) { index in
                try await repository.changeFriendship(of: others[index].id, with: bob.id, at: start, decide: { $0.asking(mutual: false) },
                                                      announce: { _ in [LiveEvent(playerID: bob.id, kind: .friendRequest, values: ["from": "\(index)"])] })
            }
            let all = try await repository.liveEvents(playerID: bob.id, after: 0, limit: 100)
            #expect(all.map(\.sequence) == Array(1...12), "no number twice, none skipped")
            #expect(Set(all.compactMap { $0.event.values["from"] }) == Set((0..<12).map { "\($0)" }))
            #expect(try await repository.liveEvents(playerID: bob.id, after: 9, limit: 100).map(\.sequence) == [10, 11, 12])
            #expect(try await repository.liveEvents(playerID: bob.id, after: 0, limit: 5).map(\.sequence) == [1, 2, 3, 4, 5])
            #expect(try await repository.liveCursor(playerID: bob.id).events == 12)

            // Kept until pruned, and pruning keeps the numbering going.
            try await repository.pruneLiveEvents(before: start + 1)
            #expect(try await repository.liveEvents(playerID: bob.id, after: 0, limit: 100).isEmpty)
            _ = try await repository.changeFriendship(of: others[0].id, with: bob.id, at: start + 2, decide: { _ in FriendshipChange(request: true) },
                                                      announce: { _ in [LiveEvent(playerID: bob.id, kind: .friendRequest)] })
            #expect(try await repository.liveEvents(playerID: bob.id, after: 0, limit: 100).map(\.sequence) == [13])
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func aCommittedEventIsSignalledToListeners(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let ada = try await repository.signUp("ada")
            let bob = try await repository.signUp("bob")
            var signals = repository.liveSignals().makeAsyncIterator()
            if backend == .postgres {
                // PostgreSQL's listener says it is (re)connected before anything else.
                #expect(await signals.next() == .resume)
            }
            _ = try await repository.changeFriendship(of: ada.id, with: bob.id, at: start, decide: { $0.asking(mutual: false) },
                                                      announce: { _ in [LiveEvent(playerID: bob.id, kind: .friendRequest)] })
            // A listener that reconnected meanwhile (a busy machine) says so again first: a resume
            // may come at any time, and asks every stream to read again.
            var signal = await signals.next()
            while signal == .resume { signal = await signals.next() }
            #expect(signal == .player(bob.id))
        }
    }
}
