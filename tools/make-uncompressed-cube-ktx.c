// Writes KTX 1.1 uncompressed cube maps with libktx (KTX-Software), an independent writer, for the
// loader's uncompressed cube-map tests. Face f, level l is the (16 >> l)-pixel square of test_image.png
// at x = 16 f, y = 32 + 16 l, as RGBA8888 (GL_RGBA8) and as RGBA4444 (GL_RGBA4, each 8-bit channel
// rounded to 4 bits: (v * 15 + 127) / 255).
// Usage: make-uncompressed-cube-ktx test_image.png OUTDIR
//
// Made the files in Tests/TextureFormatsTests/Fixtures/libktx-cube (from the cocos2d-objc fixture
// test_image.png). Built against KTX-Software (built outside the repository, e.g. /work/ext) and
// Debian's libstb-dev:
//   cc -o make-uncompressed-cube-ktx tools/make-uncompressed-cube-ktx.c -IKTX/lib/include \
//      -IKTX/external/dfdutils -LKTX/build/Release -lktx -Wl,-rpath,KTX/build/Release -lm
#include <ktx.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#define STB_IMAGE_IMPLEMENTATION
#include <stb/stb_image.h>

static int write_cube(const unsigned char *png, int png_width, unsigned int internal_format, int packed4444,
                      const char *path) {
    ktxTextureCreateInfo info;
    memset(&info, 0, sizeof info);
    info.glInternalformat = internal_format;
    info.baseWidth = 16;
    info.baseHeight = 16;
    info.baseDepth = 1;
    info.numDimensions = 2;
    info.numLevels = 5;
    info.numLayers = 1;
    info.numFaces = 6;
    info.isArray = KTX_FALSE;
    info.generateMipmaps = KTX_FALSE;
    ktxTexture1 *texture;
    if (ktxTexture1_Create(&info, KTX_TEXTURE_CREATE_ALLOC_STORAGE, &texture) != KTX_SUCCESS) return 1;
    for (int level = 0; level < 5; level++) {
        int size = 16 >> level;
        for (int face = 0; face < 6; face++) {
            unsigned char pixels[16 * 16 * 4];
            size_t count = 0;
            for (int y = 0; y < size; y++) {
                for (int x = 0; x < size; x++) {
                    const unsigned char *p = png + ((32 + 16 * level + y) * png_width + 16 * face + x) * 4;
                    if (packed4444) {
                        unsigned v = 0;
                        for (int c = 0; c < 4; c++) v = (v << 4) | ((p[c] * 15u + 127u) / 255u);
                        pixels[count++] = v & 0xff;
                        pixels[count++] = v >> 8;
                    } else {
                        memcpy(pixels + count, p, 4);
                        count += 4;
                    }
                }
            }
            if (ktxTexture_SetImageFromMemory(ktxTexture(texture), level, 0, face, pixels, count) != KTX_SUCCESS)
                return 1;
        }
    }
    KTX_error_code result = ktxTexture_WriteToNamedFile(ktxTexture(texture), path);
    ktxTexture_Destroy(ktxTexture(texture));
    return result != KTX_SUCCESS;
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: %s test_image.png OUTDIR\n", argv[0]);
        return 2;
    }
    int width, height, channels;
    unsigned char *png = stbi_load(argv[1], &width, &height, &channels, 4);
    if (!png || width < 96 || height < 128) {
        fprintf(stderr, "%s: cannot read a 96x128 or larger PNG\n", argv[1]);
        return 1;
    }
    char path[4096];
    snprintf(path, sizeof path, "%s/cube_rgba8888.ktx", argv[2]);
    if (write_cube(png, width, 0x8058 /* GL_RGBA8 */, 0, path)) return 1;
    snprintf(path, sizeof path, "%s/cube_rgba4444.ktx", argv[2]);
    if (write_cube(png, width, 0x8056 /* GL_RGBA4 */, 1, path)) return 1;
    stbi_image_free(png);
    return 0;
}
