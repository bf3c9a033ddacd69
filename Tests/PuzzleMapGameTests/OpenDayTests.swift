import Foundation
import PuzzleMapCore
import PuzzleMapGame
import PuzzleMapStorage
import Testing

/// Open days: visitors join with a nickname from the poster's code, play its hours, show on
/// its board, and are erased on the day the organiser chose, unless they signed up.
@Suite struct OpenDayTests {
    /// Today on the world's clock (Tuesday 24 November 2026, noon in Glasgow), 10:00 to 16:00.
    static func openDay(_ world: GameWorld, eraseAfterDays: String = "3", guestOffers: [String] = []) async throws -> (GuestEvent, Organiser) {
        let olive = try await ContentDraftTests.organiser(world)
        let event = try await world.hunt.openGuestEvent(
            GuestEventWords(name: "Applicant day", day: "2026-11-24", from: "10:00", until: "16:00", eraseAfterDays: eraseAfterDays,
                            guestOffers: guestOffers), by: olive)
        return (event, olive)
    }

    /// A guest who joined with `nickname` by the code as a visitor types it, and took the quiz.
    static func guest(_ world: GameWorld, _ event: GuestEvent, _ nickname: String) async throws -> Account {
        let typed = GuestEvent.printedCode(event.joinCode).lowercased()
        let account = try await world.hunt.joinOpenDay(code: typed, nickname: nickname, device: .browser).account
        try await world.hunt.repository.saveQuiz(playerID: account.player.id,
                                                 result: QuizResult(answers: [:], profile: TraitProfile(scores: [:]), takenAt: world.clock.now))
        return account
    }

    /// A scan as the pages make it, through the checks a request passes (a guest's open day among them).
    static func scan(_ world: GameWorld, _ playerID: Int64, at place: String) async throws -> ScanResult {
        let code = try await world.typedCode(of: place)
        return try await world.hunt.scan(playerID: playerID, ownerVerified: false, idempotencyKey: nil, requestDigest: "") {
            ScanSubmission(texts: [code])
        }
    }

    @Test(arguments: GameWorld.Store.allCases)
    func aGuestJoinsFromThePosterPlaysShowsOnTheBoardAndIsErasedOnSchedule(_ store: GameWorld.Store) async throws {
        let world = try await GameWorld(store: store)
        let (event, _) = try await Self.openDay(world)
        #expect(event.status(at: world.clock.now) == .open && event.joinCode.count == 6)
        #expect(event.erasesAt == event.endsAt + 3 * 86_400)

        let mum = try await Self.guest(world, event, "Ada's mum")
        #expect(mum.isGuest && mum.guestEventID == event.id && mum.player.displayName == "Ada's mum")
        let (held, _) = try await world.hunt.askForRiddle(playerID: mum.player.id, category: .lab)
        let scanned = try await Self.scan(world, mum.player.id, at: held.riddle.checkpointID)
        guard case .decided(let report) = scanned.outcome else { Issue.record("refused: \(scanned)"); return }
        #expect(report.kind == .solved && report.standing.totalXP == 150)
        let dad = try await Self.guest(world, event, "Ada's dad")

        let board = try await world.hunt.eventBoard(eventID: event.id, viewer: dad.player.id)
        #expect(board.rows.map(\.nickname) == ["Ada's mum", "Ada's dad"])
        #expect(board.rows.map(\.xp) == [150, 0] && board.rows.map(\.rank) == [1, 2])
        #expect(board.mine?.rank == 2)

        // A guest plays on their own, and nobody can find them to befriend.
        await #expect(throws: OpenDayRefusal.guestsPlayAlone) { try await world.hunt.createCrew(named: "Family", by: mum.player.id) }
        let ada = try await world.player("ada")
        await #expect(throws: SocialRefusal.playerNotFound) { try await world.hunt.requestFriend(mum.player.username, from: ada) }

        // After four o'clock the day is over for guests: no more scans, no more joins.
        world.clock.advance(by: 4 * 3600 + 1)
        await #expect(throws: OpenDayRefusal.over(endedAt: event.endsAt)) { try await Self.scan(world, dad.player.id, at: held.riddle.checkpointID) }
        await #expect(throws: OpenDayRefusal.over(endedAt: event.endsAt)) {
            try await world.hunt.joinOpenDay(code: event.joinCode, nickname: "Late", device: .browser)
        }

        // Erased three days after the end, not a second before.
        world.clock.advance(by: 3 * 86_400 - 2)
        #expect(try await world.hunt.eraseLapsedGuests() == 0)
        #expect(try await world.hunt.repository.account(id: mum.player.id) != nil)
        world.clock.advance(by: 1)
        #expect(try await world.hunt.eraseLapsedGuests() == 2)
        #expect(try await world.hunt.repository.account(id: mum.player.id) == nil)
        #expect(try await world.hunt.repository.account(id: dad.player.id) == nil)
        #expect(try await world.hunt.eventBoard(eventID: event.id, viewer: nil).rows.isEmpty)
        let erased = try #require(try await world.hunt.repository.guestEvent(id: event.id))
        #expect(erased.status(at: world.clock.now) == .erased && erased.guests == 0)
        let line = try #require(try await world.hunt.repository.auditLog(limit: 1).first)
        #expect(line.record.action == .openDayGuestsErased && line.record.actorName == "service")
        #expect(line.record.detail == "Applicant day: 2 guests erased")
        // A second pass has nothing left to do; the ledger stays for the organisers' figures.
        #expect(try await world.hunt.eraseLapsedGuests() == 0)
        #expect(try await world.hunt.repository.events(playerID: mum.player.id).map(\.xp) == [150])
    }

    @Test(arguments: GameWorld.Store.allCases)
    func aGuestWhoSignsUpKeepsTheirXPAndIsNotErased(_ store: GameWorld.Store) async throws {
        let world = try await GameWorld(store: store)
        let (event, _) = try await Self.openDay(world, eraseAfterDays: "1")
        let guest = try await Self.guest(world, event, "Sam")
        let (held, _) = try await world.hunt.askForRiddle(playerID: guest.player.id, category: .lab)
        _ = try await Self.scan(world, guest.player.id, at: held.riddle.checkpointID)

        await #expect(throws: AccountRefusal.emailDomainNotAllowed(domains: ["student.gla.ac.uk", "gla.ac.uk"])) {
            try await world.hunt.keepGuestProgress(guest, email: "sam@gmail.com", username: "sam", password: "correct horse battery staple")
        }
        let sam = try await world.hunt.keepGuestProgress(guest, email: "Sam@Student.gla.ac.uk", username: "sam", password: "correct horse battery staple")
        #expect(!sam.isGuest && sam.player.id == guest.player.id && sam.player.email == "sam@student.gla.ac.uk" && sam.player.username == "sam")
        #expect(!sam.isEmailVerified)
        #expect(try await world.hunt.repository.account(login: "sam")?.player.id == guest.player.id)
        let mail = try #require(try await world.hunt.repository.allMail(limit: 5).first)
        #expect(mail.recipient == "sam@student.gla.ac.uk")
        await #expect(throws: OpenDayRefusal.notAGuest) {
            try await world.hunt.keepGuestProgress(sam, email: "sam2@student.gla.ac.uk", username: "sam2", password: "correct horse battery staple")
        }

        world.clock.advance(by: 2 * 86_400)
        #expect(try await world.hunt.eraseLapsedGuests() == 0)
        #expect(try await world.hunt.repository.events(playerID: sam.player.id).map(\.xp) == [150])
        #expect(try await world.hunt.eventBoard(eventID: event.id, viewer: sam.player.id).rows.isEmpty, "no longer a guest of the day")
        // Now a student, the rest of the game is theirs: a crew, for one.
        #expect(try await world.hunt.createCrew(named: "Sam's crew", by: sam.player.id).name == "Sam's crew")
    }

    @Test func aGuestUnlocksOnlyTheFreebiesTheOpenDayAllows() async throws {
        let world = try await GameWorld()
        let offers = world.hunt.content.offers
        let allowed = try #require(offers.first { if case .level = $0.unlock { true } else { false } })
        let (event, _) = try await Self.openDay(world, guestOffers: [allowed.id])
        #expect(event.guestOffers == [allowed.id])
        let grants = offers.map { VoucherGrant(offerID: $0.id, expiresAt: world.clock.now) }
        #expect(event.guestGrants(grants).map(\.offerID) == [allowed.id])
    }

    @Test func aCodeNobodyHasAndADayNotStartedAreSaidPlainly() async throws {
        let world = try await GameWorld()
        let olive = try await ContentDraftTests.organiser(world)
        await #expect(throws: OpenDayRefusal.unknownCode) { try await world.hunt.openDay(code: "ZZZ-ZZZ") }
        let tomorrow = try await world.hunt.openGuestEvent(GuestEventWords(name: "Saturday", day: "2026-11-25"), by: olive)
        await #expect(throws: OpenDayRefusal.notYetOpen(startsAt: tomorrow.startsAt)) {
            try await world.hunt.joinOpenDay(code: tomorrow.joinCode, nickname: "Early", device: .app)
        }
        await #expect(throws: AccountRefusal.invalidDisplayName) {
            try await world.hunt.joinOpenDay(code: tomorrow.joinCode, nickname: "   ", device: .app)
        }
        #expect(try await world.hunt.guestEvents(for: olive).map(\.name) == ["Saturday"])
        #expect(try await world.hunt.repository.auditLog(limit: 1).first?.record.action == .openDayOpened)
    }
}
