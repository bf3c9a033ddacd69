#include <libheif/heif.h>

// libheif is not linked: PuzzleMapImaging opens it with dlopen when the first HEIF picture
// arrives (LibHeif.swift). These are the types of the functions it looks up there, taken from
// libheif's own declarations so the compiler checks every call.
typedef __typeof__(heif_context_alloc) *puzzlemap_heif_context_alloc;
typedef __typeof__(heif_context_free) *puzzlemap_heif_context_free;
typedef __typeof__(heif_context_read_from_memory_without_copy) *puzzlemap_heif_context_read_from_memory_without_copy;
typedef __typeof__(heif_context_get_primary_image_handle) *puzzlemap_heif_context_get_primary_image_handle;
typedef __typeof__(heif_image_handle_release) *puzzlemap_heif_image_handle_release;
typedef __typeof__(heif_image_handle_get_width) *puzzlemap_heif_image_handle_get_width;
typedef __typeof__(heif_image_handle_get_height) *puzzlemap_heif_image_handle_get_height;
typedef __typeof__(heif_decode_image) *puzzlemap_heif_decode_image;
typedef __typeof__(heif_image_release) *puzzlemap_heif_image_release;
typedef __typeof__(heif_image_get_width) *puzzlemap_heif_image_get_width;
typedef __typeof__(heif_image_get_height) *puzzlemap_heif_image_get_height;
typedef __typeof__(heif_image_get_bits_per_pixel_range) *puzzlemap_heif_image_get_bits_per_pixel_range;
typedef __typeof__(heif_image_get_plane_readonly) *puzzlemap_heif_image_get_plane_readonly;
