#!/usr/bin/env python3
"""Writes the JPEG and TGA fixtures of Tests/ImageFilesTests/Fixtures.

TGA files are assembled here byte by byte with struct only (no imaging library): true colour 24/32-bit,
grey 8-bit, raw and run-length encoded, bottom-up, top-down and right-to-left. Beside each `NAME.tga`
goes `NAME.json` with the picture's upright RGBA bytes (top row first, left column first), which the
tests compare with the decoder's output exactly.

JPEG files need an encoder; they are written with Pillow (`pip install pillow`) from a smooth pattern
that is stored in `NAME.json` too. JPEG is lossy, so the tests compare within a tolerance.

Pixels come from a fixed 32-bit LCG, so rerunning the script reproduces the same TGA files:
    python3 tools/make-jpeg-tga-fixtures.py
"""

import json
import os
import struct

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "ImageFilesTests", "Fixtures")
W, H = 8, 6


class LCG:
    def __init__(self, seed):
        self.state = seed

    def next(self):
        self.state = (self.state * 1664525 + 1013904223) & 0xFFFFFFFF
        return self.state >> 24


def picture(seed, alpha, grey):
    """Upright RGBA rows with runs of equal pixels (so RLE has both packet kinds)."""
    rng = LCG(seed)
    rows = []
    for y in range(H):
        row = []
        while len(row) < W:
            g = rng.next()
            px = (g, g, g, 255) if grey else (rng.next(), g, rng.next(), rng.next() if alpha else 255)
            row += [px] * min(1 + rng.next() % 3, W - len(row))
        rows.append(row)
    return rows


def rle(pixels, encode):
    """TGA run-length packets for one row of already-encoded pixels."""
    out = b""
    i = 0
    while i < len(pixels):
        run = 1
        while i + run < len(pixels) and pixels[i + run] == pixels[i] and run < 128:
            run += 1
        if run > 1:
            out += bytes([0x80 | (run - 1)]) + encode(pixels[i])
            i += run
        else:
            j = i + 1
            while j < len(pixels) and j - i < 128 and (j + 1 >= len(pixels) or pixels[j + 1] != pixels[j]):
                j += 1
            out += bytes([j - i - 1]) + b"".join(encode(p) for p in pixels[i:j])
            i = j
    return out


def write_tga(name, rows, image_type, depth, top_down=False, right_to_left=False):
    grey = image_type in (3, 11)
    alpha_bits = 8 if depth == 32 else 0
    descriptor = alpha_bits | (0x20 if top_down else 0) | (0x10 if right_to_left else 0)
    header = struct.pack("<BBBHHBHHHHBB", 0, 0, image_type, 0, 0, 0, 0, 0, W, H, depth, descriptor)

    def encode(p):
        if grey:
            return bytes([p[0]])
        bgr = bytes([p[2], p[1], p[0]])
        return bgr + bytes([p[3]]) if depth == 32 else bgr

    stored = rows if top_down else list(reversed(rows))
    body = b""
    for row in stored:
        row = list(reversed(row)) if right_to_left else row
        body += rle(row, encode) if image_type in (9, 10, 11) else b"".join(encode(p) for p in row)
    with open(os.path.join(OUT, name + ".tga"), "wb") as f:
        f.write(header + body)
    rgba = [c for row in rows for p in row for c in p]
    with open(os.path.join(OUT, name + ".json"), "w") as f:
        json.dump({"width": W, "height": H, "rgba": rgba}, f)


def write_jpeg(name, grey=False, progressive=False):
    from PIL import Image

    rows = []
    for y in range(H * 2):
        for x in range(W * 2):
            r, g, b = 40 + x * 10, 60 + y * 12, 200 - x * 5 - y * 4
            rows += [(g, g, g)] if grey else [(r, g, b)]
    image = Image.new("L" if grey else "RGB", (W * 2, H * 2))
    image.putdata([p[0] for p in rows] if grey else rows)
    image.save(os.path.join(OUT, name + ".jpg"), quality=95, progressive=progressive, subsampling=0)
    rgba = [c for p in rows for c in (p[0], p[1], p[2], 255)]
    with open(os.path.join(OUT, name + ".json"), "w") as f:
        json.dump({"width": W * 2, "height": H * 2, "rgba": rgba}, f)


def main():
    os.makedirs(OUT, exist_ok=True)
    write_tga("tga-rgb24-bottomup", picture(1, False, False), 2, 24)
    write_tga("tga-rgba32-topdown", picture(2, True, False), 2, 32, top_down=True)
    write_tga("tga-rgb24-rle", picture(3, False, False), 10, 24)
    write_tga("tga-rgba32-rle-topdown", picture(4, True, False), 10, 32, top_down=True)
    write_tga("tga-grey8", picture(5, False, True), 3, 8)
    write_tga("tga-grey8-rle", picture(6, False, True), 11, 8, top_down=True)
    write_tga("tga-rgba32-righttoleft", picture(7, True, False), 2, 32, right_to_left=True)
    write_jpeg("jpeg-rgb")
    write_jpeg("jpeg-grey", grey=True)
    write_jpeg("jpeg-progressive", progressive=True)


if __name__ == "__main__":
    main()
