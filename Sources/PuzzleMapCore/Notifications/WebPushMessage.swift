import Crypto
import Foundation

/// A push message's body as RFC 8291 encrypts it for one browser: readable by that browser
/// alone, never by the push service that carries it.
///
/// The `aes128gcm` content coding of RFC 8188 in one record: a fresh key pair's shared secret
/// with the browser's `p256dh` key, mixed with its `auth` secret, keys AES-128-GCM; the body
/// is the salt, the record size, the sender's public key and the ciphertext.
public enum WebPushMessage {
    /// Push services accept 4 096 bytes of body; the header and the tag take 103 of them.
    public static let largestPlaintext = 3_993
    static let recordSize: UInt32 = 4_096

    public enum Failure: Error, Equatable, Sendable {
        /// The plaintext does not fit in one record.
        case tooLong(Int)
    }

    /// The encrypted body for a browser's subscription keys. `salt` and `sender` are fresh
    /// for every message; a test gives the RFC's to check its example byte for byte.
    public static func encrypt(_ plaintext: Data, for keys: PushSubscriptionKeys, salt: Data = randomBytes(16),
                               sender: P256.KeyAgreement.PrivateKey = P256.KeyAgreement.PrivateKey()) throws -> Data {
        guard plaintext.count <= largestPlaintext else { throw Failure.tooLong(plaintext.count) }
        let browserKey = try P256.KeyAgreement.PublicKey(x963Representation: keys.p256dh)
        let senderPublic = sender.publicKey.x963Representation
        let shared = try sender.sharedSecretFromKeyAgreement(with: browserKey)
        // RFC 8291 §3.3: the input keying material binds both public keys and the auth secret.
        let keyInfo = Data("WebPush: info\0".utf8) + keys.p256dh + senderPublic
        let inputKey = shared.hkdfDerivedSymmetricKey(using: SHA256.self, salt: keys.auth, sharedInfo: keyInfo, outputByteCount: 32)
        // RFC 8188 §2.2 and §2.3: the content key and the nonce, from the salt.
        let contentKey = HKDF<SHA256>.deriveKey(inputKeyMaterial: inputKey, salt: salt,
                                                info: Data("Content-Encoding: aes128gcm\0".utf8), outputByteCount: 16)
        let nonceBytes = HKDF<SHA256>.deriveKey(inputKeyMaterial: inputKey, salt: salt,
                                                info: Data("Content-Encoding: nonce\0".utf8), outputByteCount: 12)
        let nonce = try AES.GCM.Nonce(data: nonceBytes.withUnsafeBytes { Data($0) })
        // One record, the last: its padding delimiter is 2.
        let sealed = try AES.GCM.seal(plaintext + [2], using: contentKey, nonce: nonce)
        var body = salt
        withUnsafeBytes(of: recordSize.bigEndian) { body.append(contentsOf: $0) }
        body.append(UInt8(senderPublic.count))
        body.append(senderPublic)
        body.append(sealed.ciphertext)
        body.append(sealed.tag)
        return body
    }

    public static func randomBytes(_ count: Int) -> Data {
        var generator = SystemRandomNumberGenerator()
        return Data((0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }
}

/// What a browser gives when it subscribes: the key its messages are encrypted to and the
/// secret that authenticates them.
public struct PushSubscriptionKeys: Hashable, Sendable {
    /// The browser's P-256 public key, uncompressed (65 bytes).
    public var p256dh: Data
    /// 16 random bytes.
    public var auth: Data

    public init(p256dh: Data, auth: Data) {
        self.p256dh = p256dh
        self.auth = auth
    }
}
