import Foundation
import PuzzleMapCore
import PuzzleMapStorage
import PuzzleMapTexts

/// An open day's own board: its guests by XP, nicknames only.
public struct EventBoard: Sendable, Equatable {
    public var event: GuestEvent
    /// Best first; ties share a rank.
    public var rows: [Row]
    /// The viewer's own row, when they are a guest of the event.
    public var mine: Row?

    public struct Row: Sendable, Equatable {
        public var rank: Int
        public var playerID: Int64
        public var nickname: String
        public var xp: Int
        public var level: Int
    }
}

/// Open days: organisers open a guest event; visitors join it from the poster's code with a
/// nickname, play its hours, see its board, and either sign up (keeping what they earned) or
/// are erased some days after it ends.
extension Hunt {
    // MARK: Organisers

    /// Opens an open day on the organiser's words, with a join code no other open day has.
    public func openGuestEvent(_ words: GuestEventWords, by organiser: Organiser) async throws -> GuestEvent {
        let plan = try words.plan(in: timeZone, offers: content.offers, now: now()).get()
        // 32⁶ codes: a clash is rare, and a few more draws settle it.
        for _ in 0..<5 {
            do {
                return try await repository.createGuestEvent(plan, joinCode: Self.newJoinCode(), createdBy: organiser.account.player.username,
                                                             at: now()) { event in
                    organiser.record(.openDayOpened, subject: "open-day:\(event.id)",
                                     detail: "\(event.name), code \(GuestEvent.printedCode(event.joinCode)), erased \(event.eraseAfterDays) days after")
                }
            } catch StorageError.conflict("joinCode") {
                continue
            }
        }
        throw StorageError.conflict("joinCode")
    }

    /// Every open day, the latest to start first.
    public func guestEvents(for organiser: Organiser) async throws -> [GuestEvent] {
        try await repository.guestEvents()
    }

    public func guestEvent(id: Int64, for organiser: Organiser) async throws -> GuestEvent {
        guard let event = try await repository.guestEvent(id: id) else { throw OrganiserRefusal.unknownOpenDay(id) }
        return event
    }

    /// The link the poster's QR code holds: the join page with the code filled in.
    public func joinLink(for event: GuestEvent) -> String {
        "\(Self.trimmed(publicURL))/open-day/\(event.joinCode)"
    }

    /// Erases the guests of every open day due by now (those who signed up are no longer
    /// guests, and stay), then marks the day done with an audit line. A pass cut short is
    /// finished by the next: only live guests are erased, and the mark comes last.
    @discardableResult
    public func eraseLapsedGuests() async throws -> Int {
        var erased = 0
        for event in try await repository.guestEventsDue(at: now()) {
            let guests = try await repository.guestIDs(eventID: event.id)
            for id in guests {
                try await repository.eraseAccount(id: id, leaving: ErasedPlayer(id: id), at: now())
            }
            erased += guests.count
            try await repository.markGuestsErased(eventID: event.id, at: now(), audit: .byService(
                .openDayGuestsErased, subject: "open-day:\(event.id)", detail: "\(event.name): \(guests.count) guests erased"))
        }
        return erased
    }

    // MARK: Visitors

    /// The open day a typed or scanned code names, while it can be joined.
    public func openDay(code: String) async throws -> GuestEvent {
        let event = try await repository.guestEvent(joinCode: GuestEvent.normalisedCode(code))
        if let refusal = GuestEvent.playRefusal(event, at: now()) { throw refusal }
        guard let event else { throw OpenDayRefusal.unknownCode }
        return event
    }

    /// Joins the open day as a guest with a nickname and opens their session: no address, no
    /// password (the phone's session is the key), a username nobody chooses.
    public func joinOpenDay(code: String, nickname: String, device: SessionDevice) async throws -> IssuedSession {
        let nickname = nickname.trimmingCharacters(in: .whitespacesAndNewlines)
        try Self.checkDisplayName(nickname)
        let event = try await openDay(code: code)
        let joins = try await repository.countEvent(key: "open-day-join:\(event.id)", window: 60, at: now())
        guard joins <= GuestEvent.joinsPerMinute else { throw OpenDayRefusal.tooManyJoins(retryAfter: 60) }
        let username = "guest-\(SecretToken.generate().prefix(10).lowercased().filter { $0.isLetter || $0.isNumber })"
        let account = NewGuestAccount(email: "\(username)@guest.invalid", username: username, nickname: nickname, passwordHash: "")
        let now = now()
        let guest = try await repository.joinGuestEvent(joinCode: event.joinCode, account: account, at: now) {
            GuestEvent.playRefusal($0, at: now)
        }.get()
        return try await openSession(for: guest, device: device)
    }

    /// The open day's board, with the viewer's own row when they are its guest.
    public func eventBoard(eventID: Int64, viewer: Int64?, limit: Int = 50) async throws -> EventBoard {
        guard let event = try await repository.guestEvent(id: eventID) else { throw OpenDayRefusal.unknownCode }
        let scores = try await repository.guestLedgers(eventID: eventID)
            .map { PlayerScore(player: $0.player, xp: LedgerTotals(events: $0.events, rules: content.rules).xp) }
            .sorted { ($0.xp, $1.player.id) > ($1.xp, $0.player.id) }
        let rows = LeaderboardEntry.ranking(scores).map {
            EventBoard.Row(rank: $0.rank, playerID: $0.player.id, nickname: $0.player.displayName, xp: $0.xp, level: content.rules.level(forXP: $0.xp))
        }
        return EventBoard(event: event, rows: Array(rows.prefix(limit)), mine: rows.first { $0.playerID == viewer })
    }

    /// The guest's open day, for their pages.
    public func guestEvent(of account: Account?) async throws -> GuestEvent? {
        guard let eventID = account?.guestEventID else { return nil }
        return try await repository.guestEvent(id: eventID)
    }

    /// Refuses a guest what only full accounts do (friends, crews, challenges).
    func requireFullAccount(playerID: Int64) async throws {
        if try await repository.account(id: playerID)?.isGuest == true { throw OpenDayRefusal.guestsPlayAlone }
    }

    /// Turns a guest into a player of the university, keeping their XP, badges, freebies and
    /// quiz: the sign-up's rules for the address, username and password, and its mailed code.
    public func keepGuestProgress(_ guest: Account, email: String, username: String, password: String,
                                  language: String = TextBook.english) async throws -> Account {
        guard guest.isGuest else { throw OpenDayRefusal.notAGuest }
        let email = AccountPolicy.normalisedEmail(email)
        guard accountPolicy.allowsEmail(email) else { throw AccountRefusal.emailDomainNotAllowed(domains: accountPolicy.emailDomains) }
        guard AccountPolicy.isValidUsername(username) else { throw AccountRefusal.invalidUsername }
        if let weakness = AccountPolicy.weakness(of: password, username: username, email: email) {
            throw AccountRefusal.weakPassword(reason: weakness)
        }
        let code = SecretToken.numericCode()
        let now = now()
        let signUp = GuestSignUp(
            email: email, username: username, passwordHash: try await passwordHasher.hash(password), verificationCodeHash: tokenHash(code),
            verificationExpiresAt: now + limits.verificationCodeLifetime,
            mail: AccountMail.verification(to: email, name: guest.player.displayName, code: code,
                                           lifetimeMinutes: limits.verificationCodeHours * 60, publicURL: publicURL,
                                           hunt: content.info.title, language: language))
        do {
            return try await repository.signUpGuest(playerID: guest.player.id, as: signUp, at: now)
        } catch StorageError.conflict(let column) {
            throw column == "username" ? AccountRefusal.usernameTaken : AccountRefusal.emailTaken
        } catch StorageError.notFound {
            throw OpenDayRefusal.notAGuest
        }
    }

    /// Six symbols of Crockford base 32 from the system's generator: a code must not be guessable
    /// from the hunt's seeded draws.
    static func newJoinCode() -> String {
        var generator = SystemRandomNumberGenerator()
        return CrockfordBase32.encode(UInt64.random(in: 0..<(1 << 30), using: &generator), width: GuestEvent.joinCodeLength)
    }
}
