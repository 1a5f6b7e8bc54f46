#!/usr/bin/env python3
"""Decodes BC1, BC3, ETC2 RGB8, ETC2 RGBA8 or ASTC (LDR 4x4, 8x8) blocks with texture2ddecoder (PyPI;
Perfare's Texture2DDecoder, written independently of pvrc), for tests that check pvrc's GPU transcoder
against a decoder nobody here wrote.

Usage: bc-decode.py bc1|bc3|etc2|etc2-rgba|astc-4x4|astc-8x8 WIDTH HEIGHT < blocks > pixels
Standard input: the level's blocks, row-major, ceil(WIDTH/N) x ceil(HEIGHT/N) of 8 (BC1, ETC2) or 16
(BC3, ETC2 RGBA8, ASTC) bytes, N the block size (8 for astc-8x8, 4 otherwise). Standard output:
WIDTH x HEIGHT RGBA8 pixels, row 0 first (the first block row's top row).
Exit status 3 when texture2ddecoder is not installed (pip install --user texture2ddecoder).
"""
import sys

try:
    import texture2ddecoder
except ImportError:
    sys.stderr.write("texture2ddecoder is not installed (pip install --user texture2ddecoder)\n")
    sys.exit(3)


def main():
    kind, width, height = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    decode, block_bytes = {
        "bc1": (texture2ddecoder.decode_bc1, 8),
        "bc3": (texture2ddecoder.decode_bc3, 16),
        "etc2": (texture2ddecoder.decode_etc2, 8),
        "etc2-rgba": (texture2ddecoder.decode_etc2a8, 16),
        "astc-4x4": (lambda data, w, h: texture2ddecoder.decode_astc(data, w, h, 4, 4), 16),
        "astc-8x8": (lambda data, w, h: texture2ddecoder.decode_astc(data, w, h, 8, 8), 16),
    }[kind]
    side = 8 if kind == "astc-8x8" else 4
    padded_width, padded_height = (width + side - 1) // side * side, (height + side - 1) // side * side
    blocks = sys.stdin.buffer.read()
    expected = (padded_width // side) * (padded_height // side) * block_bytes
    if len(blocks) != expected:
        sys.stderr.write("got %d bytes of blocks, expected %d\n" % (len(blocks), expected))
        sys.exit(2)
    bgra = decode(blocks, padded_width, padded_height)
    out = bytearray(width * height * 4)
    for y in range(height):
        row = bgra[y * padded_width * 4 : (y * padded_width + width) * 4]
        line = bytearray(row)
        line[0::4], line[2::4] = row[2::4], row[0::4]
        out[y * width * 4 : (y + 1) * width * 4] = line
    sys.stdout.buffer.write(bytes(out))


main()
