import Foundation

/// JSON columns (`jsonb`) are written and read with GRDB's settings for JSON columns (sorted
/// keys, dates as milliseconds since 1970, data as base64), so a value comes back from either
/// store the same.
enum StoredJSON {
    /// The JSON text of a value, to bind as `$n::jsonb`.
    static func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.dataEncodingStrategy = .base64
        encoder.dateEncodingStrategy = .millisecondsSince1970
        encoder.nonConformingFloatEncodingStrategy = .throw
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    static func decode<Value: Decodable>(_ type: Value.Type, from text: String) throws -> Value {
        let decoder = JSONDecoder()
        decoder.dataDecodingStrategy = .base64
        decoder.dateDecodingStrategy = .millisecondsSince1970
        decoder.nonConformingFloatDecodingStrategy = .throw
        return try decoder.decode(Value.self, from: Data(text.utf8))
    }
}

/// A stored value this code does not know (an enum's raw value written by a newer version).
struct UnreadableValue: Error, CustomStringConvertible {
    var column: String
    var value: String

    var description: String { "Column \(column) holds \(value), which this version cannot read." }
}

extension RawRepresentable where RawValue == String {
    /// The case a stored raw value names.
    init(stored value: String, column: String) throws {
        guard let known = Self(rawValue: value) else { throw UnreadableValue(column: column, value: value) }
        self = known
    }
}
