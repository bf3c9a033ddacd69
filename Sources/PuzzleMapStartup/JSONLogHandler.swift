import Foundation
import Logging
import Synchronization

/// Log lines as one JSON object each (`PUZZLEMAP_LOG_FORMAT=json`), for log collectors:
/// `time`, `level`, `logger`, `message`, `request_id` when the line belongs to a request, and
/// the line's metadata as further keys.
public struct JSONLogHandler: LogHandler {
    public var metadata: Logger.Metadata = [:]
    public var logLevel: Logger.Level = .info
    private let label: String
    private let sink: LogSink

    public init(label: String, sink: LogSink = .standardOutput) {
        self.label = label
        self.sink = sink
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var fields: [String: JSONValue] = [:]
        for (key, value) in metadata.merging(event.metadata ?? [:], uniquingKeysWith: { _, line in line }) {
            // Hummingbird's name for the request id; ours is the one collectors look for.
            fields[key == "hb.request.id" ? "request_id" : key] = JSONValue(value)
        }
        if let error = event.error { fields["error"] = .string(String(describing: error)) }
        fields["time"] = .string(Date().formatted(Self.timeFormat))
        fields["level"] = .string(event.level.rawValue)
        fields["logger"] = .string(label)
        fields["message"] = .string(event.message.description)
        guard let line = try? Self.encoder.encode(fields) else { return }
        sink.write(line + [0x0A], level: event.level)
    }

    private static let timeFormat = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// Metadata values as JSON: strings, arrays and objects.
    private enum JSONValue: Encodable {
        case string(String)
        case array([JSONValue])
        case object([String: JSONValue])

        init(_ value: Logger.Metadata.Value) {
            switch value {
            case .string(let string): self = .string(string)
            case .stringConvertible(let convertible): self = .string(convertible.description)
            case .array(let values): self = .array(values.map(JSONValue.init))
            case .dictionary(let values): self = .object(values.mapValues(JSONValue.init))
            }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .string(let string): try container.encode(string)
            case .array(let values): try container.encode(values)
            case .object(let values): try container.encode(values)
            }
        }
    }
}

/// Where log lines go: standard output in the service (``batched(_:)``), a buffer in tests.
public struct LogSink: Sendable {
    private let writeLine: @Sendable ([UInt8], Logger.Level) -> Void

    public init(_ writeLine: @escaping @Sendable ([UInt8]) -> Void) {
        self.writeLine = { line, _ in writeLine(line) }
    }

    /// A sink that is also told each line's level.
    public init(_ writeLine: @escaping @Sendable ([UInt8], Logger.Level) -> Void) {
        self.writeLine = writeLine
    }

    func write(_ line: [UInt8], level: Logger.Level) { writeLine(line, level) }

    /// Whole lines to standard output, in batches (``BatchedLogOutput``).
    public static var standardOutput: LogSink { .batched(.standardOutput) }
}
