import Foundation
import PuzzleMapCore
import Testing

/// The rules that moved out of the HTTP and storage layers, checked on their own.
@Suite struct CampusWeekTests {
    let glasgow = CampusWeek(timeZone: TimeZone(identifier: "Europe/London")!)

    @Test func aSolveJustAfterMidnightOnAMondayInGlasgowCountsForTheNewWeek() throws {
        // Monday 1 June 2026, 00:30 in Glasgow (BST) is Sunday 23:30 UTC.
        let instant = try Date("2026-05-31T23:30:00Z", strategy: .iso8601)
        #expect(glasgow.start(of: instant) == "2026-06-01")
        #expect(CampusWeek.utc.start(of: instant) == "2026-05-25")
    }

    @Test func inWinterGlasgowAndUTCAgree() throws {
        let sundayNight = try Date("2026-11-22T23:59:59Z", strategy: .iso8601)
        #expect(glasgow.start(of: sundayNight) == "2026-11-16")
        #expect(glasgow.start(of: sundayNight + 1) == "2026-11-23")
    }
}

@Suite struct SpeedCheckTests {
    // Two checkpoints about 1 km apart.
    let here = Checkpoint(id: "a", name: "A", category: .lab, building: "A", floor: 0,
                          coordinate: Coordinate(latitude: 55.8721, longitude: -4.2882), hours: .always, tags: [], facts: [])
    let there = Checkpoint(id: "b", name: "B", category: .lab, building: "B", floor: 0,
                           coordinate: Coordinate(latitude: 55.8811, longitude: -4.2882), hours: .always, tags: [], facts: [])
    var content: CampusContent {
        CampusContent(info: CampusInfo(title: "t", university: "u", timeZoneIdentifier: "Europe/London", traits: []),
                      checkpoints: [here, there], riddles: [], quiz: [], rules: GameFixtures.rules, badges: [], partners: [], offers: [])
    }

    @Test func walkingAKilometreInTenMinutesIsPlausibleButInTwoIsNot() {
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let distance = here.coordinate.distance(to: there.coordinate)
        #expect((990...1010).contains(distance))
        #expect(!SpeedCheck.isImplausiblyFast(from: ("a", start), to: there, at: start + 600, content: content))
        #expect(SpeedCheck.isImplausiblyFast(from: ("a", start), to: there, at: start + 120, content: content))
        // Exactly at the limit (7 m/s) is not above it.
        #expect(!SpeedCheck.isImplausiblyFast(from: ("a", start), to: there, at: start + distance / 7, content: content))
    }

    @Test func theSamePlaceOrNoPreviousScanIsNeverTooFast() {
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(!SpeedCheck.isImplausiblyFast(from: nil, to: there, at: start, content: content))
        #expect(!SpeedCheck.isImplausiblyFast(from: ("b", start), to: there, at: start, content: content))
        #expect(!SpeedCheck.isImplausiblyFast(from: ("retired-place", start), to: there, at: start, content: content))
    }
}

@Suite struct PhotoReuseTests {
    let photo = PhotoFingerprint(sha256: "aaaa", perceptual: 0xF0F0_F0F0_F0F0_F0F0)

    @Test func theSameBytesOrUpToFourDifferingBitsAreTheSamePicture() {
        #expect(photo.isSamePicture(as: PhotoFingerprint(sha256: "aaaa", perceptual: 0)))
        #expect(photo.isSamePicture(as: PhotoFingerprint(sha256: "bbbb", perceptual: photo.perceptual ^ 0b1111)))
        #expect(!photo.isSamePicture(as: PhotoFingerprint(sha256: "cccc", perceptual: photo.perceptual ^ 0b11111)))
    }

    @Test func aPhotoIsReusedWhenAnyOtherPlayersPhotoIsTheSamePicture() {
        #expect(!photo.isReused(among: []))
        let others = [PhotoFingerprint(sha256: "x", perceptual: 0), PhotoFingerprint(sha256: "y", perceptual: photo.perceptual ^ 1)]
        #expect(photo.isReused(among: others))
        #expect(!photo.isReused(among: Array(others.prefix(1))))
    }
}

@Suite struct FailureAttributionTests {
    let places = [(id: "library", coordinate: Coordinate(latitude: 55.8735, longitude: -4.2886)),
                  (id: "chapel", coordinate: Coordinate(latitude: 55.8717, longitude: -4.2882))]

    @Test func failuresCountAgainstTheNearestPlaceWithinTheRadius() {
        let nearLibrary = Coordinate(latitude: 55.8737, longitude: -4.2886)  // about 22 m
        let farAway = Coordinate(latitude: 55.8800, longitude: -4.2886)      // about 720 m
        let counts = FailureAttribution.count(at: [nearLibrary, nearLibrary, farAway, nil], places: places)
        #expect(counts == ["library": 2, "unlocated": 2])
    }
}

@Suite struct ProgressionTests {
    let content = CampusContent(
        info: CampusInfo(title: "t", university: "u", timeZoneIdentifier: "Europe/London", traits: []),
        checkpoints: GameFixtures.checkpoints, riddles: [], quiz: [], rules: GameFixtures.rules,
        badges: [Badge(id: "first-find", name: "First find", description: "Solve a riddle", rule: .solve(count: 1, category: nil, tag: nil))],
        partners: [], offers: []
    )

    func event(_ kind: GameEvent.Kind, _ checkpoint: String, xp: Int, at seconds: Double) -> GameEvent {
        GameEvent(id: 0, playerID: 1, kind: kind, checkpointID: checkpoint, riddleID: kind == .solved ? "r" : nil, xp: xp,
                  occurredAt: Date(timeIntervalSince1970: 1_800_000_000 + seconds))
    }

    @Test func aFirstSolveWorth150ReachesLevel2AndEarnsTheFirstBadge() {
        let before = [event(.explored, "memorial-chapel", xp: 25, at: 0)]
        let progression = Progression(before: before, adding: event(.solved, "kelvin-building", xp: 150, at: 60), content: content)
        #expect(progression.xpAwarded == 150)
        #expect(progression.new.totals.xp == 175)
        #expect(progression.old.totals.level == 1)
        #expect(progression.new.totals.level == 2)
        #expect(progression.levelUp)
        #expect(progression.newBadges.map(\.id) == ["first-find"])
    }

    @Test func noEventChangesNothing() {
        let progression = Progression(before: [event(.solved, "kelvin-building", xp: 150, at: 0)], adding: nil, content: content)
        #expect(progression.xpAwarded == 0)
        #expect(!progression.levelUp)
        #expect(progression.newBadges.isEmpty)
    }
}
