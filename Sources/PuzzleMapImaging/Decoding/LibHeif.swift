import CHeif

/// libheif, opened the first time a HEIF picture arrives rather than linked: linking it loads
/// four video codecs (libde265, libx265, libaom, libdav1d) and runs their initialisers in every
/// process, about 3 ms of each `puzzlemap` start (measured with an empty C program: 1.0 ms
/// alone, 5.0 ms linked with libheif), for a format most photos are not in.
struct LibHeif: @unchecked Sendable {  // immutable C function pointers into a library never closed
    /// The library's name as the dynamic linker finds it (Debian's `libheif1`).
    static let soname = "libheif.so.1"

    let contextAlloc: puzzlemap_heif_context_alloc
    let contextFree: puzzlemap_heif_context_free
    let readFromMemoryWithoutCopy: puzzlemap_heif_context_read_from_memory_without_copy
    let primaryImageHandle: puzzlemap_heif_context_get_primary_image_handle
    let handleRelease: puzzlemap_heif_image_handle_release
    let handleWidth: puzzlemap_heif_image_handle_get_width
    let handleHeight: puzzlemap_heif_image_handle_get_height
    let decodeImage: puzzlemap_heif_decode_image
    let imageRelease: puzzlemap_heif_image_release
    let imageWidth: puzzlemap_heif_image_get_width
    let imageHeight: puzzlemap_heif_image_get_height
    let bitsPerPixelRange: puzzlemap_heif_image_get_bits_per_pixel_range
    let planeReadonly: puzzlemap_heif_image_get_plane_readonly

    /// The library, opened once for the life of the process, or why it cannot be (not
    /// installed, or a version without one of the functions): HEIF pictures are then refused
    /// as an unsupported format.
    static let shared = Result(catching: LibHeif.init)

    private init() throws(DynamicLibrary.Unavailable) {
        let library = try DynamicLibrary(Self.soname)
        contextAlloc = try library.function("heif_context_alloc")
        contextFree = try library.function("heif_context_free")
        readFromMemoryWithoutCopy = try library.function("heif_context_read_from_memory_without_copy")
        primaryImageHandle = try library.function("heif_context_get_primary_image_handle")
        handleRelease = try library.function("heif_image_handle_release")
        handleWidth = try library.function("heif_image_handle_get_width")
        handleHeight = try library.function("heif_image_handle_get_height")
        decodeImage = try library.function("heif_decode_image")
        imageRelease = try library.function("heif_image_release")
        imageWidth = try library.function("heif_image_get_width")
        imageHeight = try library.function("heif_image_get_height")
        bitsPerPixelRange = try library.function("heif_image_get_bits_per_pixel_range")
        planeReadonly = try library.function("heif_image_get_plane_readonly")
    }
}
