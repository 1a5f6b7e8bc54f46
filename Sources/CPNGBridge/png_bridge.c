#include "png_bridge.h"

#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * Each public function keeps its state in a context struct owned by the caller's frame and runs
 * the libpng calls in a helper that holds the setjmp. After a longjmp the helper returns 0 and
 * the public function frees whatever the context records; since the context is reached through a
 * pointer that never changes, its fields keep their values across the longjmp.
 */

static void set_message(pvrc_png_result *result, const char *message) {
    snprintf(result->message, sizeof result->message, "%s", message);
}

static void on_error(png_structp png, png_const_charp message) {
    set_message(png_get_error_ptr(png), message);
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

/* ---- decoding ---- */

typedef struct {
    const uint8_t *data;
    size_t size;
    size_t position;
    uint32_t max_dimension;
    uint64_t max_pixels;
    png_structp png;
    png_infop info;
    uint8_t *pixels;
    png_bytep *rows;
    pvrc_png_result *result;
} decode_context;

static void read_bytes(png_structp png, png_bytep out, size_t count) {
    decode_context *context = png_get_io_ptr(png);
    if (count > context->size - context->position) {
        png_error(png, "file is truncated");
    }
    memcpy(out, context->data + context->position, count);
    context->position += count;
}

/* Runs the libpng read; returns 1 on success, 0 when `result` holds the failure. */
static int decode_into(decode_context *context) {
    pvrc_png_result *result = context->result;
    png_structp png = context->png;
    png_infop info = context->info;
    if (setjmp(png_jmpbuf(png))) {
        return 0;
    }
    png_set_read_fn(png, context, read_bytes);
    /* A CRC error is an error in every chunk: by default libpng only warns about an ancillary
     * chunk (tRNS, gAMA, ...) with a bad CRC and drops it, silently changing the image. */
    png_set_crc_action(png, PNG_CRC_ERROR_QUIT, PNG_CRC_ERROR_QUIT);
    png_set_user_limits(png, context->max_dimension, context->max_dimension);
    png_read_info(png, info);

    png_uint_32 width = 0, height = 0;
    int bit_depth = 0, color_type = 0;
    png_get_IHDR(png, info, &width, &height, &bit_depth, &color_type, NULL, NULL, NULL);
    /* The raw-byte check in pvrc_png_decode already refused these; this guards the allocation below. */
    if (width > context->max_dimension || height > context->max_dimension ||
        (uint64_t)width * height > context->max_pixels) {
        result->status = PVRC_PNG_TOO_LARGE;
        result->width = width;
        result->height = height;
        set_message(result, "image exceeds the size limit");
        return 0;
    }

    int has_trns = png_get_valid(png, info, PNG_INFO_tRNS) != 0;
    if (color_type == PNG_COLOR_TYPE_PALETTE) {
        png_set_palette_to_rgb(png);
    }
    if (color_type == PNG_COLOR_TYPE_GRAY && bit_depth < 8) {
        png_set_expand_gray_1_2_4_to_8(png);
    }
    if (has_trns) {
        png_set_tRNS_to_alpha(png);
    }
    if (bit_depth == 16) {
        png_set_scale_16(png);
    }
    if (color_type == PNG_COLOR_TYPE_GRAY || color_type == PNG_COLOR_TYPE_GRAY_ALPHA) {
        png_set_gray_to_rgb(png);
    }
    if ((color_type & PNG_COLOR_MASK_ALPHA) == 0 && !has_trns) {
        png_set_add_alpha(png, 0xff, PNG_FILLER_AFTER);
    }
    int passes = png_set_interlace_handling(png);
    png_read_update_info(png, info);

    size_t row_bytes = (size_t)width * 4;
    if (png_get_rowbytes(png, info) != row_bytes) {
        png_error(png, "unexpected row layout after expansion to RGBA");
    }
    if (passes > 1) {
        /* Adam7 revisits every row in each pass, so the whole image must be there from the start;
         * its size was checked against the limits above. */
        context->pixels = malloc(row_bytes * height);
        context->rows = malloc(sizeof(png_bytep) * height);
        if (context->pixels == NULL || context->rows == NULL) {
            result->status = PVRC_PNG_NO_MEMORY;
            set_message(result, "out of memory for the pixel buffer");
            return 0;
        }
        for (png_uint_32 y = 0; y < height; y++) {
            context->rows[y] = context->pixels + row_bytes * y;
        }
        png_read_image(png, context->rows);
    } else {
        /* Rows are decoded one at a time into a buffer that grows (doubling) as they arrive, so a
         * stream that declares a large image but holds little data (truncated IDAT) fails after
         * allocating about what it really contains, not what its header claims. */
        size_t capacity_rows = ((size_t)1 << 20) / row_bytes;
        if (capacity_rows < 1) capacity_rows = 1;
        if (capacity_rows > height) capacity_rows = height;
        context->pixels = malloc(row_bytes * capacity_rows);
        if (context->pixels == NULL) {
            result->status = PVRC_PNG_NO_MEMORY;
            set_message(result, "out of memory for the pixel buffer");
            return 0;
        }
        for (png_uint_32 y = 0; y < height; y++) {
            if (y == capacity_rows) {
                capacity_rows = capacity_rows * 2 > height ? height : capacity_rows * 2;
                uint8_t *grown = realloc(context->pixels, row_bytes * capacity_rows);
                if (grown == NULL) {
                    result->status = PVRC_PNG_NO_MEMORY;
                    set_message(result, "out of memory for the pixel buffer");
                    return 0;
                }
                context->pixels = grown;
            }
            png_read_row(png, context->pixels + row_bytes * y, NULL);
        }
    }
    png_read_end(png, NULL);

    result->width = width;
    result->height = height;
    result->byte_count = row_bytes * height;
    return 1;
}

/* CRC-32 as PNG defines it (polynomial 0xEDB88320) over a chunk's type and data. */
static uint32_t chunk_crc(const uint8_t *bytes, size_t count) {
    uint32_t crc = 0xFFFFFFFFu;
    for (size_t i = 0; i < count; i++) {
        crc ^= bytes[i];
        for (int bit = 0; bit < 8; bit++) {
            crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
        }
    }
    return ~crc;
}

pvrc_png_result pvrc_png_decode(const uint8_t *data, size_t size, uint32_t max_dimension, uint64_t max_pixels) {
    pvrc_png_result result;
    memset(&result, 0, sizeof result);
    result.status = PVRC_PNG_INVALID;

    if (size < 8 || png_sig_cmp(data, 0, 8) != 0) {
        set_message(&result, size == 0 ? "file is empty" : "not a PNG file (bad signature)");
        return result;
    }

    /* libpng requires IHDR as the first chunk; read its size from the raw bytes so that an absurd
     * size is refused before libpng allocates anything for it. A chunk whose CRC does not match is
     * left to libpng, which reports the CRC error. */
    if (size >= 33 && memcmp(data + 12, "IHDR", 4) == 0 && png_get_uint_32(data + 8) == 13 &&
        chunk_crc(data + 12, 17) == png_get_uint_32(data + 29)) {
        uint32_t width = png_get_uint_32(data + 16);
        uint32_t height = png_get_uint_32(data + 20);
        if (width > max_dimension || height > max_dimension || (uint64_t)width * height > max_pixels) {
            result.status = PVRC_PNG_TOO_LARGE;
            result.width = width;
            result.height = height;
            snprintf(result.message, sizeof result.message, "image is %ux%u pixels; the limit is %u on each side",
                     (unsigned)width, (unsigned)height, (unsigned)max_dimension);
            return result;
        }
    }

    decode_context context;
    memset(&context, 0, sizeof context);
    context.data = data;
    context.size = size;
    context.max_dimension = max_dimension;
    context.max_pixels = max_pixels;
    context.result = &result;
    context.png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &result, on_error, on_warning);
    if (context.png != NULL) {
        context.info = png_create_info_struct(context.png);
    }
    if (context.png == NULL || context.info == NULL) {
        png_destroy_read_struct(&context.png, NULL, NULL);
        result.status = PVRC_PNG_NO_MEMORY;
        set_message(&result, "out of memory creating the PNG reader");
        return result;
    }

    if (decode_into(&context)) {
        result.status = PVRC_PNG_OK;
        result.bytes = context.pixels;
        context.pixels = NULL;
    }
    free(context.rows);
    free(context.pixels);
    png_destroy_read_struct(&context.png, &context.info, NULL);
    return result;
}

/* ---- encoding ---- */

typedef struct {
    const uint8_t *rgba;
    uint32_t width;
    uint32_t height;
    int include_alpha;
    png_structp png;
    png_infop info;
    uint8_t *output;
    size_t output_size;
    size_t output_capacity;
    png_bytep *rows;
} encode_context;

static void write_bytes(png_structp png, png_bytep bytes, size_t count) {
    encode_context *context = png_get_io_ptr(png);
    if (count > context->output_capacity - context->output_size) {
        size_t capacity = context->output_capacity < 4096 ? 4096 : context->output_capacity;
        while (count > capacity - context->output_size) {
            if (capacity > SIZE_MAX / 2) {
                png_error(png, "PNG output too large");
            }
            capacity *= 2;
        }
        uint8_t *grown = realloc(context->output, capacity);
        if (grown == NULL) {
            png_error(png, "out of memory for the PNG output");
        }
        context->output = grown;
        context->output_capacity = capacity;
    }
    memcpy(context->output + context->output_size, bytes, count);
    context->output_size += count;
}

static void flush_bytes(png_structp png) {
    (void)png;
}

/* Runs the libpng write; returns 1 on success, 0 when `result` holds the failure. */
static int encode_into(encode_context *context, pvrc_png_result *result) {
    png_structp png = context->png;
    png_infop info = context->info;
    if (setjmp(png_jmpbuf(png))) {
        return 0;
    }
    png_set_write_fn(png, context, write_bytes, flush_bytes);
    png_set_IHDR(png, info, context->width, context->height, 8,
                 context->include_alpha ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    if (!context->include_alpha) {
        /* The input rows are RGBA; libpng strips the fourth byte while writing. */
        png_set_filler(png, 0, PNG_FILLER_AFTER);
    }
    size_t row_bytes = (size_t)context->width * 4;
    context->rows = malloc(sizeof(png_bytep) * context->height);
    if (context->rows == NULL) {
        result->status = PVRC_PNG_NO_MEMORY;
        set_message(result, "out of memory for the row table");
        return 0;
    }
    for (uint32_t y = 0; y < context->height; y++) {
        /* libpng copies each row before transforming it, so the input is never written to. */
        context->rows[y] = (png_bytep)(context->rgba + row_bytes * y);
    }
    png_write_image(png, context->rows);
    png_write_end(png, NULL);
    return 1;
}

pvrc_png_result pvrc_png_encode(const uint8_t *rgba, uint32_t width, uint32_t height, int include_alpha) {
    pvrc_png_result result;
    memset(&result, 0, sizeof result);
    result.status = PVRC_PNG_INVALID;

    encode_context context;
    memset(&context, 0, sizeof context);
    context.rgba = rgba;
    context.width = width;
    context.height = height;
    context.include_alpha = include_alpha;
    context.png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &result, on_error, on_warning);
    if (context.png != NULL) {
        context.info = png_create_info_struct(context.png);
    }
    if (context.png == NULL || context.info == NULL) {
        png_destroy_write_struct(&context.png, NULL);
        result.status = PVRC_PNG_NO_MEMORY;
        set_message(&result, "out of memory creating the PNG writer");
        return result;
    }

    if (encode_into(&context, &result)) {
        result.status = PVRC_PNG_OK;
        result.width = width;
        result.height = height;
        result.bytes = context.output;
        result.byte_count = context.output_size;
        context.output = NULL;
    }
    free(context.rows);
    free(context.output);
    png_destroy_write_struct(&context.png, &context.info);
    return result;
}

void pvrc_png_free(uint8_t *bytes) {
    free(bytes);
}
