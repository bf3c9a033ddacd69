import Foundation
import PuzzleMapCore

/// What the console's forms edit: the draft when organisers have saved edits since the last
/// publish, else the version published last.
public struct Editing: Sendable {
    public var content: CampusContent
    public var draft: DraftContent?
    /// The version published last, which the hunt plays.
    public var newest: Int64

    /// The riddle as it now stands, with the token its form carries.
    public func riddle(_ id: String) throws -> (Riddle, ItemToken) {
        try content.riddles.current(id, or: .unknownRiddle(id))
    }

    /// The freebie as it now stands, with the token its form carries.
    public func offer(_ id: String) throws -> (Offer, ItemToken) {
        try content.offers.current(id, or: .unknownOffer(id))
    }

    /// The partner as it now stands, with the token its form carries.
    public func partner(_ id: String) throws -> (Partner, ItemToken) {
        try content.partners.current(id, or: .unknownPartner(id))
    }

    /// The place as it now stands, with the token its form carries.
    public func place(_ id: String) throws -> (Checkpoint, ItemToken) {
        try content.checkpoints.current(id, or: .unknownCheckpoint(id))
    }
}

/// The draft as the console shows it: what publishing it would change, and what `puzzlemap
/// check` says must be fixed first.
public struct DraftReview: Sendable {
    public var draft: DraftContent
    public var changes: ContentChanges
    public var problems: [EditProblem]
}

extension Hunt {
    /// The content the console's forms edit (see ``Editing``).
    public func editing(for organiser: Organiser) async throws -> Editing {
        guard let newest = try await repository.contentVersions().first(where: \.isKept),
              let published = try await repository.content(ofVersion: newest.id)
        else { throw OrganiserRefusal.unknownContentVersion(0) }
        let draft = try await repository.draft()
        return Editing(content: draft?.content ?? published, draft: draft, newest: newest.id)
    }

    /// The draft as saved, without comparing or checking it (what the console's banner says).
    public func draft(for organiser: Organiser) async throws -> DraftContent? {
        try await repository.draft()
    }

    /// The draft with what publishing it changes from the version played now, or `nil` when
    /// there are no unpublished edits.
    public func draftReview(for organiser: Organiser) async throws -> DraftReview? {
        guard let draft = try await repository.draft() else { return nil }
        return DraftReview(draft: draft, changes: ContentChanges(from: content, to: draft.content), problems: draft.content.problems)
    }
}

extension RunningHunt {
    /// Saves an organiser's edit of a riddle into the draft. `seen` is the riddle as their form
    /// showed it: when it changed since (another organiser's save), the edit is refused rather
    /// than saved over theirs. The riddle's problems, as `puzzlemap check` finds them, refuse
    /// it too, each beside its field.
    public func saveRiddle(_ edit: RiddleEdit, seen: ItemToken, by organiser: Organiser) async throws -> DraftContent {
        try await saveToDraft(by: organiser, action: .riddleEdited) { content in
            try content.riddles.unchanged(edit.id, since: seen, or: .unknownRiddle(edit.id))
            return (edit.applied(to: content), .riddle(edit.id))
        }.draft
    }

    /// Adds a new riddle to the draft, its id made from its place's (`library-2`).
    public func addRiddle(_ edit: RiddleEdit, by organiser: Organiser) async throws -> (draft: DraftContent, id: String) {
        let (draft, item) = try await saveToDraft(by: organiser, action: .riddleAdded) { content in
            var edit = edit
            edit.id = content.newRiddleID(for: edit.checkpointID)
            return (edit.applied(to: content), .riddle(edit.id))
        }
        return (draft, item.id)
    }

    /// Saves an organiser's edit of a place into the draft, as ``saveRiddle(_:seen:by:)`` does.
    public func savePlace(_ edit: PlaceEdit, seen: ItemToken, by organiser: Organiser) async throws -> DraftContent {
        let id = edit.checkpoint.id
        return try await saveToDraft(by: organiser, action: .placeEdited) { content in
            try content.checkpoints.unchanged(id, since: seen, or: .unknownCheckpoint(id))
            return (edit.applied(to: content), .checkpoint(id))
        }.draft
    }

    /// Adds a new place to the draft, its id made from its name (`queen-margaret-union`). It is
    /// played once it has a riddle and the draft is published.
    public func addPlace(_ edit: PlaceEdit, by organiser: Organiser) async throws -> (draft: DraftContent, id: String) {
        let (draft, item) = try await saveToDraft(by: organiser, action: .placeAdded) { content in
            var edit = edit
            edit.checkpoint.id = content.newCheckpointID(named: edit.checkpoint.name)
            return (edit.applied(to: content), .checkpoint(edit.checkpoint.id))
        }
        return (draft, item.id)
    }

    /// Saves an organiser's edit of a freebie into the draft, as ``saveRiddle(_:seen:by:)`` does.
    public func saveOffer(_ edit: OfferEdit, seen: ItemToken, by organiser: Organiser) async throws -> DraftContent {
        let id = edit.offer.id
        return try await saveToDraft(by: organiser, action: .offerEdited) { content in
            try content.offers.unchanged(id, since: seen, or: .unknownOffer(id))
            return (edit.applied(to: content), .offer(id))
        }.draft
    }

    /// Adds a new freebie to the draft, its id made from its title (`a-free-regular-coffee`).
    public func addOffer(_ edit: OfferEdit, by organiser: Organiser) async throws -> (draft: DraftContent, id: String) {
        let (draft, item) = try await saveToDraft(by: organiser, action: .offerAdded) { content in
            var edit = edit
            edit.offer.id = content.newOfferID(titled: edit.offer.title)
            return (edit.applied(to: content), .offer(edit.offer.id))
        }
        return (draft, item.id)
    }

    /// Saves an organiser's edit of a partner into the draft, as ``saveRiddle(_:seen:by:)`` does.
    public func savePartner(_ edit: PartnerEdit, seen: ItemToken, by organiser: Organiser) async throws -> DraftContent {
        let id = edit.partner.id
        return try await saveToDraft(by: organiser, action: .partnerEdited) { content in
            try content.partners.unchanged(id, since: seen, or: .unknownPartner(id))
            return (edit.applied(to: content), .partner(id))
        }.draft
    }

    /// Adds a new partner to the draft, its id made from its name (`kimchi-cafe`): a café that
    /// joins, for its freebies to name.
    public func addPartner(_ edit: PartnerEdit, by organiser: Organiser) async throws -> (draft: DraftContent, id: String) {
        let (draft, item) = try await saveToDraft(by: organiser, action: .partnerAdded) { content in
            var edit = edit
            edit.partner.id = content.newPartnerID(named: edit.partner.name)
            return (edit.applied(to: content), .partner(edit.partner.id))
        }
        return (draft, item.id)
    }

    /// Brings a retired place back into the draft as it was last published, with its riddles.
    /// Once published it is the same place again: its number and its printed sticker count.
    public func restorePlace(_ id: String, by organiser: Organiser) async throws -> DraftContent {
        let repository = hunt.repository
        // The newest version kept whole that played it holds its words and riddles.
        var last: CampusContent?
        for version in try await repository.contentVersions() where version.isKept {
            if let content = try await repository.content(ofVersion: version.id), content.checkpoint(id: id) != nil {
                last = content
                break
            }
        }
        guard let last, let place = last.checkpoint(id: id) else { throw OrganiserRefusal.unknownCheckpoint(id) }
        return try await saveToDraft(by: organiser, action: .placeRestored) { content in
            guard content.checkpoint(id: id) == nil else { throw OrganiserRefusal.placeInPlay(id) }
            var content = content
            content.checkpoints.append(place)
            let taken = Set(content.riddles.map(\.id))
            content.riddles += last.riddles.filter { $0.checkpointID == id && !taken.contains($0.id) }
            return (content, .checkpoint(id))
        }.draft
    }

    /// Takes a place out of the draft with its riddles: once published, its sticker stops
    /// counting and players holding its riddles are released with a note.
    public func retirePlace(_ id: String, seen: ItemToken, by organiser: Organiser) async throws -> DraftContent {
        try await saveToDraft(by: organiser, action: .placeRetired) { content in
            try content.checkpoints.unchanged(id, since: seen, or: .unknownCheckpoint(id))
            var content = content
            content.checkpoints.removeAll { $0.id == id }
            content.riddles.removeAll { $0.checkpointID == id }
            return (content, .checkpoint(id))
        }.draft
    }

    /// Publishes the draft the organiser looked at (its `revision`): checked whole as
    /// `puzzlemap check` checks the files, imported as a reload imports them, played at once
    /// by every instance. Players holding a riddle it retires are released with a note. When
    /// a version was published since the draft was started, the draft's changes are carried
    /// over onto it, unless that version changed the same items.
    public func publishDraft(revision: Int64, by organiser: Organiser) async throws -> ContentImportSummary {
        try await oneAtATime {
            let repository = self.hunt.repository
            guard let draft = try await repository.draft() else { throw OrganiserRefusal.noDraft }
            guard draft.revision == revision else { throw OrganiserRefusal.draftChanged(savedBy: draft.savedBy) }
            guard let newest = try await repository.contentVersions().first(where: \.isKept),
                  let published = try await repository.content(ofVersion: newest.id)
            else { throw OrganiserRefusal.unknownContentVersion(draft.base) }
            var content = draft.content
            if newest.id != draft.base {
                guard let base = try await repository.content(ofVersion: draft.base) else { throw OrganiserRefusal.unknownContentVersion(draft.base) }
                switch draft.rebased(onto: published, base: base) {
                case .success(let rebased): content = rebased
                case .failure(let outdated): throw OrganiserRefusal.draftOutdated(ids: outdated.ids)
                }
            }
            let problems = content.problems
            guard problems.isEmpty else { throw OrganiserRefusal.invalidDraft(problems) }
            let encoded = EncodedContent(content)
            return try await self.publish(encoded, origin: .console, audit: organiser.record(
                .draftPublished, subject: "content",
                detail: "draft revision \(draft.revision) over version \(newest.id): \(ContentChanges(from: published, to: content).summary), fingerprint \(encoded.fingerprint.prefix(12))"),
                discardingDraft: draft.revision)
        }
    }

    /// Throws the draft away (the one the organiser looked at): the hunt plays on unchanged.
    public func discardDraft(revision: Int64, by organiser: Organiser) async throws {
        let repository = hunt.repository
        guard let draft = try await repository.draft() else { throw OrganiserRefusal.noDraft }
        guard draft.revision == revision else { throw OrganiserRefusal.draftChanged(savedBy: draft.savedBy) }
        guard try await repository.discardDraft(revision: revision, audit: organiser.record(.draftDiscarded, subject: "content",
                                                                                            detail: "draft revision \(revision)"), at: hunt.now())
        else { throw OrganiserRefusal.draftChanged(savedBy: draft.savedBy) }
    }

    /// Makes the edited content from the content being edited (the draft, or the version
    /// published last), refuses it when the edited item has problems, and saves it as the
    /// draft's next revision with its audit line. A save by another organiser between the
    /// read and the write makes it read again and try once more.
    private func saveToDraft(by organiser: Organiser, action: AuditAction,
                             _ change: (CampusContent) throws -> (CampusContent, EditedItem)) async throws -> (draft: DraftContent, item: EditedItem) {
        let hunt = hunt
        for _ in 0..<Self.draftSaveAttempts {
            let editing = try await hunt.editing(for: organiser)
            let (content, item) = try change(editing.content)
            let problems = content.problems(editing: item).filter(\.blocksSaving)
            guard problems.isEmpty else { throw OrganiserRefusal.invalidEdit(problems) }
            let base = editing.draft?.base ?? editing.newest
            let audit = organiser.record(action, subject: item.id, detail: "into the draft started from version \(base)")
            if let draft = try await hunt.repository.saveDraft(content, base: base, savedBy: organiser.account.player.username, at: hunt.now(),
                                                               replacing: editing.draft?.revision, audit: audit) {
                return (draft, item)
            }
        }
        throw OrganiserRefusal.draftChanged(savedBy: try await hunt.repository.draft()?.savedBy ?? organiser.account.player.username)
    }

    private static let draftSaveAttempts = 3
}

extension Array where Element: Identifiable & Encodable, Element.ID == String {
    /// The item `id` as it stands, with the token its form carries; `unknown` when there is none.
    func current(_ id: String, or unknown: OrganiserRefusal) throws -> (Element, ItemToken) {
        guard let item = first(where: { $0.id == id }) else { throw unknown }
        return (item, ItemToken(of: item))
    }

    /// Refuses an edit of `id` made from a form that showed it otherwise (`seen`): another
    /// organiser saved it since.
    func unchanged(_ id: String, since seen: ItemToken, or unknown: OrganiserRefusal) throws {
        guard try current(id, or: unknown).1 == seen else { throw OrganiserRefusal.editConflict(id: id) }
    }
}

extension EditedItem {
    var id: String {
        switch self {
        case .riddle(let id), .checkpoint(let id), .offer(let id), .partner(let id): id
        }
    }
}

extension ContentChanges {
    /// The ids added, changed and retired, kind by kind, for an audit line.
    var summary: String {
        let kinds = [("places", checkpoints), ("riddles", riddles), ("quiz", quiz), ("badges", badges), ("partners", partners), ("offers", offers)]
        let parts = kinds.filter { !$0.1.isEmpty }.map { name, items in
            "\(name) " + [("+", items.added), ("~", items.changed), ("-", items.removed)].filter { !$0.1.isEmpty }
                .map { sign, ids in sign + ids.joined(separator: ",") }.joined(separator: " ")
        }
        return parts.isEmpty ? "no change" : parts.joined(separator: "; ")
    }
}
