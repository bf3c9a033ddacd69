import Foundation
import Hummingbird
import PuzzleMapGame

/// A form a page sent (`application/x-www-form-urlencoded`), read only once its anti-forgery
/// token checks out: every form handler reads its fields through here.
struct PageForm {
    static let maxBytes = 16 * 1024

    private let fields: [String: String]

    subscript(_ name: String) -> String? { fields[name] }

    /// A field as typed, trimmed; empty counts as absent.
    func text(_ name: String) -> String? {
        fields[name]?.trimmingCharacters(in: .whitespacesAndNewlines).nilIfEmpty
    }

    static func read(_ request: Request, context: AppRequestContext) async throws -> PageForm {
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: maxBytes)
        } catch {
            throw Problem(.contentTooLarge, code: .payloadTooLarge, detailVariant: "form", hintVariant: "form")
        }
        let form = PageForm(fields: parse(String(buffer: body)))
        try verify(token: form["_csrf"], context: context)
        return form
    }

    /// The form token for a browser's secret: keyed with the service's token key, so a page
    /// elsewhere can neither read nor make it.
    static func token(for secret: String, key: Data) -> String {
        SecretToken.hash("form:\(secret)", key: key)
    }

    /// Refuses a form without the token of this browser's secret.
    static func verify(token: String?, context: AppRequestContext) throws {
        guard let expected = context.formToken, let token, token == expected else {
            throw Problem(.forbidden, code: .formExpired)
        }
    }

    /// `a=1&b=two+words` into fields; a repeated name keeps its last value.
    static func parse(_ body: String) -> [String: String] {
        var fields: [String: String] = [:]
        for pair in body.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decode(parts[0]) else { continue }
            fields[name] = parts.count > 1 ? decode(parts[1]) ?? "" : ""
        }
        return fields
    }

    private static func decode(_ text: Substring) -> String? {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }

    /// A value to put in a query string.
    static func escapeQuery(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~/"))) ?? ""
    }
}
