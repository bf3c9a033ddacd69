import PuzzleMapCore
import Yams

extension ContentReader {
    /// `Campus/checkpoints.geojson`: a FeatureCollection of points, one per checkpoint.
    func readCheckpoints(_ root: Node, _ reader: inout YAMLFieldReader) -> [Located<Checkpoint>] {
        guard let root = reader.mapping(root, what: "the checkpoints file") else { return [] }
        if root["type"]?.string != "FeatureCollection" {
            reader.report(.invalidValue, at: root, "the checkpoints file is not a GeoJSON FeatureCollection",
                          fix: "Start the file with {\"type\": \"FeatureCollection\", \"features\": [...]}.")
        }
        guard let features = reader.sequence("features", in: root, of: "the checkpoints file") else { return [] }
        var checkpoints: [Located<Checkpoint>] = []
        for (index, feature) in features.enumerated() {
            reader.featureIndex = index
            if let checkpoint = readCheckpoint(feature, &reader) { checkpoints.append(checkpoint) }
        }
        reader.featureIndex = nil
        return checkpoints
    }

    private func readCheckpoint(_ feature: Node, _ reader: inout YAMLFieldReader) -> Located<Checkpoint>? {
        guard let feature = reader.mapping(feature, what: "a feature") else { return nil }
        guard let properties = reader.mapping(feature["properties"], what: "the feature's `properties`") else {
            reader.report(.missingField, at: feature, "the feature has no `properties`", fix: "Give the checkpoint's id, name, category ... under `properties`.")
            return nil
        }
        guard let id = reader.string("id", in: properties, of: "a checkpoint") else { return nil }
        let owner = "checkpoint '\(id)'"
        var lines = reader.fieldLines(of: properties)
        let name = reader.string("name", in: properties, of: owner) ?? ""
        let category = reader.category("category", in: properties, of: owner)
        let building = reader.string("building", in: properties, of: owner) ?? ""
        let floor = reader.int("floor", in: properties, of: owner) ?? 0
        let tags = reader.strings("tags", in: properties, of: owner) ?? []
        let facts = reader.strings("facts", in: properties, of: owner, required: false) ?? []
        let hours = readHours(properties["hours"], of: owner, &reader)
        var translations: [String: Checkpoint.Words]?
        if let node = properties["translations"], let languages = reader.mapping(node, what: "the translations of \(owner)"),
           let pairs = languages.mapping {
            translations = [:]
            for (key, words) in pairs {
                guard let tag = key.string, let words = reader.mapping(words, what: "the '\(key.string ?? "?")' translation of \(owner)") else { continue }
                translations?[tag] = Checkpoint.Words(facts: reader.strings("facts", in: words, of: "the '\(tag)' translation of \(owner)") ?? [])
            }
        }
        if properties["hours"] == nil {
            reader.report(.missingField, at: properties, "\(owner) has no `hours`", fix: "Add `hours` with a `weekly` timetable.")
        }
        var coordinate = Coordinate(latitude: 0, longitude: 0)
        if let geometry = reader.mapping(feature["geometry"], what: "the feature's `geometry`"),
           let pair = reader.sequence("coordinates", in: geometry, of: "\(owner)'s geometry") {
            lines["coordinates"] = geometry["coordinates"]?.mark?.line
            if geometry["type"]?.string != "Point" {
                reader.report(.invalidValue, at: geometry, "\(owner)'s geometry is not a Point", fix: "Use {\"type\": \"Point\", \"coordinates\": [longitude, latitude]}.")
            }
            let numbers = pair.compactMap { reader.double($0, what: "a coordinate of \(owner)") }
            if numbers.count == 2 {
                coordinate = Coordinate(latitude: numbers[1], longitude: numbers[0])
            } else if numbers.count == pair.count {
                reader.report(.invalidValue, at: geometry["coordinates"], "\(owner) has \(pair.count) coordinates",
                              fix: "Write exactly [longitude, latitude].")
            }
        } else if feature["geometry"] == nil {
            reader.report(.missingField, at: feature, "\(owner) has no `geometry`", fix: "Add a Point geometry with [longitude, latitude].")
        }
        guard let category else { return nil }
        var location = reader.location(of: feature)
        location.featureIndex = reader.featureIndex
        return Located(
            Checkpoint(id: id, name: name, category: category, building: building, floor: floor,
                       coordinate: coordinate, hours: hours, tags: tags, facts: facts, translations: translations),
            at: location, fieldLines: lines
        )
    }

    /// Opening hours: `weekly` (mon..sun -> ["HH:MM-HH:MM"]) and dated `exceptions`.
    private func readHours(_ node: Node?, of owner: String, _ reader: inout YAMLFieldReader) -> OpeningHours {
        guard let node = reader.mapping(node, what: "\(owner)'s `hours`") else { return OpeningHours(weekly: [:]) }
        var weekly: [Weekday: [TimeRange]] = [:]
        if let week = reader.mapping(node["weekly"], what: "\(owner)'s `hours.weekly`") {
            for (key, value) in week.mapping! {
                guard let day = key.string.flatMap(Weekday.init(rawValue:)) else {
                    reader.report(.unparseableHours, at: key, "\(owner) has opening hours for '\(key.string ?? "?")', which is not a day",
                                  fix: "Use the days mon, tue, wed, thu, fri, sat, sun.")
                    continue
                }
                weekly[day] = ranges(value, of: "\(owner) on \(day.rawValue)", &reader)
            }
        } else if node["weekly"] == nil {
            reader.report(.missingField, at: node, "\(owner)'s `hours` has no `weekly` timetable", fix: "Add `weekly` with the seven days mon ... sun.")
        }
        var exceptions: [HoursException] = []
        for item in reader.sequence("exceptions", in: node, of: "\(owner)'s `hours`", required: false) ?? [] {
            guard let item = reader.mapping(item, what: "an exception of \(owner)"),
                  let date = reader.date("date", in: item, of: "an exception of \(owner)")
            else { continue }
            let closed = item["closed"]?.bool ?? false
            let openings = item["hours"].map { ranges($0, of: "\(owner) on \(date)", &reader) } ?? []
            if !closed && item["hours"] == nil {
                reader.report(.unparseableHours, at: item, "the exception of \(owner) on \(date) gives neither `closed: true` nor `hours`",
                              fix: "Write `closed: true`, or the day's `hours`.")
            }
            exceptions.append(HoursException(date: date, ranges: closed ? [] : openings, note: item["note"]?.string))
        }
        return OpeningHours(weekly: weekly, exceptions: exceptions)
    }

    private func ranges(_ node: Node, of owner: String, _ reader: inout YAMLFieldReader) -> [TimeRange] {
        guard let items = node.sequence else {
            reader.report(.unparseableHours, at: node, "the opening hours of \(owner) should be a list of ranges",
                          fix: "Write e.g. [\"09:00-17:00\"], or [] when closed.")
            return []
        }
        return items.compactMap { item in
            guard let text = item.string, let range = TimeRange(parsing: text) else {
                reader.report(.unparseableHours, at: item, "\(owner): '\(item.string ?? "?")' is not an opening range",
                              fix: "Write HH:MM-HH:MM with the end after the start (24:00 ends the day); split ranges past midnight in two.")
                return nil
            }
            return range
        }
    }
}
