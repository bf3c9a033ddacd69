import Foundation

/// A sticker printed from the console: what it shows that can go out of date (the place's
/// name and its code's version), and when.
public struct StickerPrint: Hashable, Sendable {
    public var checkpointID: String
    public var name: String
    public var codeVersion: Int
    public var printedAt: Date

    public init(checkpointID: String, name: String, codeVersion: Int, printedAt: Date) {
        self.checkpointID = checkpointID
        self.name = name
        self.codeVersion = codeVersion
        self.printedAt = printedAt
    }

    /// The sticker of the place as it is now.
    public init(of stored: StoredCheckpoint, at date: Date) {
        self.init(checkpointID: stored.id, name: stored.checkpoint.name, codeVersion: stored.tagVersion, printedAt: date)
    }
}

extension StoredCheckpoint {
    /// Whether the place's sticker should be printed (again): never printed from the console,
    /// or printed before its name or its code changed.
    public func needsPrinting(lastPrinted print: StickerPrint?) -> Bool {
        guard let print else { return true }
        return print.name != checkpoint.name || print.codeVersion != tagVersion
    }
}
