#!/usr/bin/env python3
"""Expected pixels for the real PVRTC1 2bpp files in Tests/TextureFormatsTests/Fixtures2bpp/.

The files were written by other tools (see Fixtures2bpp/README.md for where they come from and their
licence). This script finds every mip level's bytes in each file and decodes them with an independent
decoder, the PyPI package `texture2ddecoder` (`decode_pvrtc(data, w, h, is2bpp=True)`), never with pvrc.
Usage:

    pip install texture2ddecoder==1.0.6
    python3 tools/make-2bpp-file-vectors.py

It writes Fixtures2bpp/expected.tsv: file, level, width, height, FNV-1a 64 of the expected RGBA
(rows top-down), SHA-256 of the same bytes. Rerunning reproduces the file byte for byte.

Levels below 16x8 pixels (still 2x2 blocks of 8x4) are decoded as the max(w,16) x max(h,8) level their
bytes form and cropped to the top-left w x h pixels, which is what Imagination's PVRTDecompress does
(it decodes small 2bpp levels as 16x8); texture2ddecoder has no two-block minimum of its own.
"""

import hashlib
import os
import struct
import sys

import texture2ddecoder

FILES = ["PVRBPP2_RGBA_TM.pvr", "PVRBPP2_UNORM_sRGB_RGBA_TM.pvr", "PVRBPP2_sRGB_RGBA_M.ktx"]


def level_bytes(w, h):
    return max(w // 8, 2) * max(h // 4, 2) * 8


def chain(w, h, count):
    sizes = []
    for _ in range(count):
        sizes.append((w, h))
        w, h = max(w // 2, 1), max(h // 2, 1)
    return sizes


def levels_of(data):
    """[(width, height, bytes)] of every level, read from the container header."""
    if data[:4] == b"PVR\x03":
        (_, _, pixel_format, _, _, height, width, _, _, _, mips, meta) = struct.unpack_from("<IIQIIIIIIIII", data, 0)
        assert pixel_format in (0, 1), pixel_format
        offset = 52 + meta
        sizes = chain(width, height, mips)
    elif data[44:48] == b"PVR!":
        (_, height, width, mips, flags) = struct.unpack_from("<IIIII", data, 0)
        assert flags & 0xFF in (0x18, 0x0C), hex(flags)
        offset = 52
        sizes = chain(width, height, mips + 1)
    elif data[:12] == b"\xabKTX 11\xbb\r\n\x1a\n":
        fields = struct.unpack_from("<13I", data, 12)
        internal, width, height, mips, kvd = fields[4], fields[6], fields[7], fields[11], fields[12]
        assert internal in (0x8C01, 0x8C03, 0x8A54, 0x8A56), hex(internal)
        offset = 64 + kvd
        levels = []
        for w, h in chain(width, height, mips):
            (size,) = struct.unpack_from("<I", data, offset)
            assert size == level_bytes(w, h)
            levels.append((w, h, data[offset + 4:offset + 4 + size]))
            offset += 4 + size
        assert offset == len(data)
        return levels
    else:
        raise ValueError("unknown container")
    levels = []
    for w, h in sizes:
        n = level_bytes(w, h)
        levels.append((w, h, data[offset:offset + n]))
        offset += n
    assert offset == len(data)
    return levels


def fnv1a64(data):
    h = 0xCBF29CE484222325
    for byte in data:
        h ^= byte
        h = (h * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h


def decode(data, width, height):
    pw, ph = max(width, 16), max(height, 8)
    bgra = texture2ddecoder.decode_pvrtc(data, pw, ph, True)
    assert len(bgra) == pw * ph * 4
    rgba = bytearray(bgra)
    rgba[0::4] = bgra[2::4]
    rgba[2::4] = bgra[0::4]
    return b"".join(bytes(rgba[y * pw * 4:(y * pw + width) * 4]) for y in range(height))


def main():
    directory = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "TextureFormatsTests",
                             "Fixtures2bpp")
    rows = ["# file\tlevel\twidth\theight\tfnv1a64(expected RGBA)\tsha256(expected RGBA)"]
    for name in FILES:
        with open(os.path.join(directory, name), "rb") as f:
            data = f.read()
        for index, (w, h, level) in enumerate(levels_of(data)):
            rgba = decode(level, w, h)
            rows.append(f"{name}\t{index}\t{w}\t{h}\t{fnv1a64(rgba):016x}\t{hashlib.sha256(rgba).hexdigest()}")
    with open(os.path.join(directory, "expected.tsv"), "w") as f:
        f.write("\n".join(rows) + "\n")


if __name__ == "__main__":
    sys.exit(main())
