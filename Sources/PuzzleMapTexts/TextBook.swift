import Foundation
import PuzzleMapCore
import Yams

/// Every word the app says to people, one catalogue per language: `texts.yaml` (English) and
/// each `texts.<tag>.yaml` beside it, so a translation is a file, not a code change. The pages
/// read it through the web app's library; the mails are worded from it too.
public struct TextBook: Sendable {
    /// The English catalogue's tag, and the language a text falls back to.
    public static let english = "en"

    /// Each language's texts by key, by the language's BCP 47 tag (`en`, `zh`).
    public let catalogues: [String: [String: String]]
    /// The languages shipped, English first.
    public let languages: [String]

    /// What can go wrong reading the shipped catalogues: a build mistake, found by the tests.
    public struct BrokenCatalogue: Error, CustomStringConvertible {
        public var description: String
    }

    /// The catalogues as shipped in the target's resources.
    public static let shipped: TextBook = {
        do {
            guard let directory = Bundle.module.url(forResource: "Texts", withExtension: nil) else {
                throw BrokenCatalogue(description: "Texts is missing from the bundle")
            }
            return try TextBook(directory: directory)
        } catch {
            // The catalogues are part of the build: a broken one fails every test that words anything.
            fatalError("The app's texts cannot be read: \(error)")
        }
    }()

    public init(directory: URL) throws {
        var catalogues: [String: [String: String]] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        where name.hasPrefix("texts.") && name.hasSuffix(".yaml") {
            let parts = name.split(separator: ".")
            let yaml = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
            guard let texts = try Yams.load(yaml: yaml) as? [String: String] else {
                throw BrokenCatalogue(description: "\(name) must map keys to strings")
            }
            catalogues[parts.count == 3 ? String(parts[1]) : Self.english] = texts
        }
        guard catalogues[Self.english] != nil else { throw BrokenCatalogue(description: "texts.yaml is missing") }
        self.catalogues = catalogues
        languages = [Self.english] + catalogues.keys.filter { $0 != Self.english }.sorted()
    }

    /// The text under `key` in `language` (English when there is no such catalogue), with
    /// `{name}` placeholders filled in. A missing key is given as itself, and the tests look for that.
    public func text(_ key: String, in language: String, _ values: [String: String] = [:]) -> String {
        var text = (catalogues[language] ?? catalogues[Self.english])?[key] ?? key
        for (name, value) in values {
            text = text.replacingOccurrences(of: "{\(name)}", with: value)
        }
        return text
    }

    /// A whole number of minutes as a reader of `language` says it, in the unit the game
    /// chooses: "15 minutes", "1 hour", "3 days" (`duration.<unit>.one` and `.other`).
    public func duration(minutes: Int, in language: String) -> String {
        let (count, unit) = GameLimits.spokenCount(minutes: minutes)
        return text("duration.\(unit.rawValue).\(count == 1 ? "one" : "other")", in: language, ["count": "\(count)"])
    }
}
