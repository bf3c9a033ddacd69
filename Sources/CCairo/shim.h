#include <cairo/cairo.h>
#include <cairo/cairo-pdf.h>
#include <cairo/cairo-svg.h>

// cairo is not linked: PuzzleMapPrinting opens it with dlopen when the first code sheet is drawn
// (LibCairo.swift), so `puzzlemap decode` and a service that prints nothing do not load it and
// the font and X libraries it brings. These are the types of the functions it looks up there,
// taken from cairo's own declarations so the compiler checks every call.
typedef __typeof__(cairo_create) *puzzlemap_cairo_create;
typedef __typeof__(cairo_destroy) *puzzlemap_cairo_destroy;
typedef __typeof__(cairo_save) *puzzlemap_cairo_save;
typedef __typeof__(cairo_restore) *puzzlemap_cairo_restore;
typedef __typeof__(cairo_scale) *puzzlemap_cairo_scale;
typedef __typeof__(cairo_set_source_rgb) *puzzlemap_cairo_set_source_rgb;
typedef __typeof__(cairo_paint) *puzzlemap_cairo_paint;
typedef __typeof__(cairo_rectangle) *puzzlemap_cairo_rectangle;
typedef __typeof__(cairo_fill) *puzzlemap_cairo_fill;
typedef __typeof__(cairo_move_to) *puzzlemap_cairo_move_to;
typedef __typeof__(cairo_select_font_face) *puzzlemap_cairo_select_font_face;
typedef __typeof__(cairo_set_font_size) *puzzlemap_cairo_set_font_size;
typedef __typeof__(cairo_text_extents) *puzzlemap_cairo_text_extents;
typedef __typeof__(cairo_show_text) *puzzlemap_cairo_show_text;
typedef __typeof__(cairo_show_page) *puzzlemap_cairo_show_page;
typedef __typeof__(cairo_pdf_surface_create) *puzzlemap_cairo_pdf_surface_create;
typedef __typeof__(cairo_pdf_surface_set_metadata) *puzzlemap_cairo_pdf_surface_set_metadata;
typedef __typeof__(cairo_svg_surface_create) *puzzlemap_cairo_svg_surface_create;
typedef __typeof__(cairo_image_surface_create) *puzzlemap_cairo_image_surface_create;
typedef __typeof__(cairo_surface_write_to_png) *puzzlemap_cairo_surface_write_to_png;
typedef __typeof__(cairo_surface_status) *puzzlemap_cairo_surface_status;
typedef __typeof__(cairo_surface_finish) *puzzlemap_cairo_surface_finish;
typedef __typeof__(cairo_surface_destroy) *puzzlemap_cairo_surface_destroy;
typedef __typeof__(cairo_status_to_string) *puzzlemap_cairo_status_to_string;
