import Foundation

/// Where a published version of the content came from.
public enum ContentOrigin: Hashable, Sendable {
    /// The organiser's files: at start-up, a reload, `SIGHUP`.
    case files
    /// An earlier version played again (a rollback), by its id.
    case rollback(of: Int64)
    /// An organiser's edit in the console.
    case console
}

extension ContentOrigin {
    /// Its stable name, as stores and the API write it: `files`, `rollback` or `console`.
    public var name: String {
        switch self {
        case .files: "files"
        case .rollback: "rollback"
        case .console: "console"
        }
    }

    /// The version a rollback played again.
    public var rolledBackFrom: Int64? {
        if case .rollback(let of) = self { of } else { nil }
    }

    /// The origin a stored name and rolled-back version stand for (an unknown name: the files).
    public init(name: String, rolledBackFrom: Int64?) {
        switch (name, rolledBackFrom) {
        case ("rollback", let of?): self = .rollback(of: of)
        case ("console", _): self = .console
        default: self = .files
        }
    }
}

/// A published version of the content: an import that changed what the hunt plays, kept
/// whole so that it can be downloaded or played again.
public struct ContentVersion: Hashable, Sendable, Identifiable {
    public var id: Int64
    /// Its fingerprint, when, and what it changed from the version before.
    public var summary: ContentImportSummary
    public var origin: ContentOrigin
    /// False for versions published before versions were kept whole: they can be listed but
    /// not downloaded or played again.
    public var isKept: Bool

    public init(id: Int64, summary: ContentImportSummary, origin: ContentOrigin, isKept: Bool) {
        self.id = id
        self.summary = summary
        self.origin = origin
        self.isKept = isKept
    }
}

extension ContentVersion {
    /// Which content a starting service plays, given the files it was started with and the
    /// versions published (newest first): the files, when they changed since they were last
    /// published (someone edited them, so they are meant); else the newest version, which
    /// a rollback may have made. `nil`: play the files.
    public static func kept(over filesFingerprint: String, in versions: [ContentVersion]) -> ContentVersion? {
        guard let newest = versions.first, newest.isKept, newest.summary.fingerprint != filesFingerprint else { return nil }
        let lastFromFiles = versions.first { $0.origin == .files }
        return lastFromFiles?.summary.fingerprint == filesFingerprint ? newest : nil
    }
}
