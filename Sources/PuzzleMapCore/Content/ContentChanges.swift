/// What changed between two versions of the content, item by item (by id), for the console's
/// history: what a publish or a rollback did, in the organiser's own names.
public struct ContentChanges: Hashable, Sendable {
    /// The ids of one kind of item added, changed or removed, each in the newer version's
    /// order (removed ones in the older one's).
    public struct Items: Hashable, Sendable {
        public var added: [String] = []
        public var changed: [String] = []
        public var removed: [String] = []

        public var isEmpty: Bool { added.isEmpty && changed.isEmpty && removed.isEmpty }

        init<Item: Identifiable & Equatable>(from old: [Item], to new: [Item]) where Item.ID == String {
            let before = Dictionary(old.map { ($0.id, $0) }) { first, _ in first }
            let after = Set(new.map(\.id))
            for item in new {
                switch before[item.id] {
                case nil: added.append(item.id)
                case let earlier? where earlier != item: changed.append(item.id)
                default: break
                }
            }
            removed = old.map(\.id).filter { !after.contains($0) }
        }
    }

    public var checkpoints: Items
    public var riddles: Items
    public var quiz: Items
    public var badges: Items
    public var partners: Items
    public var offers: Items
    /// `game.yaml`: rewards, levels, limits, crews.
    public var rulesChanged: Bool
    /// `campus.yaml`: the title, university, time zone or traits.
    public var campusChanged: Bool

    public init(from old: CampusContent, to new: CampusContent) {
        checkpoints = Items(from: old.checkpoints, to: new.checkpoints)
        riddles = Items(from: old.riddles, to: new.riddles)
        quiz = Items(from: old.quiz, to: new.quiz)
        badges = Items(from: old.badges, to: new.badges)
        partners = Items(from: old.partners, to: new.partners)
        offers = Items(from: old.offers, to: new.offers)
        rulesChanged = old.rules != new.rules
        campusChanged = old.info != new.info
    }

    /// Whether the two versions play the same game.
    public var isEmpty: Bool {
        [checkpoints, riddles, quiz, badges, partners, offers].allSatisfy(\.isEmpty) && !rulesChanged && !campusChanged
    }
}
