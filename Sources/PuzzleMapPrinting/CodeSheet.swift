import PuzzleMapImaging

/// One printed page: everything a sticker at a checkpoint shows.
public struct CodeSheet: Sendable {
    /// The hunt's title, across the top.
    public var huntTitle: String
    /// The checkpoint's name.
    public var name: String
    /// The QR code to print.
    public var matrix: QRMatrix
    /// The manual code printed under the QR, for a torn sticker or a failed photo.
    public var manualCode: String
    /// The line under the manual code: where to type it.
    public var codeNote: String
    /// One line telling a passer-by what this is.
    public var caption: String
    /// Names the file in per-checkpoint formats (the checkpoint's id).
    public var fileStem: String

    public init(huntTitle: String, name: String, matrix: QRMatrix, manualCode: String, codeNote: String = "Code not scanning? Type it in the app.",
                caption: String, fileStem: String) {
        self.huntTitle = huntTitle
        self.name = name
        self.matrix = matrix
        self.manualCode = manualCode
        self.codeNote = codeNote
        self.caption = caption
        self.fileStem = fileStem
    }

    /// The sheet of a checkpoint's sticker, the same from the command line and the console:
    /// its code at quartile error correction (a scuffed sticker still reads).
    public static func checkpoint(huntTitle: String, university: String, name: String, qrText: String, manualCode: String, fileStem: String) throws -> CodeSheet {
        CodeSheet(huntTitle: huntTitle, name: name, matrix: try QREncoder(errorCorrection: .quartile).encode(qrText), manualCode: manualCode,
                  caption: "A checkpoint of the \(university) riddle hunt. Scan me!", fileStem: fileStem)
    }

    /// An open day's poster: its join link as a QR code (read from across a hall, so medium
    /// error correction keeps the modules large), and the code to type on the join page.
    public static func openDay(huntTitle: String, name: String, link: String, code: String, hours: String, fileStem: String) throws -> CodeSheet {
        // The join page the code is typed at: the link without its last part, or its scheme.
        let withoutCode = link[..<(link.lastIndex(of: "/") ?? link.endIndex)]
        let joinPage = withoutCode.split(separator: "://", maxSplits: 1).last.map(String.init) ?? String(withoutCode)
        return CodeSheet(huntTitle: huntTitle, name: "\(name), \(hours)", matrix: try QREncoder(errorCorrection: .medium).encode(link), manualCode: code,
                         codeNote: "Not scanning? Type the code at \(joinPage)", caption: "Visiting? Scan me, choose a nickname, and play.",
                         fileStem: fileStem)
    }
}

/// Paper sizes, in PostScript points (1/72 inch).
public enum Paper: String, CaseIterable, Sendable {
    case a4
    case letter

    public var size: (width: Double, height: Double) {
        switch self {
        case .a4: (595.2756, 841.8898)
        case .letter: (612, 792)
        }
    }
}

/// What the renderer writes.
public enum SheetFormat: String, CaseIterable, Sendable {
    /// One file, a page per checkpoint.
    case pdf
    /// A file per checkpoint, named after its id.
    case png
    case svg
}
