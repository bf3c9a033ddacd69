import CCairo
import Foundation
import PuzzleMapImaging

/// Draws code sheets with cairo: the hunt's title, the checkpoint's name, the QR code 13 cm
/// wide inside its four-module quiet zone, the manual code and a caption. The same sheets
/// always give the same bytes (the PDF's dates are pinned), so reprinting is reproducible.
public struct CodeSheetRenderer: Sendable {
    public var paper: Paper
    /// Pixels per inch of PNG output.
    public var pngResolution: Double

    /// The printed width of the QR symbol itself, quiet zone excluded: at least 12 cm so it
    /// scans from two metres.
    public static let qrWidthPoints = 13.0 / 2.54 * 72
    static let quietZoneModules = 4

    public init(paper: Paper = .a4, pngResolution: Double = 150) {
        self.paper = paper
        self.pngResolution = pngResolution
    }

    public enum Failure: Error, CustomStringConvertible {
        case cairo(String, path: String)
        /// libcairo cannot be loaded.
        case unavailable(DynamicLibrary.Unavailable)

        public var description: String {
            switch self {
            case .cairo(let status, let path): "cannot write \(path): \(status)"
            case .unavailable(let reason): "cannot draw code sheets: \(reason)"
            }
        }
    }

    /// Writes every sheet as pages of one PDF file.
    public func writePDF(_ sheets: [CodeSheet], to path: String, progress: (Int) -> Void = { _ in }) throws {
        let cairo = try Self.cairo()
        let (width, height) = paper.size
        guard let surface = cairo.pdfSurfaceCreate(path, width, height) else { throw Failure.cairo("no surface", path: path) }
        defer { cairo.surfaceDestroy(surface) }
        // Pinned dates: the same content and key must give the same file.
        cairo.pdfSurfaceSetMetadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, "2026-01-01T00:00:00Z")
        cairo.pdfSurfaceSetMetadata(surface, CAIRO_PDF_METADATA_MOD_DATE, "2026-01-01T00:00:00Z")
        cairo.pdfSurfaceSetMetadata(surface, CAIRO_PDF_METADATA_CREATOR, "puzzlemap codes")
        try check(cairo.surfaceStatus(surface), path, cairo)
        let context = cairo.create(surface)
        defer { cairo.destroy(context) }
        for (index, sheet) in sheets.enumerated() {
            draw(sheet, on: context, scale: 1, with: cairo)
            cairo.showPage(context)
            progress(index + 1)
        }
        cairo.surfaceFinish(surface)
        try check(cairo.surfaceStatus(surface), path, cairo)
    }

    /// The sheets as the bytes of one PDF, for a download: written through a temporary file,
    /// as cairo writes PDFs, and the file removed.
    public func pdf(_ sheets: [CodeSheet]) throws -> [UInt8] {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("puzzlemap-sheet-\(UUID().uuidString).pdf").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try writePDF(sheets, to: path)
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// Writes one SVG per sheet into `directory`, named `<fileStem>.svg`.
    public func writeSVGs(_ sheets: [CodeSheet], into directory: String, progress: (Int) -> Void = { _ in }) throws {
        let cairo = try Self.cairo()
        let (width, height) = paper.size
        for (index, sheet) in sheets.enumerated() {
            let path = (directory as NSString).appendingPathComponent("\(sheet.fileStem).svg")
            guard let surface = cairo.svgSurfaceCreate(path, width, height) else { throw Failure.cairo("no surface", path: path) }
            defer { cairo.surfaceDestroy(surface) }
            let context = cairo.create(surface)
            draw(sheet, on: context, scale: 1, with: cairo)
            cairo.destroy(context)
            cairo.surfaceFinish(surface)
            try check(cairo.surfaceStatus(surface), path, cairo)
            progress(index + 1)
        }
    }

    /// Writes one PNG per sheet into `directory`, named `<fileStem>.png`, at ``pngResolution``.
    public func writePNGs(_ sheets: [CodeSheet], into directory: String, progress: (Int) -> Void = { _ in }) throws {
        let cairo = try Self.cairo()
        let scale = pngResolution / 72
        let (width, height) = paper.size
        for (index, sheet) in sheets.enumerated() {
            let path = (directory as NSString).appendingPathComponent("\(sheet.fileStem).png")
            guard let surface = cairo.imageSurfaceCreate(CAIRO_FORMAT_RGB24, Int32(width * scale), Int32(height * scale)) else {
                throw Failure.cairo("no surface", path: path)
            }
            defer { cairo.surfaceDestroy(surface) }
            let context = cairo.create(surface)
            draw(sheet, on: context, scale: scale, with: cairo)
            cairo.destroy(context)
            try check(cairo.surfaceWriteToPNG(surface, path), path, cairo)
            progress(index + 1)
        }
    }

    // MARK: Drawing

    private func draw(_ sheet: CodeSheet, on context: OpaquePointer?, scale: Double, with cairo: LibCairo) {
        let (width, height) = paper.size
        cairo.save(context)
        cairo.scale(context, scale, scale)
        cairo.setSourceRGB(context, 1, 1, 1)
        cairo.paint(context)
        cairo.setSourceRGB(context, 0, 0, 0)
        cairo.selectFontFace(context, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD)

        centred(sheet.huntTitle, size: 30, y: 80, width: width, on: context, with: cairo)
        cairo.selectFontFace(context, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        centred(sheet.name, size: 22, y: 122, width: width, on: context, with: cairo)

        // The symbol, module by module, each dark run of a row one rectangle.
        let module = Self.qrWidthPoints / Double(sheet.matrix.size)
        let quiet = module * Double(Self.quietZoneModules)
        let left = (width - Self.qrWidthPoints) / 2
        let top = 150 + quiet
        for y in 0..<sheet.matrix.size {
            var x = 0
            while x < sheet.matrix.size {
                guard sheet.matrix[x: x, y: y] else { x += 1; continue }
                let start = x
                while x < sheet.matrix.size, sheet.matrix[x: x, y: y] { x += 1 }
                cairo.rectangle(context, left + Double(start) * module, top + Double(y) * module, Double(x - start) * module, module)
            }
        }
        cairo.fill(context)

        let below = top + Self.qrWidthPoints + quiet + 40
        cairo.selectFontFace(context, "DejaVu Sans Mono", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD)
        centred(sheet.manualCode, size: 26, y: below, width: width, on: context, with: cairo)
        cairo.selectFontFace(context, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        centred(sheet.codeNote, size: 11, y: below + 22, width: width, on: context, with: cairo)
        centred(sheet.caption, size: 13, y: min(height - 50, below + 70), width: width, on: context, with: cairo)
        cairo.restore(context)
    }

    private func centred(_ text: String, size: Double, y: Double, width: Double, on context: OpaquePointer?, with cairo: LibCairo) {
        cairo.setFontSize(context, size)
        var extents = cairo_text_extents_t()
        cairo.textExtents(context, text, &extents)
        // Shrink a long line to fit the page with a margin.
        if extents.width > width - 80 {
            cairo.setFontSize(context, size * (width - 80) / extents.width)
            cairo.textExtents(context, text, &extents)
        }
        cairo.moveTo(context, (width - extents.width) / 2 - extents.x_bearing, y)
        cairo.showText(context, text)
    }

    /// cairo's functions, loaded by the first sheet drawn.
    private static func cairo() throws(Failure) -> LibCairo {
        do { return try LibCairo.shared.get() } catch { throw .unavailable(error) }
    }

    private func check(_ status: cairo_status_t, _ path: String, _ cairo: LibCairo) throws {
        guard status == CAIRO_STATUS_SUCCESS else {
            throw Failure.cairo(cairo.statusToString(status).map { String(cString: $0) } ?? "cairo status \(status.rawValue)", path: path)
        }
    }
}
