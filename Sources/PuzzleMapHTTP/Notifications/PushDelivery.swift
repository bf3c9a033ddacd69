import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import PuzzleMapCore
import PuzzleMapGame
import PuzzleMapStorage
import ServiceLifecycle

/// Wakes players' phones while the app is closed (Web Push): a challenge received, a crew
/// mate at the crew riddle's place, a freebie about to lapse.
///
/// Notices come from the live events the game already writes with what caused them, so none
/// is lost to a crash and none invented. Every instance looks when a live signal arrives (and
/// every half minute, for signals missed); the cursor a store moves for each subscription makes
/// sure only one of them sends each notice. A notice is encrypted for the one browser (RFC 8291)
/// and the request signed with the service's VAPID key (RFC 8292).
struct PushDelivery: Service {
    let running: RunningHunt
    let logger: Logger
    var client: HTTPClient = .shared
    /// Without a signal, how often to look anyway.
    var pollInterval: Duration = .seconds(30)
    /// How often to look for freebies about to lapse.
    var lapseInterval: Duration = .seconds(300)

    func run() async throws {
        let (wake, waker) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        // A shutdown cancels every loop at once: that is how this service ends, not a failure.
        try? await cancelWhenGracefulShutdown {
            try await withThrowingDiscardingTaskGroup { group in
                group.addTask {
                    for await signal in running.hunt.repository.liveSignals() where signal != .broadcast { waker.yield() }
                }
                group.addTask {
                    while !Task.isCancelled {
                        waker.yield()
                        try await Task.sleep(for: pollInterval)
                    }
                }
                group.addTask {
                    while !Task.isCancelled {
                        do {
                            try await running.hunt.announceLapsingFreebies()
                        } catch is CancellationError {
                            return
                        } catch {
                            logger.warning("Looking for freebies about to lapse failed", metadata: ["error": "\(error)"])
                        }
                        try await Task.sleep(for: lapseInterval)
                    }
                }
                for await _ in wake {
                    do {
                        try await deliverDue()
                    } catch is CancellationError {
                        return
                    } catch {
                        logger.warning("Push delivery pass failed", metadata: ["error": "\(error)"])
                    }
                }
            }
        }
    }

    /// One pass: every notice due, sent.
    func deliverDue() async throws {
        let hunt = running.hunt
        while true {
            let due = try await hunt.claimDuePushes()
            for (subscription, notices) in due {
                for notice in notices { await send(notice, to: subscription, hunt: hunt) }
            }
            if due.isEmpty { return }
        }
    }

    /// What the service worker shows: words in the player's language and the page to open.
    struct Payload: Encodable {
        var title: String
        var body: String
        var url: String
        /// A later notice of the same tag replaces the earlier on the phone.
        var tag: String
    }

    static func payload(for stored: StoredLiveEvent, language tag: String, library: PageLibrary = .shipped) -> Payload {
        PageLibrary.$language.withValue(library.language(chosen: tag, accepted: nil)) {
            let event = stored.event
            let topic = PushTopic(event.kind).map(\.rawValue) ?? event.kind.rawValue
            return Payload(title: library.text("push.title.\(topic)"), body: library.text("live.\(event.kind.rawValue)", event.values),
                           url: LiveMessage.link(for: event.kind), tag: "\(event.kind.rawValue)-\(event.subjectID ?? stored.sequence)")
        }
    }

    private func send(_ notice: StoredLiveEvent, to stored: StoredPushSubscription, hunt: Hunt) async {
        let endpoint = stored.subscription.endpoint
        do {
            // Checked again at sending: the allowed services may have changed since it was kept.
            guard hunt.pushServices.admits(endpoint) else { throw PushRefusal.endpointNotAllowed }
            let json = try JSONEncoder().encode(Self.payload(for: notice, language: stored.subscription.language))
            let body = try WebPushMessage.encrypt(json, for: stored.subscription.keys)
            var request = HTTPClientRequest(url: endpoint)
            request.method = .POST
            request.headers.add(name: "Authorization", value: try hunt.vapidKey.authorization(for: endpoint, contact: hunt.publicURL,
                                                                                               expiresAt: hunt.now() + 12 * 3600))
            request.headers.add(name: "Content-Encoding", value: "aes128gcm")
            request.headers.add(name: "Content-Type", value: "application/octet-stream")
            // Kept by the push service for a day while the phone is off; a crew's scan is urgent.
            request.headers.add(name: "TTL", value: "86400")
            request.headers.add(name: "Urgency", value: notice.event.kind == .crewScanned ? "high" : "normal")
            request.body = .bytes(ByteBuffer(data: body))
            // The notice is claimed already: a request that never got an answer (a dropped
            // connection) is tried once more before it is given up.
            let response: HTTPClientResponse
            do {
                response = try await client.execute(request, timeout: .seconds(10))
            } catch {
                try await Task.sleep(for: .milliseconds(200))
                response = try await client.execute(request, timeout: .seconds(10))
            }
            _ = try? await response.body.collect(upTo: 64 * 1024)
            switch response.status.code {
            case 200..<300:
                logger.debug("Push notice sent", metadata: ["kind": "\(notice.event.kind.rawValue)", "player": "\(stored.playerID)"])
            case 404, 410:
                // The browser dropped the subscription: forget it, as the RFC asks.
                try await hunt.forgetPushEndpoint(endpoint)
                logger.info("Push subscription gone; forgotten", metadata: ["player": "\(stored.playerID)", "status": "\(response.status.code)"])
            default:
                logger.warning("Push service refused a notice", metadata: ["player": "\(stored.playerID)", "status": "\(response.status.code)"])
            }
        } catch {
            logger.warning("Push notice not sent", metadata: ["player": "\(stored.playerID)", "error": "\(error)"])
        }
    }
}
