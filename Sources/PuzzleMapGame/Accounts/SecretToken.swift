import Crypto
import Foundation
import PuzzleMapCore

/// Random bearer secrets (access, refresh and reset tokens) and the hashes they are stored
/// under. 256 random bits need no slow hash: SHA-256 makes a stolen table useless. They are
/// drawn from the system's secure generator, never from the hunt's seedable `random`: a
/// secret must not be reproducible, and drawing them there would shift the riddle draws.
public enum SecretToken {
    /// 32 random bytes, base64url without padding.
    public static func generate() -> String {
        SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) }.base64URLEncoded
    }

    /// A numeric code to type from an email, `digits` long.
    public static func numericCode(digits: Int = 6) -> String {
        var generator = SystemRandomNumberGenerator()
        return String((0..<digits).map { _ in Character(String(Int.random(in: 0...9, using: &generator))) })
    }

    /// The stored form: hex SHA-256 of the token, keyed so hashes differ between deployments.
    public static func hash(_ token: String, key: Data) -> String {
        Hasher(key: key).hash(token)
    }

    /// ``hash(_:key:)`` under one key, for a hot path: the key's padded blocks are hashed once,
    /// here, instead of once per token (a third of an HMAC of a short token).
    public struct Hasher: @unchecked Sendable {
        /// Never changed once made: hashing a token updates a copy, and swift-crypto's digests
        /// copy their state before the first update of a copy, so copies taken at once on many
        /// threads share nothing they write. (`HMAC` is not marked `Sendable`, hence unchecked.)
        private let keyed: HMAC<SHA256>

        public init(key: Data) {
            keyed = HMAC(key: SymmetricKey(data: key))
        }

        public func hash(_ token: String) -> String {
            var mac = keyed
            var token = token
            token.withUTF8 { mac.update(data: UnsafeRawBufferPointer($0)) }
            return mac.finalize().hexadecimal
        }
    }
}
