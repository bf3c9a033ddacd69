// Guarded libjpeg calls for Swift.
//
// libjpeg reports a fatal error by calling error_exit, which by default calls exit(). The only
// safe way to recover is to longjmp back to a setjmp in a C frame, and Swift cannot host that
// frame. These two functions keep setjmp and longjmp inside C and turn every libjpeg failure
// into a return code and a message.
#ifndef PUZZLEMAP_JPEG_GUARDED_DECODE_H
#define PUZZLEMAP_JPEG_GUARDED_DECODE_H

#include <stddef.h>

/// Size of the message buffers the functions below fill on failure (libjpeg's JMSG_LENGTH_MAX).
#define PM_JPEG_MESSAGE_CAPACITY 200

/// Reads the JPEG header only. Returns 0 and sets width and height, or -1 and fills message.
int pm_jpeg_read_dimensions(const unsigned char *data, size_t size,
                            int *width, int *height,
                            char *message, size_t message_capacity);

/// Decodes straight to 8-bit grayscale (JCS_GRAYSCALE) at scale scale_num/8 (1...8), writing
/// rows of exactly `expected_width` bytes into pixels. Fails unless the decoded size is exactly
/// expected_width x expected_height and fits `capacity`. Progressive files with more than
/// max_scans scans are refused (a known CPU exhaustion pattern). Returns 0 or -1 with message.
int pm_jpeg_decode_gray(const unsigned char *data, size_t size,
                        int scale_num, int max_scans,
                        unsigned char *pixels, size_t capacity,
                        int expected_width, int expected_height,
                        char *message, size_t message_capacity);

/// The same at three bytes a pixel (JCS_RGB): rows of exactly 3 * expected_width bytes.
int pm_jpeg_decode_rgb(const unsigned char *data, size_t size,
                       int scale_num, int max_scans,
                       unsigned char *pixels, size_t capacity,
                       int expected_width, int expected_height,
                       char *message, size_t message_capacity);

#endif
