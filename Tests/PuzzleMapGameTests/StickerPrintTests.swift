import Foundation
import PuzzleMapCore
import PuzzleMapGame
import PuzzleMapStorage
import Testing

/// Printing from the console: the stickers to put up are the ones changed since their last
/// print (a new place, a new name, a new code), and printing them is recorded.
@Suite struct StickerPrintTests {
    @Test(arguments: GameWorld.Store.allCases)
    func theStickersToPrintAreTheOnesChangedSinceTheirLastPrint(_ store: GameWorld.Store) async throws {
        let world = try await GameWorld(store: store)
        let olive = try await ContentDraftTests.organiser(world)
        let running = ContentDraftTests.running(world)
        let places = running.hunt.content.checkpoints.map(\.id)
        // Nothing printed from the console yet: every sticker is to print.
        #expect(try await running.hunt.stickersToPrint(for: olive).map(\.id) == places)
        let one = try await running.hunt.printStickers([places[0]], for: olive)
        #expect(one.map(\.checkpoint.id) == [places[0]] && one[0].qrText.contains("/C/"))
        #expect(try await running.hunt.stickersToPrint(for: olive).map(\.id) == Array(places.dropFirst()))
        let rest = try await running.hunt.printStickers(nil, for: olive)
        #expect(rest.count == places.count - 1)
        await #expect(throws: OrganiserRefusal.nothingToPrint) { try await running.hunt.printStickers(nil, for: olive) }

        // A new code and a new name each make a sticker out of date.
        _ = try await running.hunt.rotateCode(of: places[1], by: olive)
        let (place, token) = try await running.hunt.editing(for: olive).item(Checkpoint.self, places[2])
        var words = PlaceWords(place)
        words.name = "The Zoology Museum"
        let draft = try await running.save(try words.edit(id: place.id).checkpoint, seen: token, by: olive)
        #expect(try await running.hunt.stickersToPrint(for: olive).map(\.id) == [places[1]], "a draft is not printed")
        _ = try await running.publishDraft(revision: draft.revision, by: olive)
        let changed = try await running.hunt.printStickers(nil, for: olive)
        #expect(changed.map(\.checkpoint.id) == [places[1], places[2]] && changed[0].checkpoint.tagVersion == 2)
        #expect(try await running.hunt.stickersToPrint(for: olive).isEmpty)
        let lines = try await world.hunt.repository.auditLog(limit: 20).filter { $0.record.action == .stickersPrinted }
        #expect(lines.count == 3 && lines[0].record.subject == "stickers" && lines[0].record.detail == "\(places[1]) v2, \(places[2]) v1")
    }
}
