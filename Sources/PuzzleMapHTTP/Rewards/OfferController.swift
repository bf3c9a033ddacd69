import Foundation
import Hummingbird
import PuzzleMapCore
import PuzzleMapGame

/// `GET /v1/me/offers`: the freebies the player can still unlock, and how far they are from each.
struct OfferController {
    let services: HuntServices

    /// An upcoming offer as the player's app shows it.
    struct UpcomingOfferView: Codable, Sendable {
        struct Unlock: Codable, Sendable {
            var level: Int?
            var badge: String?
        }

        var offerId: String
        var title: String
        var partner: String
        var description: String
        var unlock: Unlock
        /// Steps done and needed: XP for a level, the badge rule's steps for a badge.
        var current: Int
        var target: Int
        var remaining: Int
        var howToUnlock: String
        /// The offer's first day, when still to come (YYYY-MM-DD).
        var startsOn: String?

        init(_ upcoming: OfferProgress, content: CampusContent) {
            let offer = upcoming.offer
            offerId = offer.id
            title = offer.title
            partner = content.partner(id: offer.partnerID)?.name ?? ""
            description = offer.description
            switch offer.unlock {
            case .level(let level): unlock = Unlock(level: level)
            case .badge(let badge): unlock = Unlock(badge: badge)
            }
            current = upcoming.progress.current
            target = upcoming.progress.target
            remaining = upcoming.remaining
            howToUnlock = upcoming.howToUnlock
            startsOn = upcoming.startsOn?.description
        }
    }

    struct OffersView: ResponseCodable {
        var offers: [UpcomingOfferView]
    }

    func addRoutes(to router: RouterGroup<AppRequestContext>) {
        router.get("me/offers") { _, context -> OffersView in
            let identity = try context.requirePlayer()
            let upcoming = try await services.hunt.upcomingOffers(playerID: identity.playerID)
            return OffersView(offers: upcoming.map { UpcomingOfferView($0, content: services.content) })
        }
    }
}
