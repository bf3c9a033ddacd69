import Foundation

/// An open day: a guest event that visitors with no university address join with a nickname,
/// from a poster's code, to play the hunt for its hours and see a board of their own. What the
/// guests leave is erased `eraseAfterDays` days after it ends, unless they kept it by signing up.
public struct GuestEvent: Hashable, Sendable {
    /// Where an event stands at an instant.
    public enum Status: String, Sendable, Codable {
        case upcoming, open, over, erased
    }

    public var id: Int64
    public var name: String
    public var startsAt: Date
    public var endsAt: Date
    /// The short code on the poster, in Crockford base 32 (``GuestEvent/joinCodeLength`` symbols).
    public var joinCode: String
    public var eraseAfterDays: Int
    /// The offers a guest's level or badges unlock; every other freebie is for full accounts.
    public var guestOffers: [String]
    public var createdAt: Date
    /// The organiser who opened it, by username as the audit log names them.
    public var createdBy: String
    /// When the guests' accounts were erased, once they were.
    public var guestsErasedAt: Date?
    /// How many guests joined and are not erased, as the store counted them.
    public var guests: Int

    public init(id: Int64, name: String, startsAt: Date, endsAt: Date, joinCode: String, eraseAfterDays: Int, guestOffers: [String],
                createdAt: Date, createdBy: String, guestsErasedAt: Date? = nil, guests: Int = 0) {
        self.id = id
        self.name = name
        self.startsAt = startsAt
        self.endsAt = endsAt
        self.joinCode = joinCode
        self.eraseAfterDays = eraseAfterDays
        self.guestOffers = guestOffers
        self.createdAt = createdAt
        self.createdBy = createdBy
        self.guestsErasedAt = guestsErasedAt
        self.guests = guests
    }

    /// Joins an open day takes a minute, whatever the address (a whole hall joins through one
    /// Wi-Fi address): enough for a queue at the door, not for a script making accounts.
    public static let joinsPerMinute = 300

    /// How many symbols a join code has: 32⁶ codes, typed from a poster in a few seconds.
    public static let joinCodeLength = 6

    /// When the guests' accounts are due to be erased.
    public var erasesAt: Date { endsAt + Double(eraseAfterDays) * 86_400 }

    public func status(at date: Date) -> Status {
        if guestsErasedAt != nil { return .erased }
        if date < startsAt { return .upcoming }
        return date < endsAt ? .open : .over
    }

    /// Whether a guest of this event may unlock `offerID`.
    public func allowsGuests(offer offerID: String) -> Bool { guestOffers.contains(offerID) }

    /// Why a visitor cannot join at `date`, or play on as its guest: `nil` while it is open.
    /// `event` is `nil` when no event has the code presented.
    public static func playRefusal(_ event: GuestEvent?, at date: Date) -> OpenDayRefusal? {
        guard let event else { return .unknownCode }
        switch event.status(at: date) {
        case .open: return nil
        case .upcoming: return .notYetOpen(startsAt: event.startsAt)
        case .over, .erased: return .over(endedAt: event.endsAt)
        }
    }

    /// The code as typed from the poster, in the form it is stored: spaces and hyphens dropped,
    /// upper case, and the symbols people confuse read as Crockford reads them (O as 0, I and L as 1).
    public static func normalisedCode(_ typed: String) -> String {
        var code = ""
        for character in typed where character != " " && character != "-" {
            // A letter may upper-case to two ("ß" is "SS"): appended as text.
            if let value = CrockfordBase32.value(of: character) { code.append(CrockfordBase32.alphabet[Int(value)]) } else { code += character.uppercased() }
        }
        return code
    }

    /// The code as a poster prints it: two groups of three, easier to read out.
    public static func printedCode(_ code: String) -> String {
        guard code.count == joinCodeLength else { return code }
        return "\(code.prefix(3))-\(code.suffix(3))"
    }

    /// The offers a guest's progress unlocks among `grants`: only those the event allows.
    public func guestGrants(_ grants: [VoucherGrant]) -> [VoucherGrant] {
        grants.filter { allowsGuests(offer: $0.offerID) }
    }
}

/// Why a visitor's open-day request was refused. The HTTP layer maps each case, in one table,
/// to a status, a stable code, a detail and a hint.
public enum OpenDayRefusal: Error, Hashable, Sendable {
    /// No open day has the code typed.
    case unknownCode
    case notYetOpen(startsAt: Date)
    case over(endedAt: Date)
    /// Friends, crews, challenges and gifts are for full accounts: a guest plays on their own.
    case guestsPlayAlone
    /// Keeping a guest's progress asked by an account that is not a guest.
    case notAGuest
    /// More joins to the event this minute than it takes; `retryAfter` seconds.
    case tooManyJoins(retryAfter: Int)
}
