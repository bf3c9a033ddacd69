import Crypto
import Foundation

/// The organisers' edits not yet published: the whole content as it will be played once
/// published, and the version it was started from. Every organiser edits the one draft;
/// publishing plays it through the same import a reload uses.
public struct DraftContent: Hashable, Sendable {
    /// The published version the draft was started from.
    public var base: Int64
    public var content: CampusContent
    /// Counts the saves: a publish names the revision the organiser looked at, so a save
    /// made meanwhile is not published unseen.
    public var revision: Int64
    public var savedBy: String
    public var savedAt: Date

    public init(base: Int64, content: CampusContent, revision: Int64, savedBy: String, savedAt: Date) {
        self.base = base
        self.content = content
        self.revision = revision
        self.savedBy = savedBy
        self.savedAt = savedAt
    }

    /// The content to publish over `newest` (the version published last), given the content of
    /// the draft's base: the draft as it is when nothing was published since it was started,
    /// else the draft's own changes carried over onto the newest. When the newest changed an
    /// item the draft changed too, the ids of those items: the organiser decides.
    public func rebased(onto newest: CampusContent, base: CampusContent) -> Result<CampusContent, DraftOutdated> {
        var conflicts: [String] = []
        func merged<Item: Identifiable & Equatable>(_ path: KeyPath<CampusContent, [Item]>) -> [Item] where Item.ID == String {
            let mine = ContentChanges.Items(from: base[keyPath: path], to: content[keyPath: path])
            let theirs = ContentChanges.Items(from: base[keyPath: path], to: newest[keyPath: path])
            let touched = Set(mine.added + mine.changed + mine.removed)
            conflicts += (theirs.added + theirs.changed + theirs.removed).filter(touched.contains)
            let drafted = Dictionary(content[keyPath: path].map { ($0.id, $0) }) { first, _ in first }
            var items = newest[keyPath: path]
            for id in mine.added + mine.changed { items.replaceOrAppend(drafted[id]!) }
            items.removeAll { mine.removed.contains($0.id) }
            return items
        }
        var result = newest
        result.checkpoints = merged(\.checkpoints)
        result.riddles = merged(\.riddles)
        result.quiz = merged(\.quiz)
        result.badges = merged(\.badges)
        result.partners = merged(\.partners)
        result.offers = merged(\.offers)
        if content.rules != base.rules { result.rules = content.rules }
        if content.info != base.info { result.info = content.info }
        return conflicts.isEmpty ? .success(result) : .failure(DraftOutdated(ids: conflicts))
    }
}

/// Items the draft changed that a version published since it was started changed as well.
public struct DraftOutdated: Error, Hashable, Sendable {
    public var ids: [String]
}

/// What an organiser saw of an item when they opened its form: a short digest of it as it
/// stood (`new` for an item not yet written). Saving compares it with the item as it stands
/// now, so an edit is never saved over another organiser's unseen.
public struct ItemToken: Hashable, Sendable, CustomStringConvertible {
    public let description: String

    public init(_ text: String) {
        description = text
    }

    public init<Item: Encodable>(of item: Item?) {
        guard let item else { self.init("new"); return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // Encoding plain value types cannot fail.
        self.init(SHA256.hash(data: try! encoder.encode(item)).prefix(8).hexadecimal)
    }
}

extension CampusContent {
    /// What `puzzlemap check` says of the whole content, none of it beside a form's field:
    /// what stops a draft being published.
    public var problems: [EditProblem] { problems(editing: nil) }
}
