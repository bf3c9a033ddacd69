import Foundation
import Hummingbird
import PuzzleMapCore

/// `GET /v1/me/progress` and `GET /v1/map`.
struct ProgressController {
    let services: HuntServices

    struct ProgressView: ResponseCodable, Hashable {
        struct LevelProgress: Codable, Hashable {
            var current: Int
            var needed: Int
        }
        struct EarnedBadge: Codable, Hashable {
            var id: String
            var name: String
            var description: String
            var earnedAt: Date
        }
        struct LockedBadge: Codable, Hashable {
            var id: String
            var name: String
            var howToEarn: String
        }
        struct Badges: Codable, Hashable {
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
        /// Scans organisers voided and XP they adjusted, with their reasons, newest first.
        var moderation: [ModerationNoticeView]

        struct Vouchers: Codable, Hashable {
            var unclaimed: Int
        }
    }

    /// The map as the game gives it: a place not found yet is a numbered pin, whether it is
    /// open and whether the organisers closed it; the rest is there once it is found.
    struct MapView: ResponseCodable, Hashable {
        struct Place: Codable, Hashable {
            /// Its number on the map, the same for every player.
            var number: Int
            var latitude: Double
            var longitude: Double
            var openNow: Bool
            var status: String
            /// When a closed place opens next, on the campus clock.
            var opensAt: OpensAt?
            var closedByOrganisers: Bool
            // Once the place is found:
            var id: String?
            var name: String?
            var category: Category?
            var building: String?
            var floor: Int?
            var openingHours: String?
            var facts: [String]?
            /// The organisers' note while they have closed the place for now.
            var closedNote: String?
        }
        struct OpensAt: Codable, Hashable {
            var date: String
            var time: String
        }
        var checkpoints: [Place]
    }

    func addRoutes(to router: RouterGroup<AppRequestContext>) {
        let tagged = router.group().add(middleware: ConditionalGetMiddleware())
        // A phone opens its progress and its map every time the app is opened: the same state, the same bytes.
        tagged.get("me/progress") { _, context in try services.kept.progress.response(for: try await progress(context), context: context) }
        tagged.get("map") { _, context in try services.kept.map.response(for: try await map(context), context: context) }
    }

    private func progress(_ context: AppRequestContext) async throws -> ProgressView {
        let identity = try context.requirePlayer()
        let progress = try await services.hunt.progress(playerID: identity.playerID, ownerVerified: identity.isVerified,
                                                          playVersion: identity.playVersion)
        return ProgressView(
            xp: progress.xp, level: progress.level,
            levelProgress: .init(current: progress.levelProgress.current, needed: progress.levelProgress.needed),
            badges: .init(
                earned: progress.earnedBadges.map { .init(id: $0.badge.id, name: $0.badge.name, description: $0.badge.description, earnedAt: $0.earnedAt) },
                locked: progress.lockedBadges.map { .init(id: $0.badge.id, name: $0.badge.name, howToEarn: $0.howToEarn) }),
            solved: progress.solvedByCategory, visited: progress.placesVisited, activeRiddles: progress.riddlesHeld,
            vouchers: .init(unclaimed: progress.unclaimedVouchers), moderation: progress.moderation.map(ModerationNoticeView.init))
    }

    private func map(_ context: AppRequestContext) async throws -> MapView {
        let identity = try context.requirePlayer()
        return MapView(checkpoints: try await services.hunt.map(playerID: identity.playerID, playVersion: identity.playVersion).map { place in
            let checkpoint = place.checkpoint
            return MapView.Place(
                number: place.number, latitude: place.coordinate.latitude, longitude: place.coordinate.longitude,
                openNow: place.isOpenNow, status: place.status.rawValue,
                opensAt: place.nextOpening.map { MapView.OpensAt(date: $0.date.description, time: $0.time.description) },
                closedByOrganisers: place.isClosedByOrganisers,
                id: checkpoint?.id, name: checkpoint?.name, category: checkpoint?.category, building: checkpoint?.building, floor: checkpoint?.floor,
                openingHours: place.hoursSummary, facts: place.facts, closedNote: place.closure?.note)
        })
    }
}
