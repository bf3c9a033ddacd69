import Foundation
import PuzzleMapCore
import PuzzleMapGame
import PuzzleMapStorage
import Testing

/// The campus plan on both stores: uploads are numbered for good (a removed plan's address is
/// never another picture's), pins are kept only on the upload they were made for, and each
/// change is an audit line.
@Suite struct CampusPlanUseTests {
    @Test(arguments: GameWorld.Store.allCases)
    func uploadsAreNumberedForGoodAndPinsStayWithTheirUpload(_ store: GameWorld.Store) async throws {
        let world = try await GameWorld(store: store)
        let olive = try await ContentDraftTests.organiser(world)
        let hunt = world.hunt
        let (first, second) = (hunt.content.checkpoints[0], hunt.content.checkpoints[3])
        #expect(try await hunt.campusPlan() == nil)
        await #expect(throws: CampusPlanRefusal.noPlan) { try await hunt.removeCampusPlan(by: olive) }

        let plan = try await hunt.uploadCampusPlan(picture: [1, 2, 3], width: 1600, height: 900, by: olive)
        #expect(plan.version == 1 && plan.pins.isEmpty && plan.uploadedBy == "olive")
        #expect(try await hunt.campusPlanPicture(version: 1) == [1, 2, 3])
        let pins = [PlanPinRequest(x: 300, y: 200, place: first.id), PlanPinRequest(x: 1300, y: 700, coordinate: second.coordinate)]
        let pinned = try await hunt.pinCampusPlan(pins, version: 1, by: olive)
        #expect(pinned.pins.map(\.coordinate) == [first.coordinate, second.coordinate] && pinned.projection != nil)
        #expect(try await hunt.campusPlan() == pinned)
        await #expect(throws: OrganiserRefusal.unknownCheckpoint("nowhere")) {
            try await hunt.pinCampusPlan([PlanPinRequest(x: 1, y: 1, place: "nowhere"), pins[1]], version: 1, by: olive)
        }
        await #expect(throws: CampusPlanRefusal.pinWithoutPosition(pin: 2)) {
            try await hunt.pinCampusPlan([pins[0], PlanPinRequest(x: 900, y: 900)], version: 1, by: olive)
        }

        // A corrected picture the same size keeps the pins; pins sent for the old one are refused.
        let corrected = try await hunt.uploadCampusPlan(picture: [4], width: 1600, height: 900, by: olive)
        #expect(corrected.version == 2 && corrected.pins == pinned.pins)
        #expect(try await hunt.repository.campusPlanPicture(version: 1) == nil)
        await #expect(throws: CampusPlanRefusal.planReplaced(version: 2)) { try await hunt.pinCampusPlan(pins, version: 1, by: olive) }
        #expect(try await hunt.uploadCampusPlan(picture: [5], width: 1200, height: 900, by: olive).pins.isEmpty)

        // Removed, and uploaded again: a new number, never the old address.
        try await hunt.removeCampusPlan(by: olive)
        #expect(try await hunt.campusPlan() == nil)
        await #expect(throws: CampusPlanRefusal.noPlan) { try await hunt.campusPlanPicture(version: 3) }
        #expect(try await hunt.uploadCampusPlan(picture: [6], width: 10, height: 10, by: olive).version == 4)
        let actions = try await hunt.repository.auditLog(limit: 10).map(\.record.action)
        #expect(actions == [.campusPlanUploaded, .campusPlanRemoved, .campusPlanUploaded, .campusPlanUploaded, .campusPlanPinned, .campusPlanUploaded])
    }
}
