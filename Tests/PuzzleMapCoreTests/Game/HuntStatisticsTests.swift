import Foundation
import PuzzleMapCore
import Testing

/// The organisers' statistics made from a store's raw counts.
@Suite struct HuntStatisticsTests {
    let library = Coordinate(latitude: 55.8733, longitude: -4.2889)

    @Test func countsAreGroupedByPlaceWithFlaggedScansSummed() {
        let stats = HuntStatistics(HuntFigures(
            players: 3, activePlayers: 2,
            scans: [.init(checkpoint: "b", outcome: "solved", count: 2, flagged: 1), .init(checkpoint: "a", outcome: "solved", count: 1, flagged: 0),
                    .init(checkpoint: "b", outcome: "wrong_place", count: 4, flagged: 2)],
            riddles: [], offers: [], places: [], failures: []))
        #expect(stats.scansByCheckpoint.map(\.checkpoint) == ["a", "b"])
        #expect(stats.scansByCheckpoint[1].outcomes == ["solved": 2, "wrong_place": 4])
        #expect(stats.scansByCheckpoint[1].flagged == 3)
        #expect(stats.flaggedScans == 3)
        #expect(stats.players == 3 && stats.activePlayers == 2)
    }

    @Test func theMedianSolveTimeIsInMinutesAndAveragesTheMiddlePair() {
        let stats = HuntStatistics(HuntFigures(
            players: 0, activePlayers: 0, scans: [],
            riddles: [.init(riddle: "odd", solved: 3, givenUp: 1, hintsUsed: 2, solveDurations: [1800, 600, 1200]),
                      .init(riddle: "even", solved: 2, givenUp: 0, hintsUsed: 0, solveDurations: [600, 1500]),
                      .init(riddle: "never", solved: 0, givenUp: 4, hintsUsed: 9, solveDurations: [])],
            offers: [], places: [], failures: []))
        #expect(stats.riddles.map(\.riddle) == ["even", "never", "odd"])
        #expect(stats.riddles.map(\.medianMinutesToSolve) == [17.5, nil, 20])
        #expect(stats.riddles[2].givenUp == 1 && stats.riddles[2].hintsUsed == 2)
    }

    @Test func stockLeftNeverGoesBelowZeroWhenTheFilesLoweredIt() {
        let stats = HuntStatistics(HuntFigures(
            players: 0, activePlayers: 0, scans: [], riddles: [],
            offers: [.init(offer: "tea", stock: 3, issued: 5, redeemed: 4), .init(offer: "coffee", stock: 10, issued: 4, redeemed: 1)],
            places: [], failures: []))
        #expect(stats.offers.map(\.offer) == ["coffee", "tea"])
        #expect(stats.offers.map(\.left) == [6, 0])
    }

    @Test func photosWithoutACodeCountAgainstTheNearestPlaceWithin75Metres() {
        let nearby = Coordinate(latitude: library.latitude + 0.0003, longitude: library.longitude)  // about 33 m north
        let farAway = Coordinate(latitude: library.latitude + 0.01, longitude: library.longitude)  // about 1.1 km
        let stats = HuntStatistics(HuntFigures(
            players: 0, activePlayers: 0, scans: [], riddles: [], offers: [],
            places: [(id: "library", coordinate: library)], failures: [nearby, library, farAway, nil].map { HuntFigures.FailedPhoto(location: $0, at: .distantPast) }))
        #expect(stats.decodeFailuresByCheckpoint == ["library": 2, FailureAttribution.unlocated: 2])
    }
}
