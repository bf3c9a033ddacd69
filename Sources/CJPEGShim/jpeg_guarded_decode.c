#include "jpeg_guarded_decode.h"

#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <jpeglib.h>

/// An error manager whose error_exit jumps back to the setjmp in the calling function.
struct guarded_error_manager {
    struct jpeg_error_mgr pub;
    jmp_buf escape;
    char message[JMSG_LENGTH_MAX];
};

/// Counts scans of a progressive file and stops decoding past a limit.
struct scan_limiting_progress {
    struct jpeg_progress_mgr pub;
    int max_scans;
    struct guarded_error_manager *errors;
};

static void leave_on_error(j_common_ptr cinfo) {
    struct guarded_error_manager *errors = (struct guarded_error_manager *)cinfo->err;
    (*cinfo->err->format_message)(cinfo, errors->message);
    longjmp(errors->escape, 1);
}

/// Warnings (e.g. premature end of data) are tolerated silently: a truncated photo may still scan.
static void stay_silent(j_common_ptr cinfo) {
    (void)cinfo;
}

static void stop_after_too_many_scans(j_common_ptr cinfo) {
    struct scan_limiting_progress *progress = (struct scan_limiting_progress *)cinfo->progress;
    j_decompress_ptr dinfo = (j_decompress_ptr)cinfo;
    if (dinfo->progressive_mode && dinfo->input_scan_number > progress->max_scans) {
        snprintf(progress->errors->message, JMSG_LENGTH_MAX,
                 "progressive JPEG has more than %d scans", progress->max_scans);
        longjmp(progress->errors->escape, 1);
    }
}

static void copy_message(const char *source, char *message, size_t message_capacity) {
    if (message == NULL || message_capacity == 0) return;
    snprintf(message, message_capacity, "%s", source);
}

static void install_guarded_errors(struct jpeg_decompress_struct *cinfo,
                                   struct guarded_error_manager *errors) {
    memset(errors, 0, sizeof(*errors));
    cinfo->err = jpeg_std_error(&errors->pub);
    errors->pub.error_exit = leave_on_error;
    errors->pub.output_message = stay_silent;
}

int pm_jpeg_read_dimensions(const unsigned char *data, size_t size,
                            int *width, int *height,
                            char *message, size_t message_capacity) {
    struct jpeg_decompress_struct cinfo;
    struct guarded_error_manager errors;
    install_guarded_errors(&cinfo, &errors);
    if (setjmp(errors.escape)) {
        copy_message(errors.message, message, message_capacity);
        jpeg_destroy_decompress(&cinfo);
        return -1;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, data, (unsigned long)size);
    if (jpeg_read_header(&cinfo, TRUE) != JPEG_HEADER_OK) {
        copy_message("JPEG holds no image", message, message_capacity);
        jpeg_destroy_decompress(&cinfo);
        return -1;
    }
    *width = (int)cinfo.image_width;
    *height = (int)cinfo.image_height;
    jpeg_destroy_decompress(&cinfo);
    return 0;
}

/// Decodes into `components` bytes a pixel of `space`, rows of exactly expected_width pixels.
static int decode_as(const unsigned char *data, size_t size, J_COLOR_SPACE space, int components,
                     int scale_num, int max_scans,
                     unsigned char *pixels, size_t capacity,
                     int expected_width, int expected_height,
                     char *message, size_t message_capacity) {
    struct jpeg_decompress_struct cinfo;
    struct guarded_error_manager errors;
    struct scan_limiting_progress progress;
    install_guarded_errors(&cinfo, &errors);
    if (setjmp(errors.escape)) {
        copy_message(errors.message, message, message_capacity);
        jpeg_destroy_decompress(&cinfo);
        return -1;
    }
    jpeg_create_decompress(&cinfo);
    memset(&progress, 0, sizeof(progress));
    progress.pub.progress_monitor = stop_after_too_many_scans;
    progress.max_scans = max_scans;
    progress.errors = &errors;
    cinfo.progress = &progress.pub;
    jpeg_mem_src(&cinfo, data, (unsigned long)size);
    if (jpeg_read_header(&cinfo, TRUE) != JPEG_HEADER_OK) {
        copy_message("JPEG holds no image", message, message_capacity);
        jpeg_destroy_decompress(&cinfo);
        return -1;
    }
    if (cinfo.jpeg_color_space == JCS_CMYK || cinfo.jpeg_color_space == JCS_YCCK) {
        copy_message("CMYK JPEG is not supported", message, message_capacity);
        jpeg_destroy_decompress(&cinfo);
        return -1;
    }
    cinfo.out_color_space = space;
    cinfo.scale_num = (unsigned int)scale_num;
    cinfo.scale_denom = 8;
    jpeg_calc_output_dimensions(&cinfo);
    size_t row_bytes = (size_t)expected_width * (size_t)components;
    if ((int)cinfo.output_width != expected_width || (int)cinfo.output_height != expected_height
        || row_bytes * (size_t)expected_height > capacity) {
        copy_message("JPEG output size differs from the size planned", message, message_capacity);
        jpeg_destroy_decompress(&cinfo);
        return -1;
    }
    jpeg_start_decompress(&cinfo);
    if (cinfo.output_components != components) {
        copy_message("JPEG did not decode to the channels asked for", message, message_capacity);
        jpeg_destroy_decompress(&cinfo);
        return -1;
    }
    while (cinfo.output_scanline < cinfo.output_height) {
        JSAMPROW row = pixels + (size_t)cinfo.output_scanline * row_bytes;
        if (jpeg_read_scanlines(&cinfo, &row, 1) != 1) {
            copy_message("JPEG stopped producing rows", message, message_capacity);
            jpeg_destroy_decompress(&cinfo);
            return -1;
        }
    }
    jpeg_finish_decompress(&cinfo);
    jpeg_destroy_decompress(&cinfo);
    return 0;
}

int pm_jpeg_decode_gray(const unsigned char *data, size_t size,
                        int scale_num, int max_scans,
                        unsigned char *pixels, size_t capacity,
                        int expected_width, int expected_height,
                        char *message, size_t message_capacity) {
    return decode_as(data, size, JCS_GRAYSCALE, 1, scale_num, max_scans, pixels, capacity,
                     expected_width, expected_height, message, message_capacity);
}

int pm_jpeg_decode_rgb(const unsigned char *data, size_t size,
                       int scale_num, int max_scans,
                       unsigned char *pixels, size_t capacity,
                       int expected_width, int expected_height,
                       char *message, size_t message_capacity) {
    return decode_as(data, size, JCS_RGB, 3, scale_num, max_scans, pixels, capacity,
                     expected_width, expected_height, message, message_capacity);
}
