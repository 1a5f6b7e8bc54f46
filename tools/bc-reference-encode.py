#!/usr/bin/env python3
"""Encodes RGBA8 pixels to BC1 with quicktex (PyPI; a BC1 encoder derived from Richard Geldreich's rgbcx,
written independently of pvrc) at three of its levels and decodes each result with texture2ddecoder, so
that a test can hold pvrc's GPU transcoder against established CPU encoders on the same pixels.

Usage: bc-reference-encode.py WIDTH HEIGHT < pixels > decoded
Standard input: WIDTH x HEIGHT RGBA8 pixels, row 0 first (WIDTH and HEIGHT multiples of 4). Standard
output: three WIDTH x HEIGHT RGBA8 images, one after the other: quicktex levels 0 (fastest), 5 (its
default) and 18 (slowest), four-colour mode, each decoded by texture2ddecoder.
Exit status 3 when quicktex or texture2ddecoder is not installed (pip install --user quicktex texture2ddecoder).
"""
import sys

try:
    import texture2ddecoder
    from quicktex import RawTexture
    from quicktex.s3tc.bc1 import BC1Encoder
except ImportError as missing:
    sys.stderr.write("%s (pip install --user quicktex texture2ddecoder)\n" % missing)
    sys.exit(3)

LEVELS = (0, 5, 18)


def main():
    width, height = int(sys.argv[1]), int(sys.argv[2])
    pixels = sys.stdin.buffer.read()
    if width % 4 or height % 4 or len(pixels) != width * height * 4:
        sys.stderr.write("need whole 4x4 blocks and %d bytes, got %dx%d and %d\n" % (width * height * 4, width, height, len(pixels)))
        sys.exit(2)
    raw = RawTexture.frombytes(pixels, width, height)
    for level in LEVELS:
        encoder = BC1Encoder(level, BC1Encoder.ColorMode.FourColor)
        blocks = encoder.encode(raw).tobytes()
        bgra = bytearray(texture2ddecoder.decode_bc1(blocks, width, height))
        bgra[0::4], bgra[2::4] = bgra[2::4], bgra[0::4]
        sys.stdout.buffer.write(bytes(bgra))


main()
