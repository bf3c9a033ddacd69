import CCairo
import PuzzleMapImaging

/// cairo, opened the first time a code sheet is drawn rather than linked: linking it loaded
/// cairo with fontconfig, FreeType, pixman and the X rendering libraries into every process,
/// 1.3 ms of each `puzzlemap decode` (10.7 -> 9.3 ms, one core), for the few commands and pages
/// that print.
struct LibCairo: @unchecked Sendable {  // immutable C function pointers into a library never closed
    /// The library's name as the dynamic linker finds it (Debian's `libcairo2`).
    static let soname = "libcairo.so.2"

    let create: puzzlemap_cairo_create
    let destroy: puzzlemap_cairo_destroy
    let save: puzzlemap_cairo_save
    let restore: puzzlemap_cairo_restore
    let scale: puzzlemap_cairo_scale
    let setSourceRGB: puzzlemap_cairo_set_source_rgb
    let paint: puzzlemap_cairo_paint
    let rectangle: puzzlemap_cairo_rectangle
    let fill: puzzlemap_cairo_fill
    let moveTo: puzzlemap_cairo_move_to
    let selectFontFace: puzzlemap_cairo_select_font_face
    let setFontSize: puzzlemap_cairo_set_font_size
    let textExtents: puzzlemap_cairo_text_extents
    let showText: puzzlemap_cairo_show_text
    let showPage: puzzlemap_cairo_show_page
    let pdfSurfaceCreate: puzzlemap_cairo_pdf_surface_create
    let pdfSurfaceSetMetadata: puzzlemap_cairo_pdf_surface_set_metadata
    let svgSurfaceCreate: puzzlemap_cairo_svg_surface_create
    let imageSurfaceCreate: puzzlemap_cairo_image_surface_create
    let surfaceWriteToPNG: puzzlemap_cairo_surface_write_to_png
    let surfaceStatus: puzzlemap_cairo_surface_status
    let surfaceFinish: puzzlemap_cairo_surface_finish
    let surfaceDestroy: puzzlemap_cairo_surface_destroy
    let statusToString: puzzlemap_cairo_status_to_string

    /// The library, opened once for the life of the process, or why it cannot be.
    static let shared = Result(catching: LibCairo.init)

    private init() throws(DynamicLibrary.Unavailable) {
        let library = try DynamicLibrary(Self.soname)
        create = try library.function("cairo_create")
        destroy = try library.function("cairo_destroy")
        save = try library.function("cairo_save")
        restore = try library.function("cairo_restore")
        scale = try library.function("cairo_scale")
        setSourceRGB = try library.function("cairo_set_source_rgb")
        paint = try library.function("cairo_paint")
        rectangle = try library.function("cairo_rectangle")
        fill = try library.function("cairo_fill")
        moveTo = try library.function("cairo_move_to")
        selectFontFace = try library.function("cairo_select_font_face")
        setFontSize = try library.function("cairo_set_font_size")
        textExtents = try library.function("cairo_text_extents")
        showText = try library.function("cairo_show_text")
        showPage = try library.function("cairo_show_page")
        pdfSurfaceCreate = try library.function("cairo_pdf_surface_create")
        pdfSurfaceSetMetadata = try library.function("cairo_pdf_surface_set_metadata")
        svgSurfaceCreate = try library.function("cairo_svg_surface_create")
        imageSurfaceCreate = try library.function("cairo_image_surface_create")
        surfaceWriteToPNG = try library.function("cairo_surface_write_to_png")
        surfaceStatus = try library.function("cairo_surface_status")
        surfaceFinish = try library.function("cairo_surface_finish")
        surfaceDestroy = try library.function("cairo_surface_destroy")
        statusToString = try library.function("cairo_status_to_string")
    }
}
