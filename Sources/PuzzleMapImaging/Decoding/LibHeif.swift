import CHeif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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

    /// The library, opened once for the life of the process; nil when it cannot be (not
    /// installed, or a version without one of the functions), and HEIF pictures are then
    /// refused as an unsupported format.
    static let shared: LibHeif? = LibHeif()

    private init?() {
        guard let library = dlopen(Self.soname, RTLD_NOW | RTLD_LOCAL) else { return nil }
        func function<Function>(_ name: String, as type: Function.Type) -> Function? {
            dlsym(library, name).map { unsafeBitCast($0, to: type) }
        }
        guard let contextAlloc = function("heif_context_alloc", as: puzzlemap_heif_context_alloc.self),
              let contextFree = function("heif_context_free", as: puzzlemap_heif_context_free.self),
              let readFromMemoryWithoutCopy = function("heif_context_read_from_memory_without_copy",
                                                       as: puzzlemap_heif_context_read_from_memory_without_copy.self),
              let primaryImageHandle = function("heif_context_get_primary_image_handle", as: puzzlemap_heif_context_get_primary_image_handle.self),
              let handleRelease = function("heif_image_handle_release", as: puzzlemap_heif_image_handle_release.self),
              let handleWidth = function("heif_image_handle_get_width", as: puzzlemap_heif_image_handle_get_width.self),
              let handleHeight = function("heif_image_handle_get_height", as: puzzlemap_heif_image_handle_get_height.self),
              let decodeImage = function("heif_decode_image", as: puzzlemap_heif_decode_image.self),
              let imageRelease = function("heif_image_release", as: puzzlemap_heif_image_release.self),
              let imageWidth = function("heif_image_get_width", as: puzzlemap_heif_image_get_width.self),
              let imageHeight = function("heif_image_get_height", as: puzzlemap_heif_image_get_height.self),
              let bitsPerPixelRange = function("heif_image_get_bits_per_pixel_range", as: puzzlemap_heif_image_get_bits_per_pixel_range.self),
              let planeReadonly = function("heif_image_get_plane_readonly", as: puzzlemap_heif_image_get_plane_readonly.self)
        else { return nil }
        (self.contextAlloc, self.contextFree, self.readFromMemoryWithoutCopy, self.primaryImageHandle) =
            (contextAlloc, contextFree, readFromMemoryWithoutCopy, primaryImageHandle)
        (self.handleRelease, self.handleWidth, self.handleHeight, self.decodeImage) = (handleRelease, handleWidth, handleHeight, decodeImage)
        (self.imageRelease, self.imageWidth, self.imageHeight, self.bitsPerPixelRange, self.planeReadonly) =
            (imageRelease, imageWidth, imageHeight, bitsPerPixelRange, planeReadonly)
    }
}
