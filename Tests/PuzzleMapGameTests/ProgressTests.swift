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
        #expect(before.map(\.checkpoint.id) == world.hunt.content.checkpoints.map(\.id))
        #expect(before.allSatisfy { $0.status == .unvisited && $0.facts == nil })
        #expect(try await world.hunt.progress(playerID: ada, ownerVerified: false).riddlesHeld == 1)

        _ = try await world.scan(ada, at: held.riddle.checkpointID)
        let progress = try await world.hunt.progress(playerID: ada, ownerVerified: false)
        // The seeded draw is an easy riddle, which game.yaml pays 100 XP for.
        #expect(held.riddle.difficulty == .easy)
        #expect(progress.xp == 100)
        #expect(progress.solvedByCategory[.social] == 1)
        #expect(progress.placesVisited == 1)
        #expect(progress.riddlesHeld == 0)
        let found = try #require(try await world.hunt.map(playerID: ada).first { $0.checkpoint.id == held.riddle.checkpointID })
        #expect(found.status == .solved)
        #expect(found.facts == found.checkpoint.facts)
    }
    @Test func theMapsHoursWorkedOutOnceAMinuteAreThoseOfTheMomentItself() async throws {
        let world = try await GameWorld()
        let ada = try await world.player("ada")
        // Across a week, at moments that fall anywhere within their minutes.
        for _ in 0..<(7 * 24 * 60 / 37) {
            world.clock.advance(by: 37 * 60 + 13)
            let now = world.clock.now
            let places = try await world.hunt.map(playerID: ada)
            for place in places {
                #expect(place.isOpenNow == place.checkpoint.hours.isOpen(at: now, in: world.hunt.timeZone), "\(place.checkpoint.id) at \(now)")
                #expect(place.nextOpening == place.checkpoint.hours.nextOpening(after: now, in: world.hunt.timeZone), "\(place.checkpoint.id) at \(now)")
                #expect(place.hoursSummary == place.checkpoint.hours.summary)
            }
        }
    }
}
