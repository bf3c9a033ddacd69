import Crypto
import Foundation

/// The key the service signs its push requests with (RFC 8292, VAPID), so a push service
/// takes messages for a subscription only from the server the browser subscribed to.
///
/// Derived from the tag key, so it is kept exactly as the service's other secrets are (the
/// secrets file, configuration or the shared database) and is the same on every instance; it
/// changes only if that key does, which every printed code would notice first.
public struct VAPIDKey: Sendable {
    private let rawKey: Data

    public init(secrets: ServiceSecrets) {
        let seed = SymmetricKey(data: secrets.tagKeyData)
        // A P-256 scalar must be below the group order; one 32-byte draw in 2^32 is not, and
        // the next counter is taken then.
        var counter: UInt8 = 0
        while true {
            let candidate = HKDF<SHA256>.deriveKey(inputKeyMaterial: seed, salt: Data("puzzlemap-vapid".utf8), info: Data([counter]),
                                                   outputByteCount: 32).withUnsafeBytes { Data($0) }
            if (try? P256.Signing.PrivateKey(rawRepresentation: candidate)) != nil {
                rawKey = candidate
                return
            }
            counter += 1
        }
    }

    private var privateKey: P256.Signing.PrivateKey { try! P256.Signing.PrivateKey(rawRepresentation: rawKey) }

    /// The public key as browsers take it (`applicationServerKey`): uncompressed, base64url.
    public var publicKey: String { privateKey.publicKey.x963Representation.base64URLEncoded }

    /// The `Authorization` header for a request to `endpoint`: a JWT (ES256) naming the push
    /// service's origin as audience, who to contact, and an expiry under the 24 hours allowed.
    public func authorization(for endpoint: String, contact: String, expiresAt: Date) throws -> String {
        guard let url = URLComponents(string: endpoint), let scheme = url.scheme, let host = url.host else {
            throw PushRefusal.endpointNotAllowed
        }
        let audience = "\(scheme)://\(host)" + (url.port.map { ":\($0)" } ?? "")
        let header = Data(#"{"typ":"JWT","alg":"ES256"}"#.utf8).base64URLEncoded
        let claims = try JSONSerialization.data(withJSONObject: [
            "aud": audience, "exp": Int(expiresAt.timeIntervalSince1970), "sub": contact,
        ], options: [.sortedKeys, .withoutEscapingSlashes]).base64URLEncoded
        let signingInput = header + "." + claims
        let signature = try privateKey.signature(for: Data(signingInput.utf8)).rawRepresentation.base64URLEncoded
        return "vapid t=\(signingInput).\(signature), k=\(publicKey)"
    }
}
