import CArgon2
import Foundation
import NIOPosix

/// Argon2id through libargon2, with OWASP's parameters (19 MiB, two passes, one lane).
/// Hashing is deliberately slow, so it runs on NIO's blocking thread pool, never on an event
/// loop or Swift's small cooperative pool.
public struct PasswordHasher: Sendable {
    public var iterations: UInt32 = 2
    public var memoryKiB: UInt32 = 19 * 1024
    public var parallelism: UInt32 = 1

    public init() {}

    /// A PHC-format string (`$argon2id$v=19$m=...`) holding salt and parameters.
    public func hash(_ password: String) async throws -> String {
        try await NIOThreadPool.singleton.runIfActive { try hashNow(password) }
    }

    /// Whether the password matches the stored hash. A malformed hash never matches.
    ///
    /// With no hash (no such account) it never matches either, but only after the time of one
    /// verification, so a sign-in with an unknown login takes as long as one with a wrong
    /// password. That time is spent verifying against a hash of a random password made once;
    /// should libargon2 ever fail to make it, the password is hashed instead, which costs the
    /// same, rather than answering at once and telling an attacker which logins exist.
    public func verify(_ password: String, against encoded: String?) async throws -> Bool {
        guard let encoded else {
            let decoy = Self.decoy
            try await NIOThreadPool.singleton.runIfActive {
                if let decoy { _ = verifyNow(password, against: decoy) } else { _ = try hashNow(password) }
            }
            return false
        }
        guard encoded.hasPrefix("$argon2id$") else { return false }
        return try await NIOThreadPool.singleton.runIfActive { verifyNow(password, against: encoded) }
    }

    private static let decoy: String? = try? PasswordHasher().hashNow(UUID().uuidString)

    enum Failure: Error { case argon2(String) }

    func hashNow(_ password: String) throws -> String {
        var salt = [UInt8](repeating: 0, count: 16)
        var generator = SystemRandomNumberGenerator()
        for index in salt.indices { salt[index] = generator.next() }
        let length = argon2_encodedlen(iterations, memoryKiB, parallelism, UInt32(salt.count), 32, Argon2_id)
        var encoded = [CChar](repeating: 0, count: length)
        let status = Array(password.utf8).withUnsafeBytes { bytes in
            argon2id_hash_encoded(iterations, memoryKiB, parallelism, bytes.baseAddress, bytes.count,
                                  salt, salt.count, 32, &encoded, length)
        }
        guard status == ARGON2_OK.rawValue else { throw Failure.argon2(String(cString: argon2_error_message(status))) }
        return String(decoding: encoded.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    func verifyNow(_ password: String, against encoded: String) -> Bool {
        Array(password.utf8).withUnsafeBytes { bytes in
            argon2id_verify(encoded, bytes.baseAddress, bytes.count) == ARGON2_OK.rawValue
        }
    }
}
