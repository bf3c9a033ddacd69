import Crypto
import Foundation

extension CampusContent {
    /// A digest of the whole content; equal content always gives the same fingerprint, so an
    /// unchanged re-import can be recognised and skipped.
    public var fingerprint: String { EncodedContent(self).fingerprint }
}

/// Content encoded once, as a published version keeps it (JSON, keys sorted), with the
/// fingerprint of those bytes: encoding the whole content is the costliest part of a publish.
public struct EncodedContent: Sendable {
    public let content: CampusContent
    public let json: Data
    public let fingerprint: String

    public init(_ content: CampusContent) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // Encoding plain value types cannot fail.
        let json = try! encoder.encode(content)
        self.content = content
        self.json = json
        fingerprint = SHA256.hash(data: json).prefix(16).hexadecimal
    }
}
