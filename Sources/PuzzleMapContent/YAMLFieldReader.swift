import PuzzleMapCore
import Yams

/// Reads typed fields out of one parsed YAML (or JSON) file, reporting every field that is
/// missing or of the wrong form as a located problem instead of stopping at the first.
struct YAMLFieldReader {
    /// The file as the organiser knows it, e.g. `Riddles/lab.yaml`.
    let file: String
    /// The GeoJSON feature being read, when there is one.
    var featureIndex: Int?
    private(set) var problems: [ContentProblem] = []

    init(file: String) {
        self.file = file
    }

    func location(of node: Node?) -> SourceLocation {
        SourceLocation(file: file, line: node?.mark?.line, featureIndex: featureIndex)
    }

    mutating func report(_ rule: ContentRule, at node: Node?, _ message: String, fix: String) {
        problems.append(ContentProblem(rule, at: location(of: node), message, fix: fix))
    }

    /// The line each key of a mapping stands on, for pointing at a field later.
    func fieldLines(of node: Node) -> [String: Int] {
        guard let mapping = node.mapping else { return [:] }
        var lines: [String: Int] = [:]
        for (key, _) in mapping {
            if let name = key.string, let line = key.mark?.line { lines[name] = line }
        }
        return lines
    }

    // MARK: Structure

    /// The node as a mapping, or a problem saying what was expected.
    mutating func mapping(_ node: Node?, what: String) -> Node? {
        guard let node else { return nil }
        guard node.mapping != nil else {
            report(.invalidValue, at: node, "\(what) should be a mapping of `key: value` lines", fix: "Indent the fields of \(what) under it as `key: value`.")
            return nil
        }
        return node
    }

    /// The items of a sequence field; missing or not a list gives a problem and `nil`.
    mutating func sequence(_ key: String, in node: Node, of owner: String, required: Bool = true) -> [Node]? {
        guard let value = present(key, in: node, of: owner, required: required) else { return nil }
        guard let items = value.sequence else {
            report(.invalidValue, at: value, "\(owner): `\(key)` should be a list", fix: "Write `\(key)` as a list, one `- item` per line or `[a, b]`.")
            return nil
        }
        return Array(items)
    }

    // MARK: Scalars

    mutating func string(_ key: String, in node: Node, of owner: String, required: Bool = true) -> String? {
        guard let value = present(key, in: node, of: owner, required: required) else { return nil }
        guard let scalar = value.scalar else {
            report(.invalidValue, at: value, "\(owner): `\(key)` should be text", fix: "Write `\(key)` as a single line or a folded `>-` block.")
            return nil
        }
        return scalar.string
    }

    mutating func int(_ key: String, in node: Node, of owner: String, required: Bool = true) -> Int? {
        guard let value = present(key, in: node, of: owner, required: required) else { return nil }
        return int(value, what: "\(owner): `\(key)`")
    }

    mutating func int(_ value: Node, what: String) -> Int? {
        guard value.scalar != nil, let number = value.int else {
            report(.invalidValue, at: value, "\(what) should be a whole number, not '\(value.string ?? "a list")'", fix: "Write a whole number such as 3.")
            return nil
        }
        return number
    }

    mutating func double(_ key: String, in node: Node, of owner: String, required: Bool = true) -> Double? {
        guard let value = present(key, in: node, of: owner, required: required) else { return nil }
        return double(value, what: "\(owner): `\(key)`")
    }

    mutating func double(_ value: Node, what: String) -> Double? {
        guard value.scalar != nil, let number = value.float ?? value.int.map(Double.init) else {
            report(.invalidValue, at: value, "\(what) should be a number, not '\(value.string ?? "a list")'", fix: "Write a number such as 0.5.")
            return nil
        }
        return number
    }

    /// A list of text items; a single string is not accepted, to catch a missing `[...]`.
    mutating func strings(_ key: String, in node: Node, of owner: String, required: Bool = true) -> [String]? {
        guard let items = sequence(key, in: node, of: owner, required: required) else { return nil }
        return items.compactMap { item in
            guard let scalar = item.scalar else {
                report(.invalidValue, at: item, "\(owner): every item of `\(key)` should be text", fix: "Write each item of `\(key)` as plain text.")
                return nil
            }
            return scalar.string
        }
    }

    mutating func date(_ key: String, in node: Node, of owner: String) -> LocalDate? {
        guard let text = string(key, in: node, of: owner) else { return nil }
        guard let date = LocalDate(parsing: text) else {
            report(.invalidValue, at: node[key], "\(owner): `\(key)` '\(text)' is not a date", fix: "Write dates as YYYY-MM-DD, e.g. 2026-12-25.")
            return nil
        }
        return date
    }

    mutating func category(_ key: String, in node: Node, of owner: String, required: Bool = true) -> Category? {
        guard let text = string(key, in: node, of: owner, required: required) else { return nil }
        guard let category = Category(rawValue: text) else {
            report(.unknownCategory, at: node[key], "\(owner) has unknown category '\(text)'",
                   fix: "Use one of: \(Category.allCases.map(\.rawValue).joined(separator: ", ")).")
            return nil
        }
        return category
    }

    // MARK: Presence

    private mutating func present(_ key: String, in node: Node, of owner: String, required: Bool) -> Node? {
        if let value = node[key], value.null == nil || value.scalar?.style != .plain { return value }
        if required {
            report(.missingField, at: node, "\(owner) has no `\(key)`", fix: "Add `\(key)` to \(owner).")
        }
        return nil
    }
}
