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

        public var description: String {
            switch self {
            case .cairo(let status, let path): "cannot write \(path): \(status)"
            }
        }
    }

    /// Writes every sheet as pages of one PDF file.
    public func writePDF(_ sheets: [CodeSheet], to path: String, progress: (Int) -> Void = { _ in }) throws {
        let (width, height) = paper.size
        guard let surface = cairo_pdf_surface_create(path, width, height) else { throw Failure.cairo("no surface", path: path) }
        defer { cairo_surface_destroy(surface) }
        // Pinned dates: the same content and key must give the same file.
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, "2026-01-01T00:00:00Z")
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_MOD_DATE, "2026-01-01T00:00:00Z")
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "puzzlemap codes")
        try check(cairo_surface_status(surface), path)
        let cairo = cairo_create(surface)
        defer { cairo_destroy(cairo) }
        for (index, sheet) in sheets.enumerated() {
            draw(sheet, on: cairo, scale: 1)
            cairo_show_page(cairo)
            progress(index + 1)
        }
        cairo_surface_finish(surface)
        try check(cairo_surface_status(surface), path)
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
        let (width, height) = paper.size
        for (index, sheet) in sheets.enumerated() {
            let path = (directory as NSString).appendingPathComponent("\(sheet.fileStem).svg")
            guard let surface = cairo_svg_surface_create(path, width, height) else { throw Failure.cairo("no surface", path: path) }
            defer { cairo_surface_destroy(surface) }
            let cairo = cairo_create(surface)
            draw(sheet, on: cairo, scale: 1)
            cairo_destroy(cairo)
            cairo_surface_finish(surface)
            try check(cairo_surface_status(surface), path)
            progress(index + 1)
        }
    }

    /// Writes one PNG per sheet into `directory`, named `<fileStem>.png`, at ``pngResolution``.
    public func writePNGs(_ sheets: [CodeSheet], into directory: String, progress: (Int) -> Void = { _ in }) throws {
        let scale = pngResolution / 72
        let (width, height) = paper.size
        for (index, sheet) in sheets.enumerated() {
            let path = (directory as NSString).appendingPathComponent("\(sheet.fileStem).png")
            guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width * scale), Int32(height * scale)) else {
                throw Failure.cairo("no surface", path: path)
            }
            defer { cairo_surface_destroy(surface) }
            let cairo = cairo_create(surface)
            draw(sheet, on: cairo, scale: scale)
            cairo_destroy(cairo)
            try check(cairo_surface_write_to_png(surface, path), path)
            progress(index + 1)
        }
    }

    // MARK: Drawing

    private func draw(_ sheet: CodeSheet, on cairo: OpaquePointer?, scale: Double) {
        let (width, height) = paper.size
        cairo_save(cairo)
        cairo_scale(cairo, scale, scale)
        cairo_set_source_rgb(cairo, 1, 1, 1)
        cairo_paint(cairo)
        cairo_set_source_rgb(cairo, 0, 0, 0)
        cairo_select_font_face(cairo, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD)

        centred(sheet.huntTitle, size: 30, y: 80, width: width, on: cairo)
        cairo_select_font_face(cairo, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        centred(sheet.name, size: 22, y: 122, width: width, on: cairo)

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
                cairo_rectangle(cairo, left + Double(start) * module, top + Double(y) * module, Double(x - start) * module, module)
            }
        }
        cairo_fill(cairo)

        let below = top + Self.qrWidthPoints + quiet + 40
        cairo_select_font_face(cairo, "DejaVu Sans Mono", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD)
        centred(sheet.manualCode, size: 26, y: below, width: width, on: cairo)
        cairo_select_font_face(cairo, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        centred("Code not scanning? Type it in the app.", size: 11, y: below + 22, width: width, on: cairo)
        centred(sheet.caption, size: 13, y: min(height - 50, below + 70), width: width, on: cairo)
        cairo_restore(cairo)
    }

    private func centred(_ text: String, size: Double, y: Double, width: Double, on cairo: OpaquePointer?) {
        cairo_set_font_size(cairo, size)
        var extents = cairo_text_extents_t()
        cairo_text_extents(cairo, text, &extents)
        // Shrink a long line to fit the page with a margin.
        if extents.width > width - 80 {
            cairo_set_font_size(cairo, size * (width - 80) / extents.width)
            cairo_text_extents(cairo, text, &extents)
        }
        cairo_move_to(cairo, (width - extents.width) / 2 - extents.x_bearing, y)
        cairo_show_text(cairo, text)
    }

    private func check(_ status: cairo_status_t, _ path: String) throws {
        guard status == CAIRO_STATUS_SUCCESS else { throw Failure.cairo(String(cString: cairo_status_to_string(status)), path: path) }
    }
}
