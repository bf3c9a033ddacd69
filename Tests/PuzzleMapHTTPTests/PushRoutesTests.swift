import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import PuzzleMapCore
import Synchronization
import Testing

@testable import PuzzleMapHTTP

/// A push service of the test's own, on loopback: it keeps every message posted to it and
/// answers each endpoint as told (201, or 410 for a subscription the browser dropped).
final class RecordingPushService: Sendable {
    struct Message: Sendable {
        var path: String
        var headers: HTTPFields
        var body: Data
    }
    let messages = Mutex<[Message]>([])

    var application: some ApplicationProtocol {
        let router = Router()
        router.post("push/:name") { request, context -> Response in
            let body = try await request.body.collect(upTo: 64 * 1024)
            let name = context.parameters.get("name") ?? ""
            self.messages.withLock { $0.append(Message(path: request.uri.path, headers: request.headers, body: Data(buffer: body))) }
            return Response(status: name == "gone" ? .gone : .created)
        }
        return Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
    }
}

/// What the browser does with a push message (RFC 8291 §3.4, read from the receiving side):
/// the sender's key from the header, the shared secret with the browser's private key, the
/// same derivations, and the record opened and its padding delimiter checked.
func openPushMessage(_ body: Data, browser: P256.KeyAgreement.PrivateKey, auth: Data) throws -> Data {
    let salt = body.prefix(16)
    let recordSize = body.dropFirst(16).prefix(4).reduce(0) { $0 << 8 | Int($1) }
    let keyLength = Int(body[body.startIndex + 20])
    let senderKey = body.dropFirst(21).prefix(keyLength)
    #expect(recordSize == 4096 && keyLength == 65)
    let shared = try browser.sharedSecretFromKeyAgreement(with: try P256.KeyAgreement.PublicKey(x963Representation: senderKey))
    let prk = shared.hkdfDerivedSymmetricKey(using: SHA256.self, salt: auth,
                                              sharedInfo: Data("WebPush: info\0".utf8) + browser.publicKey.x963Representation + senderKey,
                                              outputByteCount: 32)
    let key = HKDF<SHA256>.deriveKey(inputKeyMaterial: prk, salt: salt, info: Data("Content-Encoding: aes128gcm\0".utf8), outputByteCount: 16)
    let nonce = HKDF<SHA256>.deriveKey(inputKeyMaterial: prk, salt: salt, info: Data("Content-Encoding: nonce\0".utf8), outputByteCount: 12)
    let sealed = body.dropFirst(21 + keyLength)
    let plain = try AES.GCM.open(try AES.GCM.SealedBox(nonce: try AES.GCM.Nonce(data: nonce.withUnsafeBytes { Data($0) }),
                                                       ciphertext: sealed.dropLast(16), tag: sealed.suffix(16)), using: key)
    #expect(plain.last == 2, "the last record's delimiter")
    return plain.dropLast()
}

@Suite struct PushRoutesTests {
    /// The whole way: Bob turns notices on through the API with a browser's keys; Ada challenges
    /// him; the service posts to the push service an encrypted message that only Bob's key
    /// opens, signed with the key it publishes, and it says what happened in Bob's language.
    /// A push service answering 410 makes the service forget that subscription.
    @Test func aChallengeReachesThePhoneEncryptedForItAloneAndAGoneSubscriptionIsForgotten() async throws {
        let push = RecordingPushService()
        try await push.application.test(.live) { pushClient in
            let port = try #require(pushClient.port)
            let origin = "http://127.0.0.1:\(port)"
            let service = try await TestService { $0.pushServices = PushServices(origins: [origin]) }
            let browser = P256.KeyAgreement.PrivateKey()
            let auth = WebPushMessage.randomBytes(16)
            let keys = ["p256dh": browser.publicKey.x963Representation.base64URLEncoded, "auth": auth.base64URLEncoded]
            try await service.test { client in
                let ada = try await client.signedInPlayer("ada")
                let bob = try await client.signedInPlayer("bob")
                try await service.befriend(ada, bob, client)
                let published = try await client.call(.get, "/v1/push/key")
                #expect(published.json["publicKey"] as? String == service.services.hunt.vapidKey.publicKey)

                let elsewhere = try await client.call(.put, "/v1/me/push-subscription",
                                                      json: ["endpoint": "http://10.0.0.1/push/x", "keys": keys], token: bob)
                #expect(elsewhere.status == .unprocessableContent && elsewhere.code == "push_endpoint_not_allowed" && elsewhere.isProblem)
                let badKeys = try await client.call(.put, "/v1/me/push-subscription",
                                                    json: ["endpoint": "\(origin)/push/bob", "keys": ["p256dh": "!!", "auth": "x"]], token: bob)
                #expect(badKeys.code == "invalid_push_keys")
                let subscribed = try await client.call(.put, "/v1/me/push-subscription",
                                                       json: ["endpoint": "\(origin)/push/bob", "keys": keys, "language": "zh"], token: bob)
                #expect(subscribed.status == .ok)
                #expect(subscribed.json["devices"] as? Int == 1)
                let dropped = try await client.call(.put, "/v1/me/push-subscription",
                                                    json: ["endpoint": "\(origin)/push/gone", "keys": keys], token: bob)
                #expect(dropped.json["devices"] as? Int == 2)
                let unknown = try await client.call(.put, "/v1/me/notifications", json: ["topics": ["gossip": true]], token: bob)
                #expect(unknown.code == "unknown_push_topic")
                let topics = try await client.call(.get, "/v1/me/notifications", token: bob)
                #expect(topics.json["topics"] as? [String: Bool] == ["challenges": true, "crew_scans": true, "freebies_lapsing": true])

                #expect(try await client.call(.post, "/v1/challenges", json: ["username": "bob", "category": "lab"], token: ada).status == .created)
                // The application's own delivery hears the live signal and sends both: waited
                // for while the application runs (it would be cut if the test ended first).
                let deadline = ContinuousClock.now + .seconds(20)
                while push.messages.withLock({ $0.count }) < 2, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(50)) }
                let bobsID = try #require(try await service.repository.account(login: "bob")).player.id
                while try await service.repository.pushSubscriptions(playerID: bobsID).count > 1, ContinuousClock.now < deadline {
                    try await Task.sleep(for: .milliseconds(50))
                }
            }

            let delivery = PushDelivery(running: service.services.running, logger: testLogger)
            let messages = push.messages.withLock { $0 }.sorted { $0.path < $1.path }
            #expect(messages.map(\.path) == ["/push/bob", "/push/gone"])
            let message = try #require(messages.first)
            #expect(message.headers[HTTPField.Name("Content-Encoding")!] == "aes128gcm")
            #expect(message.headers[HTTPField.Name("TTL")!] == "86400")

            // Signed with the published key, for this push service's origin, for hours not days.
            let authorization = try #require(message.headers[.authorization])
            let parts = try #require(authorization.wholeMatch(of: /vapid t=([^.]+)\.([^.]+)\.([^,]+), k=(.+)/))
            #expect(String(parts.4) == service.services.hunt.vapidKey.publicKey)
            let signer = try P256.Signing.PublicKey(x963Representation: try #require(Data(base64URLEncoded: String(parts.4))))
            let signature = try P256.Signing.ECDSASignature(rawRepresentation: try #require(Data(base64URLEncoded: String(parts.3))))
            #expect(signer.isValidSignature(signature, for: Data("\(parts.1).\(parts.2)".utf8)))
            let claimBytes = try #require(Data(base64URLEncoded: String(parts.2)))
            let claims = try #require(try JSONSerialization.jsonObject(with: claimBytes) as? [String: Any])
            #expect(claims["aud"] as? String == origin)
            let expiry = try #require(claims["exp"] as? Int)
            #expect(expiry > Int(service.clock.now.timeIntervalSince1970) && expiry <= Int(service.clock.now.timeIntervalSince1970) + 86_400)

            // Only Bob's browser opens it, and it is in the language he chose.
            let opened = try openPushMessage(message.body, browser: browser, auth: auth)
            let notice = try #require(try JSONSerialization.jsonObject(with: opened) as? [String: String])
            #expect(notice["title"] == "新的挑战")
            #expect(notice["body"]?.contains("Ada") == true)
            #expect(notice["url"] == "/challenges")
            #expect(throws: (any Error).self) { try openPushMessage(message.body, browser: P256.KeyAgreement.PrivateKey(), auth: auth) }

            // The push service said the second is gone: it is forgotten, and nothing is sent twice.
            let bob = try #require(try await service.repository.account(login: "bob")).player.id
            #expect(try await service.repository.pushSubscriptions(playerID: bob).map(\.subscription.endpoint) == ["\(origin)/push/bob"])
            try await delivery.deliverDue()
            #expect(push.messages.withLock { $0.count } == 2)
        }
    }

    /// The settings page: without signing in, no notices section; a player's lists the topics
    /// and saves them with the form (a box left unticked is off), and a page subscription with
    /// an endpoint of no push service is refused in words.
    @Test func theSettingsPageTurnsTopicsOffAndExplainsARefusedPhone() async throws {
        let service = try await TestService()
        try await service.test { client in
            let anonymous = try await client.execute(uri: "/settings", method: .get) { String(buffer: $0.body) }
            #expect(anonymous.contains("<form method=\"post\" action=\"/settings/language\">"))
            #expect(!anonymous.contains("data-push-key"))
            let bob = try await client.signedInPlayer("bob")
            let page = try await client.page("/settings", session: bob).text
            #expect(page.contains("data-push-key=\"\(service.services.hunt.vapidKey.publicKey)\""))
            #expect(page.contains("name=\"crew_scans\" value=\"on\" checked"))
            let csrf = String(try #require(page.firstMatch(of: /name="_csrf" value="([^"]+)"/)?.1))
            let saved = try await client.page("/settings/notifications", method: .post, session: bob,
                                              form: "_csrf=\(csrf)&challenges=on&freebies_lapsing=on")
            #expect(saved.status == .seeOther)
            let after = try await client.page("/settings?done=notifications", session: bob).text
            #expect(after.contains("Saved: your notifications are set."))
            #expect(after.contains("name=\"crew_scans\" value=\"on\">"))
            #expect(after.contains("name=\"challenges\" value=\"on\" checked"))
            let refused = try await client.page("/settings/push", method: .post, session: bob,
                                                form: "_csrf=\(csrf)&action=on&endpoint=https%3A%2F%2Fattacker.example%2Fx&p256dh=&auth=")
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains("Notifications work in Chrome, Firefox, Edge and Safari"))
            let forged = try await client.page("/settings/notifications", method: .post, session: bob, form: "challenges=on")
            #expect(forged.status == .forbidden, "no form without its CSRF token")
        }
    }
}
