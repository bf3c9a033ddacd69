/// A kind of item organisers edit one at a time in the console (a riddle, a place, a freebie,
/// a partner shop, a badge, a quiz question): where the items live in the content, how the one
/// being edited is named for its problems, and how a new one's id is made.
public protocol EditableItem: Identifiable, Hashable, Encodable, Sendable where ID == String {
    var id: String { get set }
    /// Where the content keeps the items of this kind.
    static var items: WritableKeyPath<CampusContent, [Self]> { get }
    /// The item `id` of this kind, as an edit names it.
    static func edited(_ id: String) -> EditedItem
    /// An id for this item when it is added to `content`, made from its words.
    func newID(in content: CampusContent) -> String
    /// This item as saved over `old`: what its form does not show (translations) is kept.
    func keeping(_ old: Self) -> Self
}

extension EditableItem {
    public func keeping(_ old: Self) -> Self { self }

    /// `content` with this item: in the place of the one with its id, what the form does not
    /// show kept from it, or added at the end.
    public func applied(to content: CampusContent) -> CampusContent {
        var content = content
        let old = content[keyPath: Self.items].first { $0.id == id }
        content[keyPath: Self.items].replaceOrAppend(old.map(keeping) ?? self)
        return content
    }

    /// `content` without this kind's item `id`.
    public static func removed(_ id: String, from content: CampusContent) -> CampusContent {
        var content = content
        content[keyPath: items].removeAll { $0.id == id }
        return content
    }
}

extension Riddle: EditableItem {
    public static var items: WritableKeyPath<CampusContent, [Self]> { \.riddles }
    public static func edited(_ id: String) -> EditedItem { .riddle(id) }
    public func newID(in content: CampusContent) -> String { content.newRiddleID(for: checkpointID) }

    public func keeping(_ old: Riddle) -> Riddle {
        var riddle = self
        riddle.translations = old.translations
        return riddle
    }
}

extension Checkpoint: EditableItem {
    public static var items: WritableKeyPath<CampusContent, [Self]> { \.checkpoints }
    public static func edited(_ id: String) -> EditedItem { .checkpoint(id) }
    public func newID(in content: CampusContent) -> String { content.newID(from: name, or: "place", taken: content.checkpoints) }

    public func keeping(_ old: Checkpoint) -> Checkpoint {
        var place = self
        place.translations = old.translations
        return place
    }
}

extension Offer: EditableItem {
    public static var items: WritableKeyPath<CampusContent, [Self]> { \.offers }
    public static func edited(_ id: String) -> EditedItem { .offer(id) }
    public func newID(in content: CampusContent) -> String { content.newID(from: title, or: "freebie", taken: content.offers) }
}

extension Partner: EditableItem {
    public static var items: WritableKeyPath<CampusContent, [Self]> { \.partners }
    public static func edited(_ id: String) -> EditedItem { .partner(id) }
    public func newID(in content: CampusContent) -> String { content.newID(from: name, or: "partner", taken: content.partners) }
}

extension Badge: EditableItem {
    public static var items: WritableKeyPath<CampusContent, [Self]> { \.badges }
    public static func edited(_ id: String) -> EditedItem { .badge(id) }
    public func newID(in content: CampusContent) -> String { content.newID(from: name, or: "badge", taken: content.badges) }
}

extension QuizQuestion: EditableItem {
    public static var items: WritableKeyPath<CampusContent, [Self]> { \.quiz }
    public static func edited(_ id: String) -> EditedItem { .question(id) }
    public func newID(in content: CampusContent) -> String { content.newID(from: text, or: "question", taken: content.quiz) }
}

/// The item an organiser is editing, for problems to be said beside its fields.
public enum EditedItem: Hashable, Sendable {
    case riddle(String)
    case checkpoint(String)
    case offer(String)
    case partner(String)
    case badge(String)
    case question(String)

    public var id: String {
        switch self {
        case .riddle(let id), .checkpoint(let id), .offer(let id), .partner(let id), .badge(let id), .question(let id): id
        }
    }

    /// The fields of the item's form, named as in the content files, in the order the
    /// validator's field lines count them.
    public var fields: [String] {
        switch self {
        case .riddle: RiddleEdit.fields
        case .checkpoint: PlaceEdit.fields
        case .offer: OfferEdit.fields
        case .partner: PartnerEdit.fields
        case .badge: BadgeWords.fields
        case .question: QuestionWords.fields
        }
    }

    /// What an edit of an item that is not there is refused with.
    public var unknown: OrganiserRefusal {
        switch self {
        case .riddle(let id): .unknownRiddle(id)
        case .checkpoint(let id): .unknownCheckpoint(id)
        case .offer(let id): .unknownOffer(id)
        case .partner(let id): .unknownPartner(id)
        case .badge(let id): .unknownBadge(id)
        case .question(let id): .unknownQuestion(id)
        }
    }
}
