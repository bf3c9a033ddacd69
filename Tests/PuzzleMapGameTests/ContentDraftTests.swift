import Foundation
import PuzzleMapCore
import PuzzleMapGame
import PuzzleMapStorage
import Testing

/// Organisers writing the hunt: edits collect in one draft, checked as the files are, and are
/// played only once published; nobody's save is lost to another's.
@Suite struct ContentDraftTests {
    static func organiser(_ world: GameWorld, _ username: String = "olive") async throws -> Organiser {
        var account = try await world.hunt.repository.createAccount(
            email: "\(username)@gla.ac.uk", username: username, displayName: username, passwordHash: "$argon2id$x", verificationCodeHash: "x",
            verificationExpiresAt: world.clock.now + 3600, mail: MailDraft(recipient: "\(username)@gla.ac.uk", subject: "Hi", body: "Hi"),
            at: world.clock.now)
        account.role = .admin
        return try #require(Organiser(account))
    }

    static func running(_ world: GameWorld, files: CampusContent? = nil) -> RunningHunt {
        let files = files ?? world.hunt.content
        return RunningHunt(world.hunt, source: ContentSource { files })
    }

    @Test(arguments: GameWorld.Store.allCases)
    func editsCollectInTheDraftAndArePlayedOnlyOncePublished(_ store: GameWorld.Store) async throws {
        let world = try await GameWorld(store: store)
        let olive = try await Self.organiser(world)
        let running = Self.running(world)
        let original = running.hunt.content
        let (riddle, token) = try await running.hunt.editing(for: olive).item(Riddle.self, original.riddles[0].id)
        var edit = RiddleEdit(riddle)
        edit.text = "Where the whale bones hang."
        let draft = try await running.save(edit.riddle, seen: token, by: olive)
        #expect(draft.revision == 1 && draft.savedBy == "olive")
        #expect(running.hunt.content == original, "a draft is not played")
        let review = try #require(try await running.hunt.draftReview(for: olive))
        #expect(review.changes.riddles.changed == [riddle.id] && review.problems.isEmpty)
        // The form opened again shows the draft's words.
        #expect(try await running.hunt.editing(for: olive).item(Riddle.self, riddle.id).0.text == "Where the whale bones hang.")

        let summary = try await running.publishDraft(revision: 1, by: olive)
        #expect(summary.riddlesUpdated == 1)
        #expect(running.hunt.content.riddles[0].text == "Where the whale bones hang.")
        #expect(running.hunt.content.riddles[0].translations == riddle.translations)
        #expect(try await running.hunt.draftReview(for: olive) == nil)
        #expect(try await world.hunt.repository.contentVersions().first?.origin == .console)
        let actions = try await world.hunt.repository.auditLog(limit: 10).map(\.record.action)
        #expect(actions == [.draftPublished, .riddleEdited])
    }

    @Test(arguments: GameWorld.Store.allCases)
    func aSecondSaveFromTheSameFormIsRefusedAndAnotherItemsSaveIsNot(_ store: GameWorld.Store) async throws {
        let world = try await GameWorld(store: store)
        let (olive, pat) = (try await Self.organiser(world), try await Self.organiser(world, "pat"))
        let running = Self.running(world)
        let first = running.hunt.content.riddles[0], second = running.hunt.content.riddles[1]
        let (_, token) = try await running.hunt.editing(for: olive).item(Riddle.self, first.id)
        var olives = RiddleEdit(first), pats = RiddleEdit(first)
        olives.text = "Olive's words."
        pats.text = "Pat's words."
        _ = try await running.save(olives.riddle, seen: token, by: olive)
        await #expect(throws: OrganiserRefusal.editConflict(id: first.id)) { try await running.save(pats.riddle, seen: token, by: pat) }
        #expect(try await running.hunt.editing(for: pat).item(Riddle.self, first.id).0.text == "Olive's words.")

        // Pat's form of another riddle, opened before Olive saved, is still good: nobody changed it.
        let (_, other) = try await running.hunt.editing(for: pat).item(Riddle.self, second.id)
        var edit = RiddleEdit(second)
        edit.insider = "Pat's fact."
        let draft = try await running.save(edit.riddle, seen: other, by: pat)
        #expect(draft.revision == 2 && draft.content.riddles[0].text == "Olive's words." && draft.content.riddles[1].insider == "Pat's fact.")

        // A publish names the revision looked at: Olive saw revision 1, Pat saved since.
        await #expect(throws: OrganiserRefusal.draftChanged(savedBy: "pat")) { try await running.publishDraft(revision: 1, by: olive) }
        try await running.discardDraft(revision: 2, by: olive)
        #expect(try await running.hunt.draftReview(for: olive) == nil)
        await #expect(throws: OrganiserRefusal.noDraft) { try await running.publishDraft(revision: 2, by: olive) }
    }

    @Test(arguments: GameWorld.Store.allCases)
    func aNewPlaceIsPublishedOnlyWithARiddleAndIsThenPlayed(_ store: GameWorld.Store) async throws {
        let world = try await GameWorld(store: store)
        let olive = try await Self.organiser(world)
        let running = Self.running(world)
        var words = PlaceWords.blank(at: Coordinate(latitude: 55.8725, longitude: -4.2890))
        words.name = "Sandbox Studio"
        words.building = "Boyd Orr Building"
        words.category = "social"
        let (_, id) = try await running.add(try words.edit(id: "").checkpoint, by: olive)
        #expect(id == "sandbox-studio")
        // Without a riddle the place cannot be played: publishing says so, and nothing changes.
        await #expect(throws: OrganiserRefusal.self) { try await running.publishDraft(revision: 1, by: olive) }
        let review = try #require(try await running.hunt.draftReview(for: olive))
        #expect(review.problems.map(\.rule) == [.checkpointWithoutRiddle])

        // A riddle with a hint missing is refused beside the hints.
        var riddle = RiddleEdit(id: "", checkpointID: id, difficulty: .hard, text: "Where the union's doors open onto University Gardens.",
                                hints: ["A union.", "", "QMU."], insider: "Nirvana played here in 1989.")
        await #expect(throws: OrganiserRefusal.invalidEdit([EditProblem(
            field: "hints", message: "hint 2 of riddle '\(id)-1' is empty",
            fix: "Write all three hints, each easier than the last; players ask for them one at a time.", rule: .emptyText)])) {
            try await running.add(riddle.riddle, by: olive)
        }
        riddle.hints[1] = "On University Gardens."
        let (draft, riddleID) = try await running.add(riddle.riddle, by: olive)
        #expect(riddleID == "sandbox-studio-1" && draft.revision == 2)

        let summary = try await running.publishDraft(revision: 2, by: olive)
        #expect(summary.checkpointsAdded == 1 && summary.riddlesAdded == 1)
        let stored = try #require(try await world.hunt.repository.checkpoints(includingRetired: false).first { $0.id == id })
        #expect(stored.checkpoint.name == "Sandbox Studio" && stored.tagVersion == 1)
        #expect(running.hunt.content.riddles.last?.id == riddleID)
    }

    @Test(arguments: GameWorld.Store.allCases)
    func retiringAPlaceInTheDraftReleasesItsHoldersOnlyOncePublished(_ store: GameWorld.Store) async throws {
        let world = try await GameWorld(store: store)
        let olive = try await Self.organiser(world)
        let ada = try await world.player("ada")
        let running = Self.running(world)
        let (held, _) = try await running.hunt.askForRiddle(playerID: ada, category: .lab)
        let place = held.riddle.checkpointID
        let (_, token) = try await running.hunt.editing(for: olive).item(Checkpoint.self, place)
        let draft = try await running.retirePlace(place, seen: token, by: olive)
        #expect(try await running.hunt.heldRiddles(playerID: ada).map(\.attempt) == [held.attempt], "a draft is not played")

        world.clock.advance(by: 60)
        _ = try await running.publishDraft(revision: draft.revision, by: olive)
        #expect(try await running.hunt.heldRiddles(playerID: ada).isEmpty)
        #expect(try await running.hunt.releasedRiddles(playerID: ada).map(\.category) == [.lab])
        #expect(running.hunt.content.checkpoint(id: place) == nil)
    }

    /// A version published while the draft waited (a reload of the files, a rollback): the
    /// draft's changes are carried over onto it, unless it changed the same item.
    @Test(arguments: GameWorld.Store.allCases)
    func aDraftIsCarriedOverAVersionPublishedMeanwhileUnlessBothChangedAnItem(_ store: GameWorld.Store) async throws {
        let world = try await GameWorld(store: store)
        let olive = try await Self.organiser(world)
        let original = world.hunt.content
        var files = original
        files.riddles[1].insider = "Changed in the files."
        let running = Self.running(world, files: files)
        let (first, token) = try await running.hunt.editing(for: olive).item(Riddle.self, original.riddles[0].id)
        var edit = RiddleEdit(first)
        edit.text = "Changed in the console."
        _ = try await running.save(edit.riddle, seen: token, by: olive)
        _ = try await running.reload(by: .service)
        _ = try await running.publishDraft(revision: 1, by: olive)
        #expect(running.hunt.content.riddles[0].text == "Changed in the console.")
        #expect(running.hunt.content.riddles[1].insider == "Changed in the files.")

        // Both change the same riddle: the organiser decides.
        let (second, again) = try await running.hunt.editing(for: olive).item(Riddle.self, original.riddles[1].id)
        var other = RiddleEdit(second)
        other.insider = "Changed in the console too."
        _ = try await running.save(other.riddle, seen: again, by: olive)
        let versions = try await world.hunt.repository.contentVersions()
        _ = try await running.rollback(to: try #require(versions.last).id, by: olive)
        await #expect(throws: OrganiserRefusal.draftOutdated(ids: [second.id])) { try await running.publishDraft(revision: 2, by: olive) }
        #expect(running.hunt.content == original)
    }

    @Test(arguments: GameWorld.Store.allCases)
    func aFreebieAddedOrEditedIsCheckedBesideItsFieldsAndPlayedOncePublished(_ store: GameWorld.Store) async throws {
        let world = try await GameWorld(store: store)
        let olive = try await Self.organiser(world)
        let running = Self.running(world)
        let partner = try #require(running.hunt.content.partners.first).id
        var words = OfferWords.blank(partner: partner, today: LocalDate(year: 2026, month: 11, day: 28)!)
        words.title = "A free tea"
        words.unlock = "badge tea-lover"
        words.validUntil = "2026-11-01"
        do {
            _ = try await running.add(try words.edit(id: "").offer, by: olive)
            Issue.record("a freebie unlocked by a badge that does not exist was saved")
        } catch OrganiserRefusal.invalidEdit(let problems) {
            #expect(problems.map(\.field) == ["unlock", "validUntil"])
        }
        words.unlock = "level 2"
        words.validUntil = "2027-11-28"
        let (_, id) = try await running.add(try words.edit(id: "").offer, by: olive)
        #expect(id == "a-free-tea")

        let offer = running.hunt.content.offers[0]
        let (stored, token) = try await running.hunt.editing(for: olive).item(Offer.self, offer.id)
        var more = OfferWords(stored)
        more.stock = "\(stored.stock + 50)"
        let draft = try await running.save(try more.edit(id: offer.id).offer, seen: token, by: olive)
        let review = try #require(try await running.hunt.draftReview(for: olive))
        #expect(review.changes.offers.added == [id] && review.changes.offers.changed == [offer.id])
        #expect(running.hunt.content.offers.count == world.hunt.content.offers.count, "a draft is not played")
        _ = try await running.publishDraft(revision: draft.revision, by: olive)
        #expect(running.hunt.content.offers.first { $0.id == id }?.title == "A free tea")
        #expect(running.hunt.content.offers.first { $0.id == offer.id }?.stock == offer.stock + 50)
    }

    @Test(arguments: GameWorld.Store.allCases)
    func aBadgeIsAddedEditedAndTakenOutButNotWhileAFreebieItUnlocksNamesIt(_ store: GameWorld.Store) async throws {
        let world = try await GameWorld(store: store)
        let olive = try await Self.organiser(world)
        let running = Self.running(world)
        var words = BadgeWords.blank
        (words.name, words.description, words.kind, words.count, words.places) = ("Night Owl", "Visit two places.", "visit", "", ["hunterian-museum", "the-moon"])
        do {
            _ = try await running.add(try words.edit(id: ""), by: olive)
            Issue.record("a badge asking for a visit to a place that does not exist was saved")
        } catch OrganiserRefusal.invalidEdit(let problems) {
            #expect(problems.map(\.field) == ["rule"] && problems[0].message.contains("the-moon"))
        }
        words.places = ["hunterian-museum", running.hunt.content.checkpoints[1].id]
        let (_, id) = try await running.add(try words.edit(id: ""), by: olive)
        #expect(id == "night-owl")
        var offer = OfferWords.blank(partner: running.hunt.content.partners[0].id, today: LocalDate(year: 2026, month: 11, day: 28)!)
        (offer.title, offer.unlock) = ("A night owl's coffee", "badge \(id)")
        let (_, offerID) = try await running.add(try offer.edit(id: "").offer, by: olive)

        // Still named by the freebie: taken out, the draft could not be published, so it stays.
        let (badge, token) = try await running.hunt.editing(for: olive).item(Badge.self, id)
        do {
            _ = try await running.remove(Badge.self, id, seen: token, by: olive)
            Issue.record("a badge a freebie is unlocked by was taken out")
        } catch OrganiserRefusal.invalidEdit(let problems) {
            #expect(problems.count == 1 && problems[0].message.contains(offerID))
        }
        #expect(BadgeWords(badge) == words, "a badge reads back as its own words")
        let (_, offerToken) = try await running.hunt.editing(for: olive).item(Offer.self, offerID)
        _ = try await running.remove(Offer.self, offerID, seen: offerToken, by: olive)
        let draft = try await running.remove(Badge.self, id, seen: token, by: olive)
        #expect(!draft.content.badges.contains { $0.id == id } && !draft.content.offers.contains { $0.id == offerID })
        await #expect(throws: OrganiserRefusal.unknownBadge(id)) { try await running.remove(Badge.self, id, seen: token, by: olive) }

        // A shipped badge made harder, published.
        let (shipped, shippedToken) = try await running.hunt.editing(for: olive).item(Badge.self, "first-steps")
        var harder = BadgeWords(shipped)
        harder.count = "2"
        let saved = try await running.save(try harder.edit(id: shipped.id), seen: shippedToken, by: olive)
        _ = try await running.publishDraft(revision: saved.revision, by: olive)
        #expect(running.hunt.content.badges.first { $0.id == "first-steps" }?.rule == .solve(count: 2, category: nil, tag: nil))
        let actions = try await world.hunt.repository.auditLog(limit: 7).map(\.record.action)
        #expect(Array(actions.prefix(6)) == [.draftPublished, .badgeEdited, .badgeRemoved, .offerRetired, .offerAdded, .badgeAdded])
    }

    @Test(arguments: GameWorld.Store.allCases)
    func aQuizQuestionIsWrittenWithItsWeightsAndAnUnknownTraitIsRefused(_ store: GameWorld.Store) async throws {
        let world = try await GameWorld(store: store)
        let olive = try await Self.organiser(world)
        let running = Self.running(world)
        var words = QuestionWords(text: "I'd rather build it than read about it.",
                                  answers: ["strongly_agree": "engineering 2, science", "agree": "engineering 1", "disagree": "wizardry 1"])
        do {
            _ = try await running.add(try words.edit(id: ""), by: olive)
            Issue.record("a question leaning to a trait no place has was saved")
        } catch OrganiserRefusal.invalidEdit(let problems) {
            #expect(problems.map(\.field) == ["answers"] && problems[0].message.contains("wizardry"))
        }
        words.answers["disagree"] = "art one"
        await #expect(throws: OrganiserRefusal.invalidEdit([EditProblem(
            field: "answers.disagree", message: "'art one' is not a trait and a weight", fix: "Write each trait with how much it adds, such as coffee 2, food 1.")])) {
            try words.edit(id: "")
        }
        words.answers["disagree"] = "art 1"
        let (draft, id) = try await running.add(try words.edit(id: ""), by: olive)
        #expect(id == "i-d-rather-build-it-than-read-about-it")
        let question = try #require(draft.content.quiz.first { $0.id == id })
        #expect(question.effects == [.stronglyAgree: ["engineering": 2, "science": 1], .agree: ["engineering": 1], .disagree: ["art": 1], .stronglyDisagree: [:]])
        #expect(QuestionWords(question).answers == ["strongly_agree": "engineering 2, science 1", "agree": "engineering 1", "disagree": "art 1",
                                                    "strongly_disagree": ""])

        let last = try #require(running.hunt.content.quiz.last)
        let (_, token) = try await running.hunt.editing(for: olive).item(QuizQuestion.self, last.id)
        let removed = try await running.remove(QuizQuestion.self, last.id, seen: token, by: olive)
        _ = try await running.publishDraft(revision: removed.revision, by: olive)
        #expect(running.hunt.content.quiz.map(\.id) == world.hunt.content.quiz.dropLast().map(\.id) + [id])
    }

    @Test(arguments: GameWorld.Store.allCases)
    func aPlaceEditedInTheConsoleKeepsItsTranslatedFacts(_ store: GameWorld.Store) async throws {
        let world = try await GameWorld(store: store)
        let olive = try await Self.organiser(world)
        var files = world.hunt.content
        files.checkpoints[0].translations = ["zh": Checkpoint.Words(facts: ["一个事实。"])]
        let running = Self.running(world, files: files)
        _ = try await running.reload(by: .organiser(olive))
        let (place, token) = try await running.hunt.editing(for: olive).item(Checkpoint.self, files.checkpoints[0].id)
        var words = PlaceWords(place)
        words.name += " (East)"
        let draft = try await running.save(try words.edit(id: place.id).checkpoint, seen: token, by: olive)
        #expect(draft.content.checkpoints[0].name == place.name + " (East)")
        #expect(draft.content.checkpoints[0].translations == ["zh": Checkpoint.Words(facts: ["一个事实。"])])
    }

    @Test(arguments: GameWorld.Store.allCases)
    func aCafeThatJoinsIsAddedAsAPartnerAndItsFreebieNamesItInTheSameDraft(_ store: GameWorld.Store) async throws {
        let world = try await GameWorld(store: store)
        let olive = try await Self.organiser(world)
        let running = Self.running(world)
        do {
            _ = try await running.add(PartnerEdit(id: "", name: "Kimchi Café", address: "  ").partner, by: olive)
            Issue.record("a partner with no address was saved")
        } catch OrganiserRefusal.invalidEdit(let problems) {
            #expect(problems.map(\.field) == ["address"])
        }
        let (_, id) = try await running.add(PartnerEdit(id: "", name: "Kimchi Café", address: "12 Gibson Street").partner, by: olive)
        #expect(id == "kimchi-cafe")
        var words = OfferWords.blank(partner: id, today: LocalDate(year: 2026, month: 11, day: 28)!)
        words.title = "A free kimbap"
        let (_, offer) = try await running.add(try words.edit(id: "").offer, by: olive)

        // Another organiser renamed it meanwhile: an edit from the older form is refused.
        let (partner, token) = try await running.hunt.editing(for: olive).item(Partner.self, id)
        _ = try await running.save(PartnerEdit(id: id, name: "Kimchi Café & Bar", address: partner.address).partner, seen: token, by: olive)
        await #expect(throws: OrganiserRefusal.editConflict(id: id)) {
            try await running.save(PartnerEdit(id: id, name: "Kimchi", address: partner.address).partner, seen: token, by: olive)
        }
        await #expect(throws: OrganiserRefusal.unknownPartner("nowhere")) { try await running.hunt.editing(for: olive).item(Partner.self, "nowhere") }

        let review = try #require(try await running.hunt.draftReview(for: olive))
        #expect(review.changes.partners.added == [id] && review.changes.offers.added == [offer] && review.problems.isEmpty)
        _ = try await running.publishDraft(revision: review.draft.revision, by: olive)
        #expect(running.hunt.content.partners.first { $0.id == id }?.name == "Kimchi Café & Bar")
        #expect(running.hunt.content.offers.first { $0.id == offer }?.partnerID == id)
        let actions = try await world.hunt.repository.auditLog(limit: 5).map(\.record.action)
        #expect(Array(actions.prefix(4)) == [.draftPublished, .partnerEdited, .offerAdded, .partnerAdded])
    }


    @Test(arguments: GameWorld.Store.allCases)
    func aRetiredPlaceIsRestoredWithItsRiddlesAndItsOldStickerCountsAgain(_ store: GameWorld.Store) async throws {
        let world = try await GameWorld(store: store)
        let olive = try await Self.organiser(world)
        let running = Self.running(world)
        // A place no badge asks a visit to: retiring one a badge names is refused.
        let content = running.hunt.content
        let place = try #require(content.checkpoints.first { place in
            !content.badges.contains { badge in
                if case .visit(let ids) = badge.rule { ids.contains(place.id) } else { false }
            }
        })
        let riddles = content.riddles.filter { $0.checkpointID == place.id }
        let sticker = try await world.typedCode(of: place.id)
        let number = try #require(try await world.hunt.repository.checkpoints(includingRetired: false).first { $0.id == place.id }).number
        let (_, token) = try await running.hunt.editing(for: olive).item(Checkpoint.self, place.id)
        let retired = try await running.retirePlace(place.id, seen: token, by: olive)
        _ = try await running.publishDraft(revision: retired.revision, by: olive)
        #expect(try await running.hunt.retiredPlaces(for: olive).map(\.id) == [place.id])
        let ada = try await world.player("ada")
        // Retired, its sticker says the place has left the hunt.
        await #expect(throws: GameRefusal.placeRetired) {
            try await running.hunt.scan(ScanSubmission(texts: [sticker]), playerID: ada, ownerVerified: false, idempotencyKey: nil, requestDigest: "")
        }

        // Back in the draft as it was last played, riddles and all; only once.
        let restored = try await running.restorePlace(place.id, by: olive)
        #expect(restored.content.checkpoint(id: place.id) == place)
        #expect(restored.content.riddles.filter { $0.checkpointID == place.id } == riddles)
        #expect(try await running.hunt.retiredPlaces(for: olive).isEmpty)
        await #expect(throws: OrganiserRefusal.placeInPlay(place.id)) { try await running.restorePlace(place.id, by: olive) }
        await #expect(throws: OrganiserRefusal.unknownCheckpoint("nowhere")) { try await running.restorePlace("nowhere", by: olive) }

        // Published: the same place, number and sticker.
        _ = try await running.publishDraft(revision: restored.revision, by: olive)
        #expect(try await running.hunt.repository.checkpoints(includingRetired: false).first { $0.id == place.id }?.number == number)
        let scanned = try await running.hunt.scan(ScanSubmission(texts: [sticker]), playerID: ada, ownerVerified: false, idempotencyKey: nil,
                                                  requestDigest: "")
        guard case .decided = scanned.outcome else { Issue.record("the restored sticker scanned as \(scanned.outcome)"); return }
        let actions = try await world.hunt.repository.auditLog(limit: 4).map(\.record.action)
        #expect(actions == [.draftPublished, .placeRestored, .draftPublished, .placeRetired])
    }

}
