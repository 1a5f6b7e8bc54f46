#ifndef PVRC_TGA_BRIDGE_H
#define PVRC_TGA_BRIDGE_H

/*
 * A thin C layer over stb_image (Debian's libstb) for TGA files.
 *
 * The Swift side (ImageFiles' TGACodec) checks the 18-byte TGA header and the size limits first;
 * this function only runs stb_image on bytes already known to be a TGA of acceptable size and
 * returns 8-bit RGBA pixels, or stb_image's one-line failure reason.
 */

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Size of the message buffer in ::pvrc_tga_result. */
#define PVRC_TGA_MESSAGE_SIZE 256

/**
 * Result of ::pvrc_tga_decode. On success `pixels` (`width * height * 4` bytes, rows top first as
 * the file's origin bit says, released with ::pvrc_tga_free) is non-NULL; on failure it is NULL and
 * `message` says why.
 */
typedef struct {
    uint32_t width;
    uint32_t height;
    uint8_t *pixels;
    char message[PVRC_TGA_MESSAGE_SIZE];
} pvrc_tga_result;

/**
 * Decodes a TGA held in memory to 8-bit RGBA with stb_image: true-colour (15/16/24/32-bit), grey
 * (8-bit, 16-bit grey + alpha) and colour-mapped images, raw or RLE, bottom-up or top-down rows.
 * Grey is replicated to RGB, missing alpha becomes 255. `size` must not exceed INT32_MAX.
 */
pvrc_tga_result pvrc_tga_decode(const uint8_t *data, size_t size);

/** Releases the pixels of a successful ::pvrc_tga_decode. Accepts NULL. */
void pvrc_tga_free(uint8_t *pixels);

#ifdef __cplusplus
}
#endif

#endif
