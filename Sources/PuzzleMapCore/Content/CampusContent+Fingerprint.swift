import Crypto
import Foundation

extension CampusContent {
    /// A digest of the whole content; equal content always gives the same fingerprint, so an
    /// unchanged re-import can be recognised and skipped.
    public var fingerprint: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // Encoding plain value types cannot fail.
        let data = try! encoder.encode(self)
        return SHA256.hash(data: data).prefix(16).hexadecimal
    }
}
