import Foundation

/// A table written as CSV (RFC 4180) for a spreadsheet: a header row, then one row per record,
/// each line ending in CRLF.
///
/// A field holding a comma, a double quote, a CR or an LF is quoted, its quotes doubled. A text
/// field that a spreadsheet would read as a formula (starting with `=`, `+`, `-`, `@`, a tab or
/// a CR) is written with a `'` in front, so a display name like `=HYPERLINK(...)` stays text
/// (OWASP's "CSV injection"). Numbers are written as numbers, so a negative one keeps its sign.
public struct CSVTable: Sendable, Equatable {
    public enum Cell: Sendable, Equatable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
        case text(String)
        case number(Int)
        /// A coordinate or other fraction, written with six decimals.
        case decimal(Double)
        /// Nothing (an unknown value).
        case empty

        public init(stringLiteral value: String) { self = .text(value) }
        public init(integerLiteral value: Int) { self = .number(value) }
    }

    public var header: [String]
    public var rows: [[Cell]]

    public init(header: [String], rows: [[Cell]] = []) {
        self.header = header
        self.rows = rows
    }

    /// The characters that make a spreadsheet read a cell as a formula.
    static let formulaStarts: Set<Character> = ["=", "+", "-", "@", "\t", "\r", "\r\n"]

    /// The whole file.
    public var text: String {
        var lines = [header.map { Self.field($0) }.joined(separator: ",")]
        for row in rows {
            lines.append(row.map { cell in
                switch cell {
                case .number(let number): String(number)
                case .decimal(let number): String(format: "%.6f", number)
                case .empty: ""
                case .text(let text): Self.field(Self.defused(text))
                }
            }.joined(separator: ","))
        }
        return lines.map { $0 + "\r\n" }.joined()
    }

    /// An instant as two cells, the date and the time on the campus clock: `2026-11-18`, `12:05:09`.
    public static func dateAndTime(_ instant: Date, in timeZone: TimeZone) -> [Cell] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: instant)
        return [.text(String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)),
                .text(String(format: "%02d:%02d:%02d", parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0))]
    }

    /// A text that cannot start a formula.
    static func defused(_ text: String) -> String {
        guard let first = text.first, formulaStarts.contains(first) else { return text }
        return "'" + text
    }

    /// A field as RFC 4180 writes it: quoted when it must be.
    static func field(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" || $0 == "\r\n" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
