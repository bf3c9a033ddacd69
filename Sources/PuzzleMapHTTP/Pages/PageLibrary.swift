import Crypto
import Foundation
import Hummingbird
import Mustache
import PuzzleMapCore
import PuzzleMapTexts

/// The web app's templates and static files, read once from the target's resources
/// (`Resources/Pages`), and its texts from the app's ``TextBook`` (`texts.yaml`, and each
/// `texts.<language>.yaml` beside it: a translation is a file, not a code change).
public struct PageLibrary: Sendable {
    /// A static file with its type and a version that changes with its bytes, so it can be
    /// cached for a year under a versioned name.
    struct Asset: Sendable {
        var bytes: ByteBuffer
        /// The bytes gzipped once, at start-up, for browsers that accept it; nil where that is
        /// not worth it (PNG is compressed already; a tiny file would not shrink).
        var gzipped: ByteBuffer?
        var contentType: String
        var version: String
    }

    /// The reader's language for the request being answered, set by ``PageSession`` from the
    /// setting or the browser's `Accept-Language`: a page, its problems and its texts are read
    /// from that language's catalogue. Elsewhere (the API, mails, logs) it is English.
    @TaskLocal static var language = Language.english

    /// A language the app is written in: its tag and its catalogue.
    struct Language: Sendable, Hashable {
        static let english = Language(tag: "en")
        /// The BCP 47 tag: `lang` of the page, the setting's value, the file's suffix.
        var tag: String
    }

    struct Catalogue: Sendable {
        var texts: [String: String]
        /// The catalogue as templates read it: `{{t.signIn.title}}`.
        var tree: TextCatalogue
    }

    let templates: MustacheLibrary
    let catalogues: [Language: Catalogue]
    /// The languages shipped, English first.
    let languages: [Language]
    /// The texts in the reader's language.
    var texts: [String: String] { (catalogues[Self.language] ?? catalogues[.english]!).texts }
    /// The catalogue as templates read it, in the reader's language.
    var catalogue: TextCatalogue { (catalogues[Self.language] ?? catalogues[.english]!).tree }
    let assets: [String: Asset]
    /// The service worker's script, served at `/sw.js` (its scope is the whole app), told the
    /// shell's versioned addresses: a new stylesheet or script is a new worker, and a new cache.
    let serviceWorker: ByteBuffer

    /// What can go wrong reading the shipped resources: a build mistake, found by the tests.
    struct BrokenResource: Error, CustomStringConvertible {
        var description: String
    }

    /// The library as shipped in the target's resources.
    static let shipped: PageLibrary = {
        do {
            guard let root = Bundle.module.url(forResource: "Pages", withExtension: nil) else {
                throw BrokenResource(description: "Resources/Pages is missing from the bundle")
            }
            return try PageLibrary(directory: root)
        } catch {
            // The resources are part of the build: a broken one fails every page test at once.
            fatalError("The web app's resources cannot be read: \(error)")
        }
    }()

    init(directory: URL, texts book: TextBook = .shipped) throws {
        var templates = MustacheLibrary()
        let templateDirectory = directory.appendingPathComponent("Templates")
        for name in try FileManager.default.contentsOfDirectory(atPath: templateDirectory.path) where name.hasSuffix(".mustache") {
            let text = try String(contentsOf: templateDirectory.appendingPathComponent(name), encoding: .utf8)
            try templates.register(text, named: String(name.dropLast(".mustache".count)))
        }
        self.templates = templates

        catalogues = Dictionary(uniqueKeysWithValues: book.catalogues.map { tag, texts in
            (Language(tag: tag), Catalogue(texts: texts, tree: TextCatalogue(texts: texts)))
        })
        languages = book.languages.map(Language.init(tag:))

        var assets: [String: Asset] = [:]
        let staticDirectory = directory.appendingPathComponent("Static")
        for name in try FileManager.default.contentsOfDirectory(atPath: staticDirectory.path) {
            let data = try Data(contentsOf: staticDirectory.appendingPathComponent(name))
            let version = SHA256.hash(data: data).prefix(6).hexadecimal
            let bytes = ByteBuffer(data: data)
            assets[name] = Asset(bytes: bytes, gzipped: Self.isCompressible(name) ? PageCompression.gzip(bytes) : nil,
                                 contentType: Self.contentType(of: name), version: version)
        }
        self.assets = assets

        let shell = ["app.css", "app.js", "icon.svg", "icon-192.png", "manifest.webmanifest"]
        guard let worker = assets["sw.js"], shell.allSatisfy({ assets[$0] != nil }) else {
            throw BrokenResource(description: "Static/sw.js and the app's shell must be shipped")
        }
        let version = shell.compactMap { assets[$0]?.version }.joined() + worker.version
        let addresses = shell.map { "\"/static/\($0)?v=\(assets[$0]!.version)\"" }.joined(separator: ", ")
        var script = ByteBuffer(string: "var SHELL = [\(addresses)];\nvar VERSION = \"\(version)\";\n")
        script.writeImmutableBuffer(worker.bytes)
        serviceWorker = script
    }

    static func contentType(of name: String) -> String {
        switch name.split(separator: ".").last {
        case "css": "text/css; charset=utf-8"
        case "js": "text/javascript; charset=utf-8"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        case "webmanifest": "application/manifest+json"
        default: "application/octet-stream"
        }
    }

    /// Whether gzip shrinks a file of this kind: text does; PNG is compressed already.
    static func isCompressible(_ name: String) -> Bool {
        name.split(separator: ".").last != "png"
    }

    /// A whole number of minutes as the reader says it, in the unit the game chooses:
    /// "15 minutes", "1 hour", "3 days" (`duration.<unit>.one` and `.other` in the catalogue).
    func duration(minutes: Int) -> String {
        TextBook.shipped.duration(minutes: minutes, in: Self.language.tag)
    }

    /// The catalogue's text under `key`, with `{name}` placeholders filled in. A missing key is
    /// shown as itself, and the page tests look for that.
    func text(_ key: String, _ values: [String: String] = [:]) -> String {
        var text = texts[key] ?? key
        for (name, value) in values {
            text = text.replacingOccurrences(of: "{\(name)}", with: value)
        }
        return text
    }

    /// The language to answer in: the one the reader chose in the settings, else the first of
    /// the browser's `Accept-Language` the app is written in (by its primary tag: `zh-CN` reads
    /// `zh`), else English.
    func language(chosen: String?, accepted: String?) -> Language {
        if let chosen, let language = languages.first(where: { $0.tag == chosen }) { return language }
        let ranked = (accepted ?? "").split(separator: ",").enumerated().compactMap { index, item -> (tag: String, q: Double, index: Int)? in
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = parts.first?.lowercased(), !tag.isEmpty else { return nil }
            let q = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            return q > 0 ? (tag, q, index) : nil
        }.sorted { $0.q != $1.q ? $0.q > $1.q : $0.index < $1.index }
        for item in ranked {
            let primary = String(item.tag.split(separator: "-").first ?? "")
            if let language = languages.first(where: { $0.tag == item.tag || $0.tag == primary }) { return language }
        }
        return .english
    }

    /// A riddle in the reader's language, where the content translates it; else as written.
    func reading(_ riddle: Riddle) -> Riddle { riddle.reading(in: Self.language.tag) }

    /// A place as the reader reads it: its facts in their language where the content has them.
    func reading(_ place: Checkpoint) -> Checkpoint { place.reading(in: Self.language.tag) }

    /// A riddle's text (its insider fact, say) in the reader's language: found among the
    /// content's riddles by the words the game gave, as written.
    func reading(_ text: String, of riddles: [Riddle], _ field: KeyPath<Riddle, String>) -> String {
        guard Self.language != .english, let riddle = riddles.first(where: { $0[keyPath: field] == text }) else { return text }
        return reading(riddle)[keyPath: field]
    }

    /// A static file's address, versioned by its content.
    func assetPath(_ name: String) -> String {
        "/static/\(name)?v=\(assets[name]?.version ?? "0")"
    }

    /// The page's HTML: `template` rendered with `content` inside the common layout.
    func render(_ template: String, _ content: Any) -> String {
        templates.render(content, withTemplate: template) ?? "<!doctype html><title>\(template)</title><p>\(template) is missing."
    }
}

/// The text catalogue seen from a template: `t.signIn.title` walks the dotted key one name at
/// a time. Where a key is also the start of longer keys, the template sees the longer ones
/// (such texts have placeholders, and are filled in by the page's Swift). The tree is built
/// once, when the catalogue is read, so a lookup is one dictionary access per name.
struct TextCatalogue: MustacheParent, Sendable {
    enum Entry: Sendable {
        case text(String)
        case catalogue(TextCatalogue)
    }

    let entries: [String: Entry]

    /// The tree of `texts`' dotted keys.
    init(texts: [String: String]) {
        var entries: [String: Entry] = [:]
        var longer: [String: [String: String]] = [:]
        for (key, text) in texts {
            if let dot = key.firstIndex(of: ".") {
                longer[String(key[..<dot]), default: [:]][String(key[key.index(after: dot)...])] = text
            } else {
                entries[key] = .text(text)
            }
        }
        // Longer keys win over a text of the same name, as the template sees them.
        for (name, rest) in longer { entries[name] = .catalogue(TextCatalogue(texts: rest)) }
        self.entries = entries
    }

    func child(named name: String) -> Any? {
        switch entries[name] {
        case .text(let text): return text
        case .catalogue(let catalogue): return catalogue
        case nil: return nil
        }
    }
}

extension Request {
    /// The language an API caller reads, from its `Accept-Language` (English when the app has
    /// none of those it names): the mails it asks for are worded in it.
    var readerLanguage: String {
        PageLibrary.shipped.language(chosen: nil, accepted: headers[.acceptLanguage]).tag
    }
}
