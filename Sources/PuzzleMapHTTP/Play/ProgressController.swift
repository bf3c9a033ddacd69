import Foundation
import Hummingbird
import PuzzleMapCore

/// `GET /v1/me/progress` and `GET /v1/map`.
struct ProgressController {
    let services: HuntServices

    struct ProgressView: ResponseCodable {
        struct LevelProgress: Codable {
            var current: Int
            var needed: Int
        }
        struct EarnedBadge: Codable {
            var id: String
            var name: String
            var description: String
            var earnedAt: Date
        }
        struct LockedBadge: Codable {
            var id: String
            var name: String
            var howToEarn: String
        }
        struct Badges: Codable {
            var earned: [EarnedBadge]
            var locked: [LockedBadge]
        }
        var xp: Int
        var level: Int
        var levelProgress: LevelProgress
        var badges: Badges
        var solved: [Category: Int]
        var visited: Int
        var activeRiddles: Int
        var vouchers: Vouchers

        struct Vouchers: Codable {
            var unclaimed: Int
        }
    }

    struct MapView: ResponseCodable {
        struct Place: Codable {
            var id: String
            var name: String
            var category: Category
            var building: String
            var floor: Int
            var latitude: Double
            var longitude: Double
            var openNow: Bool
            var openingHours: String
            var status: String
            /// Public facts, once the place is found.
            var facts: [String]?
        }
        var checkpoints: [Place]
    }

    func addRoutes(to router: RouterGroup<AppRequestContext>) {
        router.get("me/progress") { _, context in try await progress(context) }
        router.get("map") { _, context in try await map(context) }
    }

    private func progress(_ context: AppRequestContext) async throws -> ProgressView {
        let identity = try context.requirePlayer()
        let state = try await services.repository.progressState(playerID: identity.playerID)
        let standing = PlayerStanding(events: state.events, content: services.content)
        let content = services.content
        let earned = content.badges.compactMap { badge in
            standing.earnedAt[badge.id].map { ProgressView.EarnedBadge(id: badge.id, name: badge.name, description: badge.description, earnedAt: $0) }
        }
        let locked = content.badges.filter { standing.earnedAt[$0.id] == nil }.map { badge in
            ProgressView.LockedBadge(id: badge.id, name: badge.name,
                                     howToEarn: BadgeEvaluator.howToEarn(badge, checkpoints: content.checkpoints,
                                                                         history: standing.history, level: standing.totals.level))
        }
        var solved = Dictionary(uniqueKeysWithValues: Category.allCases.map { ($0, 0) })
        for solve in standing.history.solves { solved[solve.category, default: 0] += 1 }
        return ProgressView(
            xp: standing.totals.xp, level: standing.totals.level,
            levelProgress: .init(current: standing.totals.levelProgress.current, needed: standing.totals.levelProgress.needed),
            badges: .init(earned: earned, locked: locked), solved: solved, visited: standing.visitedIDs.count,
            activeRiddles: state.activeAttempts.count,
            vouchers: .init(unclaimed: state.vouchers.filter {
                $0.status(at: services.now(), ownerVerified: identity.account.emailVerifiedAt != nil) == .unclaimed
            }.count)
        )
    }

    private func map(_ context: AppRequestContext) async throws -> MapView {
        let identity = try context.requirePlayer()
        async let stored = services.repository.checkpoints(includingRetired: false)
        let (solved, visited) = PlayerStanding.places(in: try await services.repository.events(playerID: identity.playerID))
        let now = services.now()
        return MapView(checkpoints: try await stored.map { stored in
            let place = stored.checkpoint
            let status = solved.contains(place.id) ? "solved" : visited.contains(place.id) ? "visited" : "unvisited"
            return MapView.Place(
                id: place.id, name: place.name, category: place.category, building: place.building, floor: place.floor,
                latitude: place.coordinate.latitude, longitude: place.coordinate.longitude,
                openNow: place.hours.isOpen(at: now, in: services.timeZone), openingHours: place.hours.summary,
                status: status, facts: status == "unvisited" ? nil : place.facts
            )
        })
    }
}
