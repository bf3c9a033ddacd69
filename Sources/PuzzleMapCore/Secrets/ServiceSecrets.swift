import Crypto
import Foundation

/// The keys the service signs with. They must outlive any one process: codes printed and
/// stuck on walls are checked against the tag key for the whole hunt.
///
/// Kept as bytes (swift-crypto's `SymmetricKey` is not `Sendable`); keys are made on use.
public struct ServiceSecrets: Sendable, Equatable {
    public static let keyByteCount = 32

    /// Signs QR payloads (checkpoint, friend and voucher codes).
    public let tagKeyData: Data
    /// Signs or derives session tokens.
    public let tokenKeyData: Data

    /// Keys from their raw bytes; each must have at least ``keyByteCount`` bytes.
    public init?(tagKeyData: Data, tokenKeyData: Data) {
        guard tagKeyData.count >= Self.keyByteCount, tokenKeyData.count >= Self.keyByteCount else { return nil }
        self.tagKeyData = tagKeyData
        self.tokenKeyData = tokenKeyData
    }

    /// Fresh random keys from the system's cryptographic generator.
    public static func generate() -> ServiceSecrets {
        func random() -> Data { SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) } }
        return ServiceSecrets(tagKeyData: random(), tokenKeyData: random())!
    }

    public var tagKey: SymmetricKey { SymmetricKey(data: tagKeyData) }
    public var tokenKey: SymmetricKey { SymmetricKey(data: tokenKeyData) }

    /// A short, non-secret name for the tag key, kept in the database so that a service started
    /// with a different key (a lost secrets file, a typo in configuration) refuses to start
    /// instead of silently rejecting every printed code.
    public var tagKeyFingerprint: String {
        let digest = SHA256.hash(data: Data("puzzlemap-key-fingerprint".utf8) + tagKeyData)
        return digest.prefix(8).hexadecimal
    }
}
