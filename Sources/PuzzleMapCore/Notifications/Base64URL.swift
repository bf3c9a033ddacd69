import Foundation

extension Data {
    /// Base64url without padding (RFC 4648 §5), as Web Push and JWTs write bytes.
    public var base64URLEncoded: String {
        base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Bytes from base64url, padded or not (a browser's `PushSubscription.toJSON()` writes it
    /// unpadded); `nil` for anything else.
    public init?(base64URLEncoded text: String) {
        guard text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "=") }) else { return nil }
        var standard = text.replacingOccurrences(of: "=", with: "").replacingOccurrences(of: "-", with: "+")
            .replacingOccurrences(of: "_", with: "/")
        standard += String(repeating: "=", count: (4 - standard.count % 4) % 4)
        self.init(base64Encoded: standard)
    }
}
