import Foundation
import PuzzleMapCore
import PuzzleMapGame
import Testing

/// Progress and the map as a player sees them.
@Suite struct ProgressTests {
    @Test func aNewPlayerHasNothingYetAndEveryBadgeSaysHowToEarnIt() async throws {
        let world = try await GameWorld()
        let ada = try await world.player("ada")
        let progress = try await world.hunt.progress(playerID: ada, ownerVerified: false)
        #expect(progress.xp == 0)
        #expect(progress.level == 1)
        #expect(progress.earnedBadges.isEmpty)
        #expect(progress.lockedBadges.map(\.badge.id) == world.hunt.content.badges.map(\.id))
        #expect(progress.lockedBadges.allSatisfy { !$0.howToEarn.isEmpty })
        #expect(progress.solvedByCategory == [.lab: 0, .lecture: 0, .social: 0])
        #expect(progress.placesVisited == 0 && progress.riddlesHeld == 0 && progress.unclaimedVouchers == 0)
    }

    @Test func solvingARiddleCountsItsCategoryAndShowsThePlacesFactsOnTheMap() async throws {
        let world = try await GameWorld()
        let ada = try await world.player("ada")
        let (held, _) = try await world.hunt.askForRiddle(playerID: ada, category: .social)
        let before = try await world.hunt.map(playerID: ada)
        #expect(before.map(\.number) == Array(1...world.hunt.content.checkpoints.count))
        #expect(before.map(\.coordinate) == world.hunt.content.checkpoints.map(\.coordinate))
        // Nothing that names a place before it is found: only its pin.
        #expect(before.allSatisfy { $0.status == .unvisited && $0.checkpoint == nil && $0.facts == nil && $0.hoursSummary == nil && $0.closure == nil })
        #expect(try await world.hunt.progress(playerID: ada, ownerVerified: false).riddlesHeld == 1)

        _ = try await world.scan(ada, at: held.riddle.checkpointID)
        let progress = try await world.hunt.progress(playerID: ada, ownerVerified: false)
        // The seeded draw is an easy riddle, which game.yaml pays 100 XP for.
        #expect(held.riddle.difficulty == .easy)
        #expect(progress.xp == 100)
        #expect(progress.solvedByCategory[.social] == 1)
        #expect(progress.placesVisited == 1)
        #expect(progress.riddlesHeld == 0)
        let place = try #require(world.hunt.content.checkpoints.firstIndex { $0.id == held.riddle.checkpointID })
        let after = try await world.hunt.map(playerID: ada)
        let found = after[place]
        #expect(found.number == place + 1 && found.status == .solved)
        #expect(found.checkpoint == world.hunt.content.checkpoints[place])
        #expect(found.facts == world.hunt.content.checkpoints[place].facts)
        #expect(found.hoursSummary == world.hunt.content.checkpoints[place].hours.summary)
        #expect(after.filter { $0.checkpoint != nil }.map(\.number) == [place + 1], "only the place found is named")
    }
    @Test func theMapsHoursWorkedOutOnceAMinuteAreThoseOfTheMomentItself() async throws {
        let world = try await GameWorld()
        let ada = try await world.player("ada")
        // Across a week, at moments that fall anywhere within their minutes.
        for _ in 0..<(7 * 24 * 60 / 37) {
            world.clock.advance(by: 37 * 60 + 13)
            let now = world.clock.now
            let places = try await world.hunt.map(playerID: ada)
            for (place, checkpoint) in zip(places, world.hunt.content.checkpoints) {
                #expect(place.isOpenNow == checkpoint.hours.isOpen(at: now, in: world.hunt.timeZone), "\(checkpoint.id) at \(now)")
                #expect(place.nextOpening == checkpoint.hours.nextOpening(after: now, in: world.hunt.timeZone), "\(checkpoint.id) at \(now)")
            }
        }
    }
}
