#!/usr/bin/env python3
"""Writes the PNG fixtures of Tests/ImageFilesTests/Fixtures.

Every PNG is assembled here chunk by chunk with only zlib and struct (no imaging library), so the
fixtures do not depend on the PNG code under test. Beside each `NAME.png` goes `NAME.json` with the
raw samples that were stored (before any PNG expansion), the palette and the tRNS data; the tests
compute the expected RGBA bytes from those with the PNG specification's rules.

Samples come from a fixed 32-bit LCG, so rerunning the script reproduces the same files:
    python3 tools/make-png-fixtures.py
"""

import json
import os
import struct
import zlib

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "ImageFilesTests", "Fixtures")

GREY, RGB, PALETTE, GREY_ALPHA, RGBA = 0, 2, 3, 4, 6
CHANNELS = {GREY: 1, RGB: 3, PALETTE: 1, GREY_ALPHA: 2, RGBA: 4}

# Adam7 passes: (x0, y0, dx, dy).
ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]

# 16-bit samples around the rounding boundaries of v * 255 / 65535 (v / 257 ends in .5 never;
# 128 -> 0.498, 129 -> 0.502, ...), placed first so every 16-bit fixture holds them.
EDGES16 = [0, 65535, 128, 129, 257, 385, 386, 32767, 32768, 32896, 65406, 65407, 65149, 65150]


class LCG:
    def __init__(self, seed):
        self.state = seed & 0xFFFFFFFF

    def next(self, bits):
        self.state = (self.state * 1103515245 + 12345) & 0xFFFFFFFF
        return (self.state >> 16) & ((1 << bits) - 1)


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def pack_row(values, bit_depth):
    """Packs one row of samples at the given depth, MSB first, padding the last byte."""
    if bit_depth == 16:
        return b"".join(struct.pack(">H", v) for v in values)
    if bit_depth == 8:
        return bytes(values)
    out, acc, used = bytearray(), 0, 0
    for v in values:
        acc = (acc << bit_depth) | v
        used += bit_depth
        if used == 8:
            out.append(acc)
            acc, used = 0, 0
    if used:
        out.append(acc << (8 - used))
    return bytes(out)


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def filter_rows(rows, bpp, only_filter):
    """Filters each row with type (row index mod 5), so every PNG filter is exercised, or with
    `only_filter` for every row when it is given."""
    out, previous = bytearray(), bytes(len(rows[0])) if rows else b""
    for index, row in enumerate(rows):
        kind = index % 5 if only_filter is None else only_filter
        filtered = bytearray()
        for i, x in enumerate(row):
            a = row[i - bpp] if i >= bpp else 0
            b = previous[i]
            c = previous[i - bpp] if i >= bpp else 0
            predictor = [0, a, b, (a + b) // 2, paeth(a, b, c)][kind]
            filtered.append((x - predictor) & 0xFF)
        out.append(kind)
        out += filtered
        previous = row
    return bytes(out)


def image_data(samples, width, height, channels, bit_depth, interlaced, only_filter):
    """Serialises the samples (raster order, channel-interleaved) to the filtered scanline stream."""
    bpp = max(1, channels * bit_depth // 8)

    def row_of(xs, y):
        values = []
        for x in xs:
            base = (y * width + x) * channels
            values += samples[base:base + channels]
        return pack_row(values, bit_depth)

    if not interlaced:
        return filter_rows([row_of(range(width), y) for y in range(height)], bpp, only_filter)
    stream = b""
    for x0, y0, dx, dy in ADAM7:
        xs = list(range(x0, width, dx))
        ys = list(range(y0, height, dy))
        if xs and ys:
            stream += filter_rows([row_of(xs, y) for y in ys], bpp, only_filter)
    return stream


def write_fixture(name, width, height, color_type, bit_depth, seed, palette=None, trns=None,
                  interlaced=False, gamma=None, key_pixels=(), ramp=False):
    """Writes NAME.png and NAME.json. With `ramp` the samples are 0, 1, 2, ... in raster order
    (every row Up-filtered so the file stays small) and no JSON is written: the test knows the rule."""
    channels = CHANNELS[color_type]
    rng = LCG(seed)
    count = width * height * channels
    if ramp:
        samples = list(range(count))
    elif color_type == PALETTE:
        samples = [rng.next(16) % len(palette) for _ in range(count)]
    else:
        samples = [rng.next(bit_depth) for _ in range(count)]
    if bit_depth == 16 and not ramp:
        samples[:len(EDGES16)] = EDGES16[:count]
    if trns is not None and color_type in (GREY, RGB):
        # Make the given pixels carry the transparent key colour.
        for pixel in key_pixels:
            samples[pixel * channels:(pixel + 1) * channels] = trns

    png = b"\x89PNG\r\n\x1a\n"
    png += chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, bit_depth, color_type, 0, 0, 1 if interlaced else 0))
    if gamma is not None:
        png += chunk(b"gAMA", struct.pack(">I", gamma))
    if palette is not None:
        png += chunk(b"PLTE", b"".join(bytes(entry) for entry in palette))
    if trns is not None:
        if color_type == PALETTE:
            png += chunk(b"tRNS", bytes(trns))
        else:
            png += chunk(b"tRNS", b"".join(struct.pack(">H", v) for v in trns))
    data = zlib.compress(image_data(samples, width, height, channels, bit_depth, interlaced, 2 if ramp else None), 9)
    # Two IDAT chunks, to exercise the concatenation of the stream.
    half = len(data) // 2
    png += chunk(b"IDAT", data[:half]) + chunk(b"IDAT", data[half:])
    png += chunk(b"IEND", b"")

    with open(os.path.join(OUT, name + ".png"), "wb") as f:
        f.write(png)
    if ramp:
        return
    description = {
        "width": width, "height": height, "colorType": color_type, "bitDepth": bit_depth,
        "interlaced": interlaced, "samples": samples,
        "palette": palette or [], "trns": trns or [],
    }
    with open(os.path.join(OUT, name + ".json"), "w") as f:
        json.dump(description, f, separators=(",", ":"))
        f.write("\n")


def main():
    os.makedirs(OUT, exist_ok=True)
    palette = [[255, 0, 0], [0, 255, 0], [0, 0, 255], [17, 34, 51], [250, 128, 3], [9, 200, 77]]
    write_fixture("grey1", 13, 3, GREY, 1, seed=1)
    write_fixture("grey2", 7, 3, GREY, 2, seed=2)
    write_fixture("grey4", 5, 3, GREY, 4, seed=3)
    write_fixture("grey8", 6, 4, GREY, 8, seed=4)
    write_fixture("grey8-trns", 6, 4, GREY, 8, seed=5, trns=[77], key_pixels=(0, 9, 23))
    write_fixture("grey16", 5, 4, GREY, 16, seed=6)
    write_fixture("greyalpha8", 5, 4, GREY_ALPHA, 8, seed=7)
    write_fixture("greyalpha16", 4, 4, GREY_ALPHA, 16, seed=8)
    write_fixture("palette8-trns", 6, 4, PALETTE, 8, seed=9, palette=palette, trns=[0, 128, 255, 7])
    write_fixture("palette4", 5, 3, PALETTE, 4, seed=10, palette=palette)
    write_fixture("palette2-trns", 9, 2, PALETTE, 2, seed=11, palette=palette[:4], trns=[40])
    write_fixture("rgb8", 6, 4, RGB, 8, seed=12, gamma=45455)
    write_fixture("rgb8-trns", 6, 4, RGB, 8, seed=13, trns=[10, 20, 30], key_pixels=(1, 5, 22))
    write_fixture("rgba8", 6, 4, RGBA, 8, seed=14)
    write_fixture("rgb16", 8, 8, RGB, 16, seed=15, gamma=100000)
    write_fixture("rgba16", 8, 8, RGBA, 16, seed=16)
    write_fixture("rgba8-interlaced", 11, 9, RGBA, 8, seed=17, interlaced=True)
    # Every 16-bit value once: the 16-to-8-bit scaling is checked exhaustively.
    write_fixture("grey16-ramp", 256, 256, GREY, 16, seed=0, ramp=True)


if __name__ == "__main__":
    main()
