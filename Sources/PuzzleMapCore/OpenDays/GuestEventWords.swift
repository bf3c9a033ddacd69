import Foundation

/// What an organiser decided an open day is, once its form's words read.
public struct GuestEventPlan: Hashable, Sendable {
    public var name: String
    public var startsAt: Date
    public var endsAt: Date
    public var eraseAfterDays: Int
    public var guestOffers: [String]

    public init(name: String, startsAt: Date, endsAt: Date, eraseAfterDays: Int, guestOffers: [String]) {
        self.name = name
        self.startsAt = startsAt
        self.endsAt = endsAt
        self.eraseAfterDays = eraseAfterDays
        self.guestOffers = guestOffers
    }

    /// When the guests' accounts are due to be erased.
    public var erasesAt: Date { endsAt + Double(eraseAfterDays) * 86_400 }
}

/// An open day as its form says it, in the organiser's words: a day, the hours on the campus
/// clock, how many days the guests' traces are kept, and the freebies guests may unlock. The
/// form and the API both read it here, so the rules are said once.
public struct GuestEventWords: Hashable, Sendable, Codable {
    public var name: String
    /// `2026-12-05`, a day on the campus calendar.
    public var day: String
    /// `10:00`, when visitors may start joining.
    public var from: String
    /// `16:00`, when play ends for guests.
    public var until: String
    /// Whole days after the end; empty means ``GuestEventWords/defaultEraseAfterDays``.
    public var eraseAfterDays: String
    /// Offer ids.
    public var guestOffers: [String]

    public init(name: String = "", day: String = "", from: String = "10:00", until: String = "16:00", eraseAfterDays: String = "",
                guestOffers: [String] = []) {
        self.name = name
        self.day = day
        self.from = from
        self.until = until
        self.eraseAfterDays = eraseAfterDays
        self.guestOffers = guestOffers
    }

    public static let defaultEraseAfterDays = 7
    /// Long enough to answer a question about the day, short enough that a visitor's nickname
    /// does not outlive the reason it was kept.
    public static let eraseAfterDaysRange = 1...90
    public static let nameLength = 1...60

    /// The plan the words say, or each problem beside its field (`name`, `day`, `from`,
    /// `until`, `eraseAfterDays`, `guestOffers`). An open day ending before `now` is refused:
    /// nobody could join it.
    public func plan(in timeZone: TimeZone, offers: [Offer], now: Date) -> Result<GuestEventPlan, OrganiserRefusal> {
        var problems: [EditProblem] = []
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        if !Self.nameLength.contains(name.count) {
            problems.append(EditProblem(field: "name", message: name.isEmpty ? "The open day has no name." : "The name is longer than \(Self.nameLength.upperBound) characters.",
                                        fix: "Name it as the poster should, for example 'Applicant day, December'."))
        }
        let day = LocalDate(parsing: day.trimmingCharacters(in: .whitespaces))
        if day == nil {
            problems.append(EditProblem(field: "day", message: "'\(self.day)' is not a date.", fix: "Write the day as 2026-12-05."))
        }
        let from = TimeOfDay(parsing: from.trimmingCharacters(in: .whitespaces))
        if from == nil { problems.append(EditProblem(field: "from", message: "'\(self.from)' is not a time.", fix: "Write it as 10:00.")) }
        let until = TimeOfDay(parsing: until.trimmingCharacters(in: .whitespaces))
        if until == nil { problems.append(EditProblem(field: "until", message: "'\(self.until)' is not a time.", fix: "Write it as 16:00.")) }
        if let from, let until, until <= from {
            problems.append(EditProblem(field: "until", message: "It ends at \(until), not after it starts at \(from).", fix: "End it later the same day."))
        }
        let typedDays = eraseAfterDays.trimmingCharacters(in: .whitespaces)
        let days = typedDays.isEmpty ? Self.defaultEraseAfterDays : Int(typedDays)
        if days.map({ !Self.eraseAfterDaysRange.contains($0) }) ?? true {
            problems.append(EditProblem(field: "eraseAfterDays", message: "'\(eraseAfterDays)' is not a number of days from 1 to 90.",
                                        fix: "Keep what guests leave for a week (7) unless you need it longer."))
        }
        let unknown = guestOffers.filter { id in !offers.contains { $0.id == id } }
        if !unknown.isEmpty {
            problems.append(EditProblem(field: "guestOffers", message: "No freebie has the id \(unknown.joined(separator: ", ")).",
                                        fix: "Choose among the freebies listed."))
        }
        guard problems.isEmpty, let day, let from, let until, let days else { return .failure(.invalidEdit(problems)) }
        let start = Self.instant(day, from, in: timeZone), end = Self.instant(day, until, in: timeZone)
        guard end > now else {
            return .failure(.invalidEdit([EditProblem(field: "day", message: "That open day would be over already.", fix: "Choose a day and hours still to come.")]))
        }
        // In the order of the offers file, whatever order the form sent.
        let allowed = offers.map(\.id).filter(guestOffers.contains)
        return .success(GuestEventPlan(name: name, startsAt: start, endsAt: end, eraseAfterDays: days, guestOffers: allowed))
    }

    /// The instant a campus clock shows `time` on `day` (`24:00` is the next day's first).
    static func instant(_ day: LocalDate, _ time: TimeOfDay, in timeZone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let components = DateComponents(year: day.year, month: day.month, day: day.day, hour: time.minutes / 60, minute: time.minutes % 60)
        return calendar.date(from: components) ?? day.interval(in: timeZone).start + Double(time.minutes) * 60
    }
}
