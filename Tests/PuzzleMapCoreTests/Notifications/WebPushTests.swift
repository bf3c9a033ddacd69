import Crypto
import Foundation
import PuzzleMapCore
import Testing

/// Web Push as its RFCs write it: the message encryption of RFC 8291 byte for byte against the
/// RFC's own example, the VAPID token of RFC 8292 verified with the key it names, and the rule
/// of which news wakes a phone.
@Suite struct WebPushTests {
    static func bytes(_ text: String) throws -> Data { try #require(Data(base64URLEncoded: text)) }

    /// RFC 8291 §5: the keys, salt and plaintext of the example give exactly its body.
    @Test func theRFCsExampleMessageEncryptsToTheRFCsBody() throws {
        let keys = PushSubscriptionKeys(
            p256dh: try Self.bytes("BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4"),
            auth: try Self.bytes("BTBZMqHH6r4Tts7J_aSIgg"))
        let sender = try P256.KeyAgreement.PrivateKey(rawRepresentation: try Self.bytes("yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw"))
        let body = try WebPushMessage.encrypt(Data("When I grow up, I want to be a watermelon".utf8), for: keys,
                                              salt: try Self.bytes("DGv6ra1nlYgDCS1FRnbzlw"), sender: sender)
        #expect(body.base64URLEncoded == "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN")
    }

    @Test func everyMessageHasItsOwnSaltAndKeyAndTooLongAPlaintextIsRefused() throws {
        let browser = P256.KeyAgreement.PrivateKey()
        let keys = PushSubscriptionKeys(p256dh: browser.publicKey.x963Representation, auth: WebPushMessage.randomBytes(16))
        let (one, two) = (try WebPushMessage.encrypt(Data("hi".utf8), for: keys), try WebPushMessage.encrypt(Data("hi".utf8), for: keys))
        #expect(one.prefix(16) != two.prefix(16), "salt")
        #expect(one[21..<86] != two[21..<86], "sender's key")
        #expect(throws: WebPushMessage.Failure.tooLong(3_994)) {
            try WebPushMessage.encrypt(Data(count: 3_994), for: keys)
        }
    }

    /// The token names the push service's origin, expires as asked, and verifies with the key
    /// in `k=`, which is the one browsers subscribe with.
    @Test func theVAPIDTokenIsSignedWithTheKeyItNamesForThePushServicesOrigin() throws {
        let secrets = try #require(ServiceSecrets(tagKeyData: Data(repeating: 1, count: 32), tokenKeyData: Data(repeating: 2, count: 32)))
        let key = VAPIDKey(secrets: secrets)
        #expect(VAPIDKey(secrets: secrets).publicKey == key.publicKey, "the same keys, the same VAPID key: every instance signs alike")
        let other = try #require(ServiceSecrets(tagKeyData: Data(repeating: 3, count: 32), tokenKeyData: Data(repeating: 2, count: 32)))
        #expect(VAPIDKey(secrets: other).publicKey != key.publicKey)

        let expiry = Date(timeIntervalSince1970: 1_800_000_000)
        let header = try key.authorization(for: "https://fcm.googleapis.com/fcm/send/abc:def", contact: "https://hunt.example.ac.uk",
                                           expiresAt: expiry)
        let parts = try #require(header.wholeMatch(of: /vapid t=([^,]+), k=([A-Za-z0-9_-]+)/))
        #expect(String(parts.2) == key.publicKey)
        let token = String(parts.1).split(separator: ".").map(String.init)
        #expect(token.count == 3)
        let claims = try #require(try JSONSerialization.jsonObject(with: try Self.bytes(token[1])) as? [String: Any])
        #expect(claims["aud"] as? String == "https://fcm.googleapis.com")
        #expect(claims["exp"] as? Int == 1_800_000_000)
        #expect(claims["sub"] as? String == "https://hunt.example.ac.uk")
        let header0 = try #require(try JSONSerialization.jsonObject(with: try Self.bytes(token[0])) as? [String: String])
        #expect(header0 == ["typ": "JWT", "alg": "ES256"])
        let publicKey = try P256.Signing.PublicKey(x963Representation: try Self.bytes(String(parts.2)))
        let signature = try P256.Signing.ECDSASignature(rawRepresentation: try Self.bytes(token[2]))
        #expect(publicKey.isValidSignature(signature, for: Data((token[0] + "." + token[1]).utf8)))
        #expect(!publicKey.isValidSignature(signature, for: Data((token[0] + "." + token[1] + "x").utf8)))
    }

    @Test func onlyTheBrowsersPushServicesAreSentTo() {
        let services = PushServices.browsers
        #expect(services.admits("https://fcm.googleapis.com/fcm/send/abc"))
        #expect(services.admits("https://updates.push.services.mozilla.com/wpush/v2/gAAA"))
        #expect(services.admits("https://web.push.apple.com/QGuQ"))
        #expect(services.admits("https://db5p.notify.windows.com/w/?token=x"))
        #expect(!services.admits("http://fcm.googleapis.com/fcm/send/abc"), "not over plain HTTP")
        #expect(!services.admits("https://fcm.googleapis.com.attacker.example/x"))
        #expect(!services.admits("https://attacker.example/fcm.googleapis.com"))
        #expect(!services.admits("https://user@fcm.googleapis.com/x"))
        #expect(!services.admits("https://fcm.googleapis.com:8443/x"), "another port is another origin")
        #expect(!services.admits("https://notify.windows.com/x"), "the wildcard is for subdomains")
        #expect(!services.admits("https://127.0.0.1/x"))
        #expect(!services.admits("not a url"))
        #expect(PushServices(origins: ["http://127.0.0.1:9999"]).admits("http://127.0.0.1:9999/push/1"))
        #expect(!PushServices(origins: ["http://127.0.0.1:9999"]).admits("http://127.0.0.1:9998/push/1"))
    }

    @Test func aSubscriptionNeedsABrowsersKeys() {
        let browser = P256.KeyAgreement.PrivateKey()
        let good = PushSubscriptionKeys(p256dh: browser.publicKey.x963Representation, auth: Data(count: 16))
        let endpoint = "https://fcm.googleapis.com/fcm/send/abc"
        #expect(PushSubscription(endpoint: endpoint, keys: good, language: "en").refusal(services: .browsers) == nil)
        for keys in [PushSubscriptionKeys(p256dh: good.p256dh, auth: Data(count: 15)),
                     PushSubscriptionKeys(p256dh: Data(count: 65), auth: good.auth),
                     PushSubscriptionKeys(p256dh: browser.publicKey.compressedRepresentation, auth: good.auth)] {
            #expect(PushSubscription(endpoint: endpoint, keys: keys, language: "en").refusal(services: .browsers) == .invalidKeys)
        }
        #expect(PushSubscription(endpoint: endpoint + String(repeating: "a", count: 1_000), keys: good, language: "en")
            .refusal(services: .browsers) == .endpointNotAllowed)
    }

    @Test func aChallengeACrewMatesScanAndALapsingFreebieWakeThePhoneUnlessTurnedOffTheLatestThreeAtMost() {
        func stored(_ sequence: Int64, _ kind: LiveEvent.Kind) -> StoredLiveEvent {
            StoredLiveEvent(sequence: sequence, event: LiveEvent(playerID: 1, kind: kind), createdAt: Date(timeIntervalSince1970: 0))
        }
        let events = [stored(1, .challengeReceived), stored(2, .badgeEarned), stored(3, .crewScanned), stored(4, .freebieLapsing),
                      stored(5, .giftReceived)]
        #expect(PushTopic.notices(in: events, turnedOff: []).map(\.sequence) == [1, 3, 4])
        #expect(PushTopic.notices(in: events, turnedOff: [.crewScans]).map(\.sequence) == [1, 4])
        #expect(PushTopic.notices(in: events, turnedOff: Set(PushTopic.allCases)).isEmpty)
        let many = (1...5).map { stored(Int64($0), .challengeReceived) }
        #expect(PushTopic.notices(in: many, turnedOff: []).map(\.sequence) == [3, 4, 5])
        #expect(Set(LiveEvent.Kind.allCases.compactMap(PushTopic.init)) == Set(PushTopic.allCases))
    }

    @Test func aLapsingFreebiesNewsSaysHowManyHoursAreLeftRoundedUp() {
        let now = Date(timeIntervalSince1970: 1_000_000)
        let voucher = Voucher(id: 9, offerID: "coffee", playerID: 4, issuedAt: now - 86_400, expiresAt: now + 5 * 3600 + 60, giftedBy: nil,
                              redeemedAt: nil, redeemedBy: nil)
        #expect(LiveEvent.freebieLapsing(voucher, offerTitle: "A coffee", at: now)
            == LiveEvent(playerID: 4, kind: .freebieLapsing, values: ["offer": "A coffee", "hours": "6"], subjectID: 9))
    }
}
