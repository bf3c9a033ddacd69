import Foundation
import PostgresNIO

/// A `Date` as both stores keep it, bound and read as `timestamptz`.
///
/// GRDB stores a date as the text `yyyy-MM-dd HH:mm:ss.SSS` (UTC): Foundation's formatter rounds
/// the instant to the nearest millisecond (halves up, carrying into the seconds), and GRDB reads
/// the text back through a UTC Gregorian calendar. PostgreSQL's `timestamptz` holds
/// microseconds, and PostgresNIO's own `Date` coding truncates to them, so a date would come
/// back from PostgreSQL a little away from the one SQLite gives, and comparisons in SQL would
/// differ at the edges. This type takes GRDB's steps instead: it keeps the millisecond the
/// formatter would print and rebuilds the `Date` from those calendar components with the same
/// calendar, so both stores give back the very same value (`PostgresRepositoryTests` checks).
struct StoredDate: PostgresNonThrowingEncodable, PostgresDecodable, Hashable, Sendable {
    /// Milliseconds since 1970-01-01T00:00:00Z.
    let milliseconds: Int64

    init(_ date: Date) {
        // The formatter's milliseconds since 1970, rounded half up (towards the future even
        // before 1970, where `.toNearestOrAwayFromZero` would go the other way).
        let milliseconds = (date.timeIntervalSinceReferenceDate + Date.timeIntervalBetween1970AndReferenceDate) * 1000
        let whole = milliseconds.rounded(.down)
        self.milliseconds = Int64(whole) + (milliseconds - whole >= 0.5 ? 1 : 0)
    }

    init(milliseconds: Int64) {
        self.milliseconds = milliseconds
    }

    /// The date GRDB gives for the same stored text.
    var date: Date {
        let (days, millisecondOfDay) = milliseconds.floorDivided(by: 86_400_000)
        let (year, month, day) = Self.civil(daysSince1970: days)
        var components = DateComponents()
        components.year = Int(year)
        components.month = Int(month)
        components.day = Int(day)
        components.hour = Int(millisecondOfDay / 3_600_000)
        components.minute = Int(millisecondOfDay / 60_000 % 60)
        components.second = Int(millisecondOfDay / 1000 % 60)
        components.nanosecond = Int(millisecondOfDay % 1000) * 1_000_000
        // A calendar date always exists for a day count in range.
        return Date(timeIntervalSinceReferenceDate: Self.calendar.date(from: components)!.timeIntervalSinceReferenceDate)
    }

    /// GRDB's calendar for stored dates.
    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = Locale(identifier: "en_US_POSIX")
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        return calendar
    }()

    /// Year, month and day of a day count in the proleptic Gregorian calendar (Howard
    /// Hinnant's `civil_from_days`), in exact integer arithmetic.
    private static func civil(daysSince1970 days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    // MARK: timestamptz, binary: microseconds since 2000-01-01T00:00:00Z

    private static let millisecondsFrom1970To2000: Int64 = 946_684_800_000

    static var psqlType: PostgresDataType { .timestamptz }
    static var psqlFormat: PostgresFormat { .binary }

    func encode<JSONEncoder: PostgresJSONEncoder>(into byteBuffer: inout ByteBuffer, context: PostgresEncodingContext<JSONEncoder>) {
        byteBuffer.writeInteger((milliseconds - Self.millisecondsFrom1970To2000) * 1000)
    }

    init<JSONDecoder: PostgresJSONDecoder>(
        from buffer: inout ByteBuffer, type: PostgresDataType, format: PostgresFormat, context: PostgresDecodingContext<JSONDecoder>
    ) throws {
        guard type == .timestamptz || type == .timestamp else { throw PostgresDecodingError.Code.typeMismatch }
        guard format == .binary, buffer.readableBytes == 8, let microseconds = buffer.readInteger(as: Int64.self) else {
            throw PostgresDecodingError.Code.failure
        }
        // Written by `encode`, so whole milliseconds; a finer value written by hand is cut.
        milliseconds = microseconds.floorDivided(by: 1000).quotient + Self.millisecondsFrom1970To2000
    }
}

extension Int64 {
    /// Quotient rounded towards minus infinity, and the non-negative remainder.
    fileprivate func floorDivided(by divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        let remainder = self % divisor
        return remainder < 0 ? (self / divisor - 1, remainder + divisor) : (self / divisor, remainder)
    }
}

extension PostgresQuery.StringInterpolation {
    /// A bare `Date` is bound as a `StoredDate` too: PostgresNIO's own coding would keep
    /// microseconds, and the stored value would differ from SQLite's. (Being concrete, these
    /// overloads win over PostgresNIO's generic ones, in this module only.)
    mutating func appendInterpolation(_ value: Date) {
        appendInterpolation(StoredDate(value))
    }

    mutating func appendInterpolation(_ value: Date?) {
        appendInterpolation(value.map(StoredDate.init))
    }
}
