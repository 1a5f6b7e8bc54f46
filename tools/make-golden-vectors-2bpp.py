#!/usr/bin/env python3
"""Generate the PVRTC1 2bpp golden decoder vectors in Tests/PVRTCTests/Golden/2bpp/.

The expected pixels come from an independent decoder, the PyPI package `texture2ddecoder`
(`decode_pvrtc(data, w, h, is2bpp=True)`), never from pvrc itself. Usage:

    pip install texture2ddecoder==1.0.6
    python3 tools/make-golden-vectors-2bpp.py [OUTPUT_DIR]

Block data is seeded random, so rerunning the script reproduces the committed files byte for byte.
The file formats are those of the 4bpp vectors (tools/make-golden-vectors.py, Golden/README.md):
NAME.pvrtc (the level's blocks, Morton order), NAME.rgba (expected RGBA, small levels) or NAME.rowfnv
(FNV-1a 64 per expected row, large levels), and vectors.tsv.
"""

import hashlib
import os
import random
import struct
import sys

import texture2ddecoder

SEED = 20261125
# Levels of at least 16x8 pixels (two blocks each way), square and not.
SIZES = [(16, 8), (16, 16), (32, 8), (16, 32), (64, 32), (32, 64), (128, 16), (256, 256), (512, 128), (64, 512)]
# Levels below 16x8 (still 2x2 blocks at least): decoded padded, then cropped (see padded_decode).
PADDED_SIZES = [(1, 1), (2, 2), (4, 4), (8, 4), (8, 8), (16, 4), (8, 32), (4, 16), (64, 2), (2, 64)]
FULL_PIXELS_LIMIT = 64 * 32
SMALL_VARIANTS = ["random", "direct", "both", "horizontal", "vertical", "opaque", "translucent", "extremes"]
LARGE_VARIANTS = ["random", "interpolated-translucent"]

FLAG_A = 1 << 15  # colour-word bit 15: colour A opaque
FLAG_B = 1 << 31  # colour-word bit 31: colour B opaque
MODE = 1          # colour-word bit 0: interpolated modulation mode
RULE = 1          # modulation bit 0 (interpolated mode): one-direction averaging
VERTICAL = 1 << 20  # modulation bit 20 (with RULE): vertical rather than horizontal averaging


def block_words(rng, variant):
    """One block as (modulation word, colour word) for the given variant."""
    modulation = rng.getrandbits(32)
    color = rng.getrandbits(32)
    if variant == "random":
        pass  # both modes, all three averaging rules, any endpoint flags
    elif variant == "direct":
        color &= ~MODE
    elif variant == "both":
        color |= MODE
        modulation &= ~RULE
    elif variant == "horizontal":
        color |= MODE
        modulation = (modulation | RULE) & ~VERTICAL
    elif variant == "vertical":
        color |= MODE
        modulation |= RULE | VERTICAL
    elif variant == "opaque":
        color |= FLAG_A | FLAG_B
    elif variant == "translucent":
        color &= ~(FLAG_A | FLAG_B)
    elif variant == "interpolated-translucent":
        color = (color & ~(FLAG_A | FLAG_B)) | MODE
    elif variant == "extremes":
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

    Imagination's PVRTDecompress (PVRTDecompressPVRTC in the PowerVR SDK) decodes a 2bpp level smaller than
    16x8 as the max(w,16) x max(h,8) level and copies out its top-left w x h pixels; the level's bytes are
    exactly those of that padded level (2x2 blocks at least). texture2ddecoder instead sizes its grid as
    ceil(w/8) x ceil(h/4) blocks without the two-block minimum (its output differs there), so it is asked for
    the padded level and the result is cropped the same way.
    """
    pw, ph = max(width, 16), max(height, 8)
    bgra = texture2ddecoder.decode_pvrtc(data, pw, ph, True)
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
        os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "PVRTCTests", "Golden", "2bpp")
    os.makedirs(out_dir, exist_ok=True)
    rng = random.Random(SEED)
    manifest = ["# name\twidth\theight\tvariant\texpected\tsha256(expected RGBA)"]
    for width, height in SIZES:
        blocks = (width // 8) * (height // 4)
        small = width * height <= FULL_PIXELS_LIMIT
        for variant in SMALL_VARIANTS if small else LARGE_VARIANTS:
            name = f"{width}x{height}-{variant}"
            data = b"".join(struct.pack("<II", *block_words(rng, variant)) for _ in range(blocks))
            bgra = texture2ddecoder.decode_pvrtc(data, width, height, True)
            assert len(bgra) == width * height * 4
            write_vector(out_dir, manifest, name, width, height, variant, data, bgra_to_rgba(bgra), small)
    for width, height in PADDED_SIZES:
        blocks = max(width // 8, 2) * max(height // 4, 2)
        name = f"{width}x{height}-random"
        data = b"".join(struct.pack("<II", *block_words(rng, "random")) for _ in range(blocks))
        write_vector(out_dir, manifest, name, width, height, "random", data, padded_decode(data, width, height), True)
    with open(os.path.join(out_dir, "vectors.tsv"), "w") as f:
        f.write("\n".join(manifest) + "\n")


if __name__ == "__main__":
    main()
