import Foundation
import PuzzleMapCore

/// What the console's forms edit: the draft when organisers have saved edits since the last
/// publish, else the version published last.
public struct Editing: Sendable {
    public var content: CampusContent
    public var draft: DraftContent?
    /// The version published last, which the hunt plays.
    public var newest: Int64

    /// The item `id` of a kind as it now stands, with the token its form carries.
    public func item<Item: EditableItem>(_ kind: Item.Type, _ id: String) throws -> (Item, ItemToken) {
        let item = try content.item(kind, id)
        return (item, ItemToken(of: item))
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
    /// Saves an organiser's edit of an item (a riddle, a place, a freebie...) into the draft.
    /// `seen` is the item as their form showed it: when it changed since (another organiser's
    /// save), the edit is refused rather than saved over theirs. The item's problems, as
    /// `puzzlemap check` finds them, refuse it too, each beside its field.
    public func save<Item: EditableItem>(_ item: Item, seen: ItemToken, by organiser: Organiser) async throws -> DraftContent {
        try await saveToDraft(by: organiser, action: .edited) { content in
            try content.unchanged(Item.self, item.id, since: seen)
            return (item.applied(to: content), Item.edited(item.id))
        }.draft
    }

    /// Adds a new item to the draft, its id made from its words (`queen-margaret-union`, a
    /// riddle's from its place's: `library-2`). A new place is played once it has a riddle and
    /// the draft is published.
    public func add<Item: EditableItem>(_ item: Item, by organiser: Organiser) async throws -> (draft: DraftContent, id: String) {
        let (draft, edited) = try await saveToDraft(by: organiser, action: .added) { content in
            var item = item
            item.id = item.newID(in: content)
            return (item.applied(to: content), Item.edited(item.id))
        }
        return (draft, edited.id)
    }

    /// Takes an item (a badge, a quiz question, a freebie...) out of the draft, as the form
    /// that showed it (`seen`) saw it. What still names it (a freebie its badge unlocks) keeps
    /// it in, with the problem said. A place is retired with its riddles instead
    /// (``retirePlace(_:seen:by:)``).
    public func remove<Item: EditableItem>(_ kind: Item.Type, _ id: String, seen: ItemToken, by organiser: Organiser) async throws -> DraftContent {
        try await saveToDraft(by: organiser, action: .removed) { content in
            try content.unchanged(Item.self, id, since: seen)
            let removed = Item.removed(id, from: content)
            let before = Set(content.problems)
            let left = removed.problems.filter { !before.contains($0) }
            guard left.isEmpty else { throw OrganiserRefusal.invalidEdit(left) }
            return (removed, Item.edited(id))
        }.draft
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
        return try await saveToDraft(by: organiser, action: .restored) { content in
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
        try await saveToDraft(by: organiser, action: .retired) { content in
            try content.unchanged(Checkpoint.self, id, since: seen)
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
    private func saveToDraft(by organiser: Organiser, action: EditedItem.Change,
                             _ change: (CampusContent) throws -> (CampusContent, EditedItem)) async throws -> (draft: DraftContent, item: EditedItem) {
        let hunt = hunt
        for _ in 0..<Self.draftSaveAttempts {
            let editing = try await hunt.editing(for: organiser)
            let (content, item) = try change(editing.content)
            let problems = content.problems(editing: item).filter(\.blocksSaving)
            guard problems.isEmpty else { throw OrganiserRefusal.invalidEdit(problems) }
            let base = editing.draft?.base ?? editing.newest
            let audit = organiser.record(item.audited(action), subject: item.id, detail: "into the draft started from version \(base)")
            if let draft = try await hunt.repository.saveDraft(content, base: base, savedBy: organiser.account.player.username, at: hunt.now(),
                                                               replacing: editing.draft?.revision, audit: audit) {
                return (draft, item)
            }
        }
        throw OrganiserRefusal.draftChanged(savedBy: try await hunt.repository.draft()?.savedBy ?? organiser.account.player.username)
    }

    private static let draftSaveAttempts = 3
}

extension CampusContent {
    /// Refuses an edit of the item `id` made from a form that showed it otherwise (`seen`):
    /// another organiser saved it since.
    func unchanged<Item: EditableItem>(_ kind: Item.Type, _ id: String, since seen: ItemToken) throws {
        guard ItemToken(of: try item(kind, id)) == seen else { throw OrganiserRefusal.editConflict(id: id) }
    }

    /// The item `id` of a kind; refused as unknown when there is none.
    func item<Item: EditableItem>(_ kind: Item.Type, _ id: String) throws -> Item {
        guard let item = self[keyPath: Item.items].first(where: { $0.id == id }) else { throw Item.edited(id).unknown }
        return item
    }
}

extension EditedItem {
    /// What an organiser did to an item of the draft.
    enum Change {
        case edited, added, removed, retired, restored
    }

    /// The audit log's name for `change` done to this item.
    func audited(_ change: Change) -> AuditAction {
        switch (self, change) {
        case (.riddle, .added): .riddleAdded
        case (.riddle, _): .riddleEdited
        case (.checkpoint, .added): .placeAdded
        case (.checkpoint, .retired), (.checkpoint, .removed): .placeRetired
        case (.checkpoint, .restored): .placeRestored
        case (.checkpoint, _): .placeEdited
        case (.offer, .added): .offerAdded
        case (.offer, .removed): .offerRetired
        case (.offer, _): .offerEdited
        case (.partner, .added): .partnerAdded
        case (.partner, _): .partnerEdited
        case (.badge, .added): .badgeAdded
        case (.badge, .removed): .badgeRemoved
        case (.badge, _): .badgeEdited
        case (.question, .added): .questionAdded
        case (.question, .removed): .questionRemoved
        case (.question, _): .questionEdited
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
