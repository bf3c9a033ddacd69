import Foundation

/// An organiser's edit of one riddle in the console: the organiser's own words, its place and
/// difficulty. Translations in the content files are kept as they are.
public struct RiddleEdit: Hashable, Sendable {
    public var id: String
    public var checkpointID: String
    public var difficulty: Difficulty
    public var text: String
    public var hints: [String]
    public var insider: String

    public init(id: String, checkpointID: String, difficulty: Difficulty, text: String, hints: [String], insider: String) {
        self.id = id
        self.checkpointID = checkpointID
        self.difficulty = difficulty
        self.text = text
        self.hints = hints
        self.insider = insider
    }

    /// The form as it stands for a riddle of the content.
    public init(_ riddle: Riddle) {
        self.init(id: riddle.id, checkpointID: riddle.checkpointID, difficulty: riddle.difficulty, text: riddle.text, hints: riddle.hints,
                  insider: riddle.insider)
    }

    /// The riddle as edited (its translations are kept when it is saved over the one there).
    public var riddle: Riddle {
        Riddle(id: id, checkpointID: checkpointID, difficulty: difficulty, text: text, hints: hints, insider: insider)
    }

    /// The fields of the form, named as in the content files.
    public static let fields = ["id", "checkpoint", "difficulty", "text", "hints", "insider", "translations"]
}

/// An organiser's edit of one place in the console, made from the words of the form (the
/// same words the API takes): ``PlaceWords/edit()`` reads them, each problem beside its field.
public struct PlaceEdit: Hashable, Sendable {
    public var checkpoint: Checkpoint

    public init(_ checkpoint: Checkpoint) {
        self.checkpoint = checkpoint
    }

    /// The fields of the form, named as in the content files.
    public static let fields = ["id", "name", "category", "building", "floor", "coordinates", "hours", "tags", "facts"]
}

/// A place as the console's form (and the API) writes it: numbers and times as typed.
///
/// Opening hours are one line per weekday, `10:00-17:00, 18:00-20:00` (empty or `closed` for a
/// closed day), and exceptions one per line: a date, then `closed` or its ranges, then a note
/// (`2026-12-25 closed Christmas Day`).
public struct PlaceWords: Hashable, Codable, Sendable {
    public var name: String
    public var category: String
    public var building: String
    public var floor: String
    public var latitude: String
    public var longitude: String
    /// Each weekday's openings by the day's short name (`mon` ... `sun`).
    public var hours: [String: String]
    public var exceptions: String
    public var tags: [String]
    public var facts: [String]

    public init(name: String, category: String, building: String, floor: String, latitude: String, longitude: String,
                hours: [String: String], exceptions: String, tags: [String], facts: [String]) {
        self.name = name
        self.category = category
        self.building = building
        self.floor = floor
        self.latitude = latitude
        self.longitude = longitude
        self.hours = hours
        self.exceptions = exceptions
        self.tags = tags
        self.facts = facts
    }

    /// The words of a place of the content, as its form shows them.
    public init(_ checkpoint: Checkpoint) {
        self.init(
            name: checkpoint.name, category: checkpoint.category.rawValue, building: checkpoint.building, floor: "\(checkpoint.floor)",
            latitude: "\(checkpoint.coordinate.latitude)", longitude: "\(checkpoint.coordinate.longitude)",
            hours: Dictionary(uniqueKeysWithValues: Weekday.allCases.map { day in
                (day.rawValue, (checkpoint.hours.weekly[day] ?? []).map(\.description).joined(separator: ", "))
            }),
            exceptions: checkpoint.hours.exceptions.map { exception in
                ([exception.date.description, exception.ranges.isEmpty ? "closed" : exception.ranges.map(\.description).joined(separator: ", ")]
                    + (exception.note.map { [$0] } ?? [])).joined(separator: " ")
            }.joined(separator: "\n"),
            tags: checkpoint.tags, facts: checkpoint.facts)
    }

    /// A new place's empty form: open round the clock until the organiser says otherwise.
    public static func blank(at coordinate: Coordinate?) -> PlaceWords {
        var words = PlaceWords(Checkpoint(id: "", name: "", category: .social, building: "", floor: 0,
                                          coordinate: coordinate ?? Coordinate(latitude: 0, longitude: 0), hours: .always, tags: [], facts: []))
        if coordinate == nil { (words.latitude, words.longitude) = ("", "") }
        return words
    }

    /// The place these words describe, with `id`. Words that do not read are refused
    /// (``OrganiserRefusal/invalidEdit(_:)``), each problem beside its field (a weekday's hours
    /// as `hours.mon`).
    public func edit(id: String) throws(OrganiserRefusal) -> PlaceEdit {
        var problems: [EditProblem] = []
        func problem(_ field: String, _ message: String, _ fix: String) { problems.append(EditProblem(field: field, message: message, fix: fix)) }
        let category = Category(rawValue: category.trimmed)
        if category == nil {
            problem("category", "'\(self.category)' is not a category", "Choose lab, lecture or social.")
        }
        let floor = Int(floor.trimmed)
        if floor == nil {
            problem("floor", "'\(self.floor)' is not a floor", "Write the floor as a whole number: 0 is the ground floor, -1 the first basement.")
        }
        let latitude = Double(latitude.trimmed), longitude = Double(longitude.trimmed)
        if latitude == nil || longitude == nil {
            problem("coordinates", "the place has no position", "Tap the plan where the place is, or type its latitude and longitude (55.8721 and -4.2882).")
        }
        var weekly: [Weekday: [TimeRange]] = [:]
        for day in Weekday.allCases {
            switch Self.ranges(hours[day.rawValue] ?? "") {
            case .success(let ranges): weekly[day] = ranges
            case .failure(let wrong):
                problem("hours.\(day.rawValue)", "'\(wrong.text)' is not an opening time", Self.rangeAdvice)
            }
        }
        var exceptions: [HoursException] = []
        for line in self.exceptions.split(whereSeparator: \.isNewline) where !line.trimmed.isEmpty {
            switch Self.exception(String(line)) {
            case .success(let exception): exceptions.append(exception)
            case .failure(let wrong): problem("exceptions", wrong.text, "Write one day a line: 2026-12-25 closed Christmas Day, or 2026-12-24 10:00-13:00 Christmas Eve.")
            }
        }
        guard problems.isEmpty, let category, let floor, let latitude, let longitude else { throw .invalidEdit(problems) }
        return PlaceEdit(Checkpoint(
            id: id, name: name.trimmed, category: category, building: building.trimmed, floor: floor,
            coordinate: Coordinate(latitude: latitude, longitude: longitude), hours: OpeningHours(weekly: weekly, exceptions: exceptions),
            tags: tags.map(\.trimmed).filter { !$0.isEmpty }, facts: facts.map(\.trimmed).filter { !$0.isEmpty }))
    }

    private static let rangeAdvice = "Write HH:MM-HH:MM with the end after the start, several separated by commas, or leave it empty when closed all day."

    /// `10:00-17:00, 18:00-20:00`; empty or `closed` is no opening. Fails with the first range that is not one.
    private static func ranges(_ words: String) -> Result<[TimeRange], WrongWords> {
        let words = words.trimmed
        if words.isEmpty || words.lowercased() == "closed" { return .success([]) }
        var ranges: [TimeRange] = []
        for part in words.split(whereSeparator: { $0 == "," || $0 == " " }) {
            guard let range = TimeRange(parsing: String(part)) else { return .failure(WrongWords(text: String(part))) }
            ranges.append(range)
        }
        return .success(ranges)
    }

    private static func exception(_ line: String) -> Result<HoursException, WrongWords> {
        var words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard let first = words.first, let date = LocalDate(parsing: first) else {
            return .failure(WrongWords(text: "'\(line.trimmed)' does not start with a date (2026-12-25)"))
        }
        words.removeFirst()
        var ranges: [TimeRange] = []
        var closed = false
        while let word = words.first {
            let bare = word.trimmingCharacters(in: CharacterSet(charactersIn: ","))
            if bare.lowercased() == "closed" {
                closed = true
            } else if let range = TimeRange(parsing: bare) {
                ranges.append(range)
            } else {
                break
            }
            words.removeFirst()
        }
        guard closed != !ranges.isEmpty else {
            return .failure(WrongWords(text: "\(date) gives \(closed ? "both closed and opening times" : "neither closed nor opening times")"))
        }
        let note = words.joined(separator: " ").trimmed
        return .success(HoursException(date: date, ranges: ranges, note: note.isEmpty ? nil : note))
    }

    private struct WrongWords: Error, CustomStringConvertible {
        var text: String
        var description: String { text }
    }
}

/// An organiser's edit of one freebie in the console (a partner's offer), made from the words of
/// the form (the same words the API takes): ``OfferWords/edit(id:)`` reads them.
public struct OfferEdit: Hashable, Sendable {
    public var offer: Offer

    public init(_ offer: Offer) {
        self.offer = offer
    }

    /// The fields of the form, named as in `Campus/offers.yaml`.
    public static let fields = ["id", "partner", "title", "description", "unlock", "stock", "perPlayer", "validFrom", "validUntil", "voucherDays"]
}

/// A freebie as the console's form (and the API) writes it: numbers and dates as typed, and
/// what unlocks it as `level 3` or `badge social-butterfly`.
public struct OfferWords: Hashable, Codable, Sendable {
    public var partner: String
    public var title: String
    public var description: String
    public var unlock: String
    public var stock: String
    public var perPlayer: String
    public var validFrom: String
    public var validUntil: String
    public var voucherDays: String

    public init(partner: String, title: String, description: String, unlock: String, stock: String, perPlayer: String,
                validFrom: String, validUntil: String, voucherDays: String) {
        self.partner = partner
        self.title = title
        self.description = description
        self.unlock = unlock
        self.stock = stock
        self.perPlayer = perPlayer
        self.validFrom = validFrom
        self.validUntil = validUntil
        self.voucherDays = voucherDays
    }

    /// The words of a freebie of the content, as its form shows them.
    public init(_ offer: Offer) {
        self.init(partner: offer.partnerID, title: offer.title, description: offer.description, unlock: Self.words(offer.unlock),
                  stock: "\(offer.stock)", perPlayer: "\(offer.perPlayer)", validFrom: offer.validFrom.description,
                  validUntil: offer.validUntil.description, voucherDays: "\(offer.voucherDays)")
    }

    /// A new freebie's form: one a player, valid from `today` to the same day a year on, its
    /// vouchers good for two weeks.
    public static func blank(partner: String, today: LocalDate) -> OfferWords {
        let yearOn = LocalDate(year: today.year + 1, month: today.month, day: min(today.day, 28)) ?? today
        return OfferWords(partner: partner, title: "", description: "", unlock: "level 2", stock: "100", perPlayer: "1",
                          validFrom: today.description, validUntil: yearOn.description, voucherDays: "14")
    }

    /// What unlocks a freebie, in the form's words.
    public static func words(_ unlock: OfferUnlock) -> String {
        switch unlock {
        case .level(let level): "level \(level)"
        case .badge(let badge): "badge \(badge)"
        }
    }

    /// The freebie these words describe, with `id`. Words that do not read are refused
    /// (``OrganiserRefusal/invalidEdit(_:)``), each problem beside its field.
    public func edit(id: String) throws(OrganiserRefusal) -> OfferEdit {
        var problems: [EditProblem] = []
        func number(_ field: String, _ text: String) -> Int? {
            guard let value = Int(text.trimmed) else {
                problems.append(EditProblem(field: field, message: "'\(text)' is not a whole number", fix: "Write a whole number, such as 100."))
                return nil
            }
            return value
        }
        func date(_ field: String, _ text: String) -> LocalDate? {
            guard let value = LocalDate(parsing: text.trimmed) else {
                problems.append(EditProblem(field: field, message: "'\(text)' is not a date", fix: "Write the date as 2026-09-01."))
                return nil
            }
            return value
        }
        let parts = unlock.trimmed.split(separator: " ", maxSplits: 1).map(String.init)
        var unlocked: OfferUnlock?
        switch (parts.first, parts.count) {
        case ("level", 2): unlocked = Int(parts[1]).map(OfferUnlock.level)
        case ("badge", 2): unlocked = .badge(parts[1].trimmed)
        default: break
        }
        if unlocked == nil {
            problems.append(EditProblem(field: "unlock", message: "'\(unlock)' does not say what unlocks the freebie",
                                        fix: "Choose a level, or a badge, that unlocks it."))
        }
        let (stock, perPlayer, voucherDays) = (number("stock", stock), number("perPlayer", perPlayer), number("voucherDays", voucherDays))
        let (validFrom, validUntil) = (date("validFrom", validFrom), date("validUntil", validUntil))
        guard problems.isEmpty, let unlocked, let stock, let perPlayer, let voucherDays, let validFrom, let validUntil else {
            throw .invalidEdit(problems)
        }
        return OfferEdit(Offer(id: id, partnerID: partner.trimmed, title: title.trimmed, description: description.trimmed, unlock: unlocked,
                               stock: stock, perPlayer: perPlayer, validFrom: validFrom, validUntil: validUntil, voucherDays: voucherDays))
    }
}

/// An organiser's edit of one partner (a café or shop that gives freebies) in the console:
/// its name, as players and baristas read it, and where it is.
public struct PartnerEdit: Hashable, Sendable {
    public var partner: Partner

    public init(id: String, name: String, address: String) {
        partner = Partner(id: id, name: name.trimmed, address: address.trimmed)
    }

    /// The fields of the form, named as in `Campus/offers.yaml`.
    public static let fields = ["id", "name", "address"]
}

/// A problem `puzzlemap check` finds in an edit, beside the field it is about.
public struct EditProblem: Hashable, Sendable {
    /// The field, as ``RiddleEdit/fields`` or ``PlaceEdit/fields`` names it; `nil` when it is
    /// about the content as a whole (a place an edit left without a riddle).
    public var field: String?
    public var message: String
    public var fix: String
    /// What kind of problem `puzzlemap check` calls it; `nil` for a form's words that do not read.
    public var rule: ContentRule?

    public init(field: String?, message: String, fix: String, rule: ContentRule? = nil) {
        self.field = field
        self.message = message
        self.fix = fix
        self.rule = rule
    }

    /// Whether the problem keeps the edit out of the draft: one about the item itself, except
    /// a new place's missing riddle (written next, before publishing).
    public var blocksSaving: Bool { field != nil && rule != .checkpointWithoutRiddle }
}

extension CampusContent {
    /// What `puzzlemap check` says of the content with one item being edited, that item's
    /// problems each beside its field: the same validator as the files get, so nothing the
    /// files would refuse is played.
    public func problems(editing item: EditedItem?) -> [EditProblem] {
        let edited = "edited"
        func located<Value: Identifiable>(_ items: [Value], _ kind: String, fields: [String], isEdited: (Value) -> Bool) -> [Located<Value>] {
            let lines = Dictionary(uniqueKeysWithValues: fields.enumerated().map { ($1, $0 + 1) })
            return items.map { isEdited($0) ? Located($0, at: SourceLocation(file: edited), fieldLines: lines) : Located($0, at: SourceLocation(file: kind)) }
        }
        var draft = ContentDraft()
        draft.info = Located(info, at: SourceLocation(file: "campus"))
        draft.rules = Located(rules, at: SourceLocation(file: "game"))
        draft.checkpoints = located(checkpoints, "checkpoints", fields: PlaceEdit.fields) { item == .checkpoint($0.id) }
        draft.riddles = located(riddles, "riddles", fields: RiddleEdit.fields) { item == .riddle($0.id) }
        draft.quiz = located(quiz, "quiz", fields: QuestionWords.fields) { item == .question($0.id) }
        draft.badges = located(badges, "badges", fields: BadgeWords.fields) { item == .badge($0.id) }
        draft.partners = located(partners, "partners", fields: PartnerEdit.fields) { item == .partner($0.id) }
        draft.offers = located(offers, "offers", fields: OfferEdit.fields) { item == .offer($0.id) }
        guard case .failure(let invalid) = draft.validated() else { return [] }
        let fields = item?.fields ?? []
        return invalid.problems.map { problem in
            let field = problem.location.file == edited ? problem.location.line.map { fields[$0 - 1] } : nil
            return EditProblem(field: field, message: problem.message, fix: problem.fix, rule: problem.rule)
        }
    }

    /// `text`'s words in lower case joined by hyphens, at most 48 characters cut between words
    /// (`fallback` when it has no such word), numbered when already taken.
    func newID<Item: Identifiable>(from text: String, or fallback: String, taken items: [Item]) -> String where Item.ID == String {
        let taken = Set(items.map(\.id))
        let folded = text.folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: Locale(identifier: "en"))
        let words = folded.lowercased().split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
        var kept: [Substring] = []
        for word in words {
            guard (kept + [word]).joined(separator: "-").count <= 48 else { break }
            kept.append(word)
        }
        let stem = kept.isEmpty ? (words.isEmpty ? fallback : String(words[0].prefix(48))) : kept.joined(separator: "-")
        guard taken.contains(stem) else { return stem }
        return (2...).lazy.map { "\(stem)-\($0)" }.first { !taken.contains($0) }!
    }

    /// An id for a new riddle of a place: the place's id and the next free number
    /// (`hunterian-museum-2`), as the shipped files name them.
    public func newRiddleID(for checkpointID: String) -> String {
        let taken = Set(riddles.map(\.id))
        return (1...).lazy.map { "\(checkpointID)-\($0)" }.first { !taken.contains($0) }!
    }
}

extension Array where Element: Identifiable {
    /// Puts `element` in the place of the one with its id, or at the end when there is none.
    mutating func replaceOrAppend(_ element: Element) {
        if let index = firstIndex(where: { $0.id == element.id }) {
            self[index] = element
        } else {
            append(element)
        }
    }
}

extension StringProtocol {
    var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
