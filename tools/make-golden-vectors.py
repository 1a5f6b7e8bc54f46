#!/usr/bin/env python3
"""Generate the PVRTC1 4bpp golden decoder vectors in Tests/PVRTCTests/Golden/.

The expected pixels come from an independent decoder, the PyPI package `texture2ddecoder`
(K0lb3's Python binding of Perfare's Texture2DDecoder, `decode_pvrtc(data, w, h, is2bpp)`),
never from pvrc itself. Usage:

    pip install texture2ddecoder==1.0.6
    python3 tools/make-golden-vectors.py [OUTPUT_DIR]

Block data is seeded random, so rerunning the script reproduces the committed files byte for byte.
Files written per vector NAME (see Golden/README.md for the formats):
    NAME.pvrtc    the level's blocks, Morton order, exactly the bytes given to texture2ddecoder
    NAME.rgba     the expected RGBA pixels, rows top-down (levels up to 64x32 pixels), or
    NAME.rowfnv   one FNV-1a 64 hash (16 hex digits) of each expected RGBA row (large levels)
    vectors.tsv   name, width, height, variant, expectation file, SHA-256 of the full expected RGBA
"""

import hashlib
import os
import random
import struct
import sys

import texture2ddecoder

SEED = 20261122
SIZES = [(8, 8), (16, 8), (8, 32), (64, 32), (256, 256), (512, 128)]
# Levels below 8 pixels on a side: still 2x2 blocks at least; decoded padded, then cropped (see below).
PADDED_SIZES = [(1, 1), (2, 2), (4, 4), (4, 16), (32, 2)]
# Levels with at most this many pixels get their full expected RGBA committed.
FULL_PIXELS_LIMIT = 64 * 32
SMALL_VARIANTS = ["random", "opaque", "translucent", "punchthrough", "extremes"]
LARGE_VARIANTS = ["random", "translucent-punchthrough"]

FLAG_A = 1 << 15  # colour-word bit 15: colour A opaque
FLAG_B = 1 << 31  # colour-word bit 31: colour B opaque
MODE = 1          # colour-word bit 0: punch-through modulation mode


def block_words(rng, variant):
    """One block as (modulation word, colour word) for the given variant."""
    modulation = rng.getrandbits(32)
    color = rng.getrandbits(32)
    if variant == "random":
        pass  # every flag random: opaque, translucent and mixed endpoints, both modes
    elif variant == "opaque":
        color = (color | FLAG_A | FLAG_B) & ~MODE
    elif variant == "translucent":
        color = color & ~(FLAG_A | FLAG_B | MODE)
    elif variant == "punchthrough":
        color |= MODE  # endpoints keep random flags
    elif variant == "translucent-punchthrough":
        color = (color & ~(FLAG_A | FLAG_B)) | MODE
    elif variant == "extremes":
        # Each endpoint field all zeros or all ones (either flag), to probe the value range limits.
        a = rng.choice([0x0000, 0x3FFF, 0x4000, 0x7FFF])
        b = rng.choice([0x0000, 0x7FFF, 0x8000, 0xFFFF])
        color = (b << 16) | (a << 1) | rng.getrandbits(1)
    else:
        raise ValueError(variant)
    return modulation, color


def fnv1a64(data):
    h = 0xCBF29CE484222325
    for byte in data:
        h ^= byte
        h = (h * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h


def bgra_to_rgba(bgra):
    rgba = bytearray(bgra)
    rgba[0::4] = bgra[2::4]
    rgba[2::4] = bgra[0::4]
    return bytes(rgba)


def padded_decode(data, width, height):
    """RGBA of a level of any size, rows top-down.

    texture2ddecoder sizes its block grid as ceil(w/4) x ceil(h/4) without PVRTC's two-block minimum, so a
    level below 8 pixels on a side is decoded as the max(w,8) x max(h,8) level its bytes form (exactly the
    same bytes) and cropped to its top-left w x h, which is what Imagination's PVRTDecompress does.
    """
    pw, ph = max(width, 8), max(height, 8)
    bgra = texture2ddecoder.decode_pvrtc(data, pw, ph, False)
    assert len(bgra) == pw * ph * 4
    rgba = bgra_to_rgba(bgra)
    return b"".join(rgba[y * pw * 4:(y * pw + width) * 4] for y in range(height))


def write_vector(out_dir, manifest, name, width, height, variant, data, rgba, small):
    with open(os.path.join(out_dir, name + ".pvrtc"), "wb") as f:
        f.write(data)
    if small:
        expected = name + ".rgba"
        with open(os.path.join(out_dir, expected), "wb") as f:
            f.write(rgba)
    else:
        expected = name + ".rowfnv"
        row = width * 4
        with open(os.path.join(out_dir, expected), "w") as f:
            for y in range(height):
                f.write(f"{fnv1a64(rgba[y * row:(y + 1) * row]):016x}\n")
    digest = hashlib.sha256(rgba).hexdigest()
    manifest.append(f"{name}\t{width}\t{height}\t{variant}\t{expected}\t{digest}")


def main():
    out_dir = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "PVRTCTests", "Golden")
    os.makedirs(out_dir, exist_ok=True)
    rng = random.Random(SEED)
    manifest = ["# name\twidth\theight\tvariant\texpected\tsha256(expected RGBA)"]
    for width, height in SIZES:
        # Sizes here are all >= 8, so texture2ddecoder's block grid ((w+3)/4 x (h+3)/4) equals the
        # PVRTC grid (max(w/4,2) x max(h/4,2)) and the data is exactly one level's bytes.
        blocks = (width // 4) * (height // 4)
        small = width * height <= FULL_PIXELS_LIMIT
        for variant in SMALL_VARIANTS if small else LARGE_VARIANTS:
            name = f"{width}x{height}-{variant}"
            # Blocks are generated in storage (Morton) order; the layout does not matter for random data.
            data = b"".join(struct.pack("<II", *block_words(rng, variant)) for _ in range(blocks))
            bgra = texture2ddecoder.decode_pvrtc(data, width, height, False)
            assert len(bgra) == width * height * 4
            write_vector(out_dir, manifest, name, width, height, variant, data, bgra_to_rgba(bgra), small)
    for width, height in PADDED_SIZES:
        blocks = max(width // 4, 2) * max(height // 4, 2)
        name = f"{width}x{height}-random"
        data = b"".join(struct.pack("<II", *block_words(rng, "random")) for _ in range(blocks))
        write_vector(out_dir, manifest, name, width, height, "random", data, padded_decode(data, width, height), True)
    with open(os.path.join(out_dir, "vectors.tsv"), "w") as f:
        f.write("\n".join(manifest) + "\n")


if __name__ == "__main__":
    main()
