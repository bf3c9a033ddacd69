import Foundation
import PuzzleMapCore
import Yams
import ZIPFoundation

/// Writes content as the organiser's files, in the shapes `ContentReader` reads: the six files
/// of `Campus/` and one riddles file per category in `Riddles/`.
///
/// What it writes reads back to equal content (the same fingerprint) as long as the riddles
/// are listed by category (lab, lecture, social), as the shipped files and the console keep
/// them: the reader takes the riddles files in name order.
public struct ContentWriter: Sendable {
    /// One file: its path under the content's root (`Campus/quiz.yaml`) and its bytes.
    public struct File: Hashable, Sendable {
        public var path: String
        public var data: Data
    }

    public static let campusFolder = "Campus"
    public static let riddlesFolder = "Riddles"

    public init() {}

    /// Every file of `content`, campus first, then the riddles by category.
    public func files(of content: CampusContent) throws -> [File] {
        let campus: [(ContentReader.CampusFile, Data)] = try ContentReader.CampusFile.allCases.map { file in
            switch file {
            case .campus: (file, try yaml(campusInfo(content.info)))
            case .checkpoints: (file, try geoJSON(content.checkpoints))
            case .quiz: (file, try yaml(["questions": list(content.quiz.map(question))]))
            case .game: (file, try yaml(gameRules(content.rules)))
            case .badges: (file, try yaml(["badges": list(content.badges.map(badge))]))
            case .offers: (file, try yaml(["partners": list(content.partners.map(partner)),
                                           "offers": list(content.offers.map(offer))]))
            }
        }
        let categories = Dictionary(uniqueKeysWithValues: content.checkpoints.map { ($0.id, $0.category) })
        // In the order the reader takes the files: by name.
        let riddles = try Category.allCases.sorted { $0.rawValue < $1.rawValue }.compactMap { category -> File? in
            let those = content.riddles.filter { categories[$0.checkpointID] == category }
            guard !those.isEmpty else { return nil }
            return File(path: "\(Self.riddlesFolder)/\(category.rawValue).yaml", data: try yaml(["riddles": list(those.map(riddle))]))
        }
        return campus.map { File(path: "\(Self.campusFolder)/\($0.0.rawValue)", data: $0.1) } + riddles
    }

    /// Writes the files under `directory` (its `Campus/` and `Riddles/`, made when missing),
    /// each replaced whole; a riddles file of a category with no riddle is removed, so the
    /// folder reads back as the content.
    public func write(_ content: CampusContent, into directory: URL) throws {
        let files = try files(of: content)
        let manager = FileManager.default
        for folder in [Self.campusFolder, Self.riddlesFolder] {
            try manager.createDirectory(at: directory.appending(path: folder), withIntermediateDirectories: true)
        }
        for file in files {
            try file.data.write(to: directory.appending(path: file.path), options: .atomic)
        }
        let written = Set(files.map(\.path))
        for category in Category.allCases where !written.contains("\(Self.riddlesFolder)/\(category.rawValue).yaml") {
            let stale = directory.appending(path: "\(Self.riddlesFolder)/\(category.rawValue).yaml")
            if manager.fileExists(atPath: stale.path) { try manager.removeItem(at: stale) }
        }
    }

    // MARK: Campus

    private func campusInfo(_ info: CampusInfo) -> Node {
        ["title": text(info.title), "university": text(info.university), "timeZone": text(info.timeZoneIdentifier),
         "traits": flow(info.traits.map(text))]
    }

    private func question(_ question: QuizQuestion) -> Node {
        let answers = QuizAnswer.allCases.compactMap { answer -> (Node, Node)? in
            guard let weights = question.effects[answer] else { return nil }
            let pairs = weights.sorted { $0.key < $1.key }.map { (text($0.key), number($0.value)) }
            return (Node(answer.rawValue), .mapping(Node.Mapping(pairs, .implicit, .flow)))
        }
        return ["id": text(question.id), "text": text(question.text), "answers": .mapping(Node.Mapping(answers))]
    }

    private func gameRules(_ rules: GameRules) -> Node {
        let solve = Difficulty.allCases.compactMap { difficulty in rules.solveXP[difficulty].map { (Node(difficulty.rawValue), whole($0)) } }
        let xp: Node = [
            "solve": .mapping(Node.Mapping(solve, .implicit, .flow)),
            "hintCost": flow(rules.hintCost.map { whole($0) }),
            "minimumReward": whole(rules.minimumReward),
            "explore": whole(rules.exploreXP),
            "checkIn": whole(rules.checkInXP),
            "challengeWin": whole(rules.challengeWinXP),
        ]
        let limits = GameLimits.fields.map { (Node($0.name), whole(rules.limits[keyPath: $0.path])) }
        return [
            "xp": xp,
            "levels": flow(rules.levelThresholds.map { whole($0) }),
            "selection": ["traitStrength": number(rules.traitStrength)],
            "crew": ["maxMembers": whole(rules.crew.maxMembers), "windowMinutes": whole(rules.crew.windowMinutes), "bonusXP": whole(rules.crew.bonusXP)],
            "antiCheat": ["maxSpeedMetresPerSecond": number(rules.maxSpeedMetresPerSecond)],
            "limits": .mapping(Node.Mapping(limits)),
        ]
    }

    private func badge(_ badge: Badge) -> Node {
        var rule: [(Node, Node)]
        switch badge.rule {
        case .solve(let count, let category, let tag):
            rule = [("kind", "solve"), ("count", whole(count))]
            if let category { rule.append(("category", Node(category.rawValue))) }
            if let tag { rule.append(("tag", text(tag))) }
        case .visit(let checkpointIDs): rule = [("kind", "visit"), ("checkpoints", flow(checkpointIDs.map(text)))]
        case .hintless(let count): rule = [("kind", "hintless"), ("count", whole(count))]
        case .everyCategory(let count): rule = [("kind", "every-category"), ("count", whole(count))]
        case .level(let level): rule = [("kind", "level"), ("level", whole(level))]
        case .crew(let count): rule = [("kind", "crew"), ("count", whole(count))]
        }
        return ["id": text(badge.id), "name": text(badge.name), "description": text(badge.description),
                "rule": .mapping(Node.Mapping(rule, .implicit, .flow))]
    }

    private func partner(_ partner: Partner) -> Node {
        ["id": text(partner.id), "name": text(partner.name), "address": text(partner.address)]
    }

    private func offer(_ offer: Offer) -> Node {
        var pairs: [(Node, Node)] = [("id", text(offer.id))]
        if !offer.partnerID.isEmpty { pairs.append(("partner", text(offer.partnerID))) }
        let unlock: (Node, Node) = switch offer.unlock {
        case .level(let level): ("level", whole(level))
        case .badge(let badge): ("badge", text(badge))
        }
        pairs += [
            ("title", text(offer.title)), ("description", text(offer.description)),
            ("unlock", .mapping(Node.Mapping([unlock], .implicit, .flow))),
            ("stock", whole(offer.stock)), ("perPlayer", whole(offer.perPlayer)),
            ("validFrom", text(offer.validFrom.description)), ("validUntil", text(offer.validUntil.description)),
            ("voucherDays", whole(offer.voucherDays)),
        ]
        return .mapping(Node.Mapping(pairs))
    }

    // MARK: Riddles

    private func riddle(_ riddle: Riddle) -> Node {
        var pairs: [(Node, Node)] = [
            ("id", text(riddle.id)), ("checkpoint", text(riddle.checkpointID)), ("difficulty", Node(riddle.difficulty.rawValue)),
            ("text", prose(riddle.text)), ("hints", list(riddle.hints.map(text))), ("insider", prose(riddle.insider)),
        ]
        if let translations = riddle.translations {
            let languages = translations.sorted { $0.key < $1.key }.map { tag, words -> (Node, Node) in
                (text(tag), ["text": prose(words.text), "hints": list(words.hints.map(text)), "insider": prose(words.insider)])
            }
            pairs.append(("translations", .mapping(Node.Mapping(languages))))
        }
        return .mapping(Node.Mapping(pairs))
    }

    // MARK: The checkpoints' GeoJSON

    private struct FeatureCollection: Encodable {
        var type = "FeatureCollection"
        var features: [Feature]
    }

    private struct Feature: Encodable {
        struct Point: Encodable {
            var type = "Point"
            var coordinates: [Double]
        }

        struct Properties: Encodable {
            var id, name: String
            var category: Category
            var building: String
            var floor: Int
            var tags: [String]
            var hours: Hours
            var facts: [String]
            var translations: [String: Checkpoint.Words]?
        }

        struct Hours: Encodable {
            var weekly: Weekly
            var exceptions: [Exception]
        }

        /// The days a timetable gives, in the week's order (a day left out stays left out).
        struct Weekly: Encodable {
            var days: [(Weekday, [String])]

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Key.self)
                for (day, ranges) in days { try container.encode(ranges, forKey: Key(day.rawValue)) }
            }
        }

        struct Exception: Encodable {
            var date: String
            var closed: Bool?
            var hours: [String]?
            var note: String?
        }

        var type = "Feature"
        var geometry: Point
        var properties: Properties
    }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    private func geoJSON(_ checkpoints: [Checkpoint]) throws -> Data {
        let features = checkpoints.map { checkpoint in
            let hours = checkpoint.hours
            return Feature(
                geometry: Feature.Point(coordinates: [checkpoint.coordinate.longitude, checkpoint.coordinate.latitude]),
                properties: Feature.Properties(
                    id: checkpoint.id, name: checkpoint.name, category: checkpoint.category, building: checkpoint.building,
                    floor: checkpoint.floor, tags: checkpoint.tags,
                    hours: Feature.Hours(
                        weekly: Feature.Weekly(days: Weekday.allCases.compactMap { day in hours.weekly[day].map { (day, $0.map(\.description)) } }),
                        exceptions: hours.exceptions.map { exception in
                            Feature.Exception(date: exception.date.description, closed: exception.ranges.isEmpty ? true : nil,
                                              hours: exception.ranges.isEmpty ? nil : exception.ranges.map(\.description), note: exception.note)
                        }),
                    facts: checkpoint.facts, translations: checkpoint.translations))
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(FeatureCollection(features: features)) + Data("\n".utf8)
    }

    // MARK: YAML

    private func yaml(_ root: Node) throws -> Data {
        Data(try Yams.serialize(node: root, indent: 2, width: 100, allowUnicode: true).utf8)
    }

    /// Text as a scalar the reader gives back unchanged: quoted when it would read as
    /// something else (`null`, `yes`, `12`), or it would be taken as absent.
    private func text(_ value: String) -> Node {
        let plain = Node(value)
        guard Resolver.default.resolveTag(of: plain) == .str else { return Node(value, .implicit, .singleQuoted) }
        return plain
    }

    /// A paragraph: folded at the line width, as organisers write riddles.
    private func prose(_ value: String) -> Node {
        let node = text(value)
        guard node.scalar?.style == .any, value.count > 80, !value.contains("\n") else { return node }
        return Node(value, .implicit, .folded)
    }

    private func number(_ value: Double) -> Node { Node(String(value)) }

    private func whole(_ value: Int) -> Node { Node(String(value)) }

    private func flow(_ items: [Node]) -> Node { .sequence(Node.Sequence(items, .implicit, .flow)) }

    private func list(_ items: [Node]) -> Node { .sequence(Node.Sequence(items)) }
}

extension ContentWriter {
    /// The files as one ZIP archive (deflated), `Campus/...` and `Riddles/...` at its root,
    /// each dated `date`: what an organiser downloads and can unpack over a checkout.
    public func archive(of content: CampusContent, dated date: Date) throws -> Data {
        let archive = try Archive(accessMode: .create)
        for file in try files(of: content) {
            let data = file.data
            try archive.addEntry(with: file.path, type: .file, uncompressedSize: Int64(data.count), modificationDate: date,
                                 compressionMethod: .deflate) { position, size in
                data.subdata(in: Int(position)..<(Int(position) + size))
            }
        }
        guard let bytes = archive.data else { throw CocoaError(.fileWriteUnknown) }
        return bytes
    }
}
