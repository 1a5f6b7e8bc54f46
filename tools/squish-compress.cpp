// libsquish's BC1/BC3 compression of a raw RGBA8 image, for tools/measure-transcode-quality.py: the
// CPU baseline the GPU transcoder is compared with.
//
// Usage: squish-compress bc1|bc3 WIDTH HEIGHT IN.rgba OUT.blocks
// Compresses with cluster fit (libsquish's default fit) and a uniform colour metric {1, 1, 1} (PSNR weighs
// the three channels alike), BC3 with the colour weighted by alpha; writes the blocks row by row.
#include <squish.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

int main(int argc, char** argv) {
    if (argc != 6 || (std::strcmp(argv[1], "bc1") != 0 && std::strcmp(argv[1], "bc3") != 0)) {
        std::fprintf(stderr, "usage: squish-compress bc1|bc3 WIDTH HEIGHT IN.rgba OUT.blocks\n");
        return 2;
    }
    const bool bc3 = std::strcmp(argv[1], "bc3") == 0;
    const int width = std::atoi(argv[2]);
    const int height = std::atoi(argv[3]);
    if (width < 1 || height < 1 || width > 16384 || height > 16384) {
        std::fprintf(stderr, "squish-compress: bad size %dx%d\n", width, height);
        return 2;
    }
    std::vector<unsigned char> rgba(static_cast<size_t>(width) * height * 4);
    FILE* in = std::fopen(argv[4], "rb");
    if (!in || std::fread(rgba.data(), 1, rgba.size(), in) != rgba.size()) {
        std::fprintf(stderr, "squish-compress: cannot read %zu bytes from %s\n", rgba.size(), argv[4]);
        return 1;
    }
    std::fclose(in);
    const int flags = (bc3 ? squish::kDxt5 | squish::kWeightColourByAlpha : squish::kDxt1) | squish::kColourClusterFit;
    float uniform[3] = {1.0f, 1.0f, 1.0f};
    std::vector<unsigned char> blocks(squish::GetStorageRequirements(width, height, flags));
    squish::CompressImage(rgba.data(), width, height, width * 4, blocks.data(), flags, uniform);
    FILE* out = std::fopen(argv[5], "wb");
    if (!out || std::fwrite(blocks.data(), 1, blocks.size(), out) != blocks.size() || std::fclose(out) != 0) {
        std::fprintf(stderr, "squish-compress: cannot write %s\n", argv[5]);
        return 1;
    }
    return 0;
}
