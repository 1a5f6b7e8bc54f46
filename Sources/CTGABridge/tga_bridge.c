#include "tga_bridge.h"

#include <limits.h>
#include <stdio.h>
#include <stb/stb_image.h>

pvrc_tga_result pvrc_tga_decode(const uint8_t *data, size_t size) {
    pvrc_tga_result result = {0, 0, NULL, {0}};
    if (size > INT_MAX) {
        snprintf(result.message, sizeof result.message, "file is larger than 2 GiB");
        return result;
    }
    int width = 0, height = 0, channels = 0;
    stbi_uc *pixels = stbi_load_from_memory(data, (int)size, &width, &height, &channels, 4);
    if (pixels == NULL) {
        const char *reason = stbi_failure_reason();
        snprintf(result.message, sizeof result.message, "%s", reason != NULL ? reason : "stb_image failed");
        return result;
    }
    result.width = (uint32_t)width;
    result.height = (uint32_t)height;
    result.pixels = pixels;
    return result;
}

void pvrc_tga_free(uint8_t *pixels) {
    if (pixels != NULL) {
        stbi_image_free(pixels);
    }
}
