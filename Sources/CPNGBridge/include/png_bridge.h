#ifndef PVRC_PNG_BRIDGE_H
#define PVRC_PNG_BRIDGE_H

/*
 * A thin C layer over libpng for PNGIO.
 *
 * libpng reports errors by longjmp-ing out of its own frames. A longjmp must never cross Swift
 * frames, so every libpng call happens inside these two functions, behind their own setjmp.
 * They return a status and a one-line message; PNGIO wraps them in Swift.
 */

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Outcome of a bridge call. */
typedef enum {
    /** Success. */
    PVRC_PNG_OK = 0,
    /** The bytes are not a PNG, or libpng rejected them (bad CRC, truncated, corrupt stream, ...). */
    PVRC_PNG_INVALID = 1,
    /** The image is larger than the caller's limits. */
    PVRC_PNG_TOO_LARGE = 2,
    /** A memory allocation failed. */
    PVRC_PNG_NO_MEMORY = 3
} pvrc_png_status;

/** Size of the message buffer in ::pvrc_png_result. */
#define PVRC_PNG_MESSAGE_SIZE 256

/**
 * Result of a bridge call. On success `bytes` (malloc-ed, `byte_count` long) holds the output and
 * must be released with ::pvrc_png_free; on failure `bytes` is NULL and `message` says why.
 */
typedef struct {
    pvrc_png_status status;
    uint32_t width;
    uint32_t height;
    uint8_t *bytes;
    size_t byte_count;
    char message[PVRC_PNG_MESSAGE_SIZE];
} pvrc_png_result;

/**
 * Decodes a PNG held in memory to 8-bit RGBA, rows top first.
 *
 * Every colour type and bit depth is expanded to RGBA: grey is replicated, palettes are looked up,
 * tRNS becomes alpha, 16-bit samples are scaled with rounding (v * 255 / 65535), sub-byte grey is
 * scaled to 8 bits. No gamma or colour-space conversion is applied: the stored sample values come
 * out as they are. Images wider or taller than `max_dimension`, or with more than `max_pixels`
 * pixels, are rejected (PVRC_PNG_TOO_LARGE, with `width` and `height` set to the declared size)
 * before any pixel buffer is allocated. A CRC error in any chunk, ancillary ones included, is an
 * error. Non-interlaced images are decoded row by row into a buffer that grows as rows arrive, so a
 * truncated stream never costs the memory its header claims.
 */
pvrc_png_result pvrc_png_decode(const uint8_t *data, size_t size, uint32_t max_dimension, uint64_t max_pixels);

/**
 * Encodes 8-bit RGBA pixels (rows top first, `width * 4` bytes per row) as a PNG in memory.
 * With `include_alpha` zero the alpha bytes are dropped and an RGB PNG is written; otherwise RGBA.
 */
pvrc_png_result pvrc_png_encode(const uint8_t *rgba, uint32_t width, uint32_t height, int include_alpha);

/** Releases the output buffer of a successful call. Accepts NULL. */
void pvrc_png_free(uint8_t *bytes);

#ifdef __cplusplus
}
#endif

#endif
