import Foundation

/// How both stores keep a live event's values: a JSON object of strings, keys sorted.
public enum LiveEventPayload {
    public static func encode(_ values: [String: String]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(values), as: UTF8.self)
    }

    public static func decode(_ text: String) throws -> [String: String] {
        try JSONDecoder().decode([String: String].self, from: Data(text.utf8))
    }
}
