#!/usr/bin/env python3
"""PVRTC1 2bpp encoder quality, measured with an independent decoder, beside 4bpp and ASTC 8x8.

For each PNG given (default: the Kodak crops in ../shared/corpus/kodak), encodes the top level with
`pvrc bench encode --bpp 2` and `--bpp 4` (one run each, timed by pvrc), decodes the saved block data with
PyPI `texture2ddecoder` (not pvrc's decoder), and reports Rec.709 luma (Y) PSNR; for images with alpha also
alpha-weighted RGB PSNR and alpha PSNR. ASTC 8x8 (the other 2-bit-per-pixel GPU format) comes from Arm's
`astcenc -tl IN OUT 8x8 -thorough` (Debian package `astcenc`), compared the same way. Usage:

    pip install texture2ddecoder==1.0.6 pillow numpy
    swift build -c release --product pvrc
    python3 tools/measure-2bpp-quality.py [--quality best] [--pvrc .build/release/pvrc] [IMAGE.png ...]
"""

import argparse
import glob
import os
import subprocess
import sys
import tempfile

import numpy as np
from PIL import Image

from pvrtc_measure import decode_level, encode_level, metrics


def pvrtc(pvrc, path, bpp, quality, width, height, scratch):
    level = os.path.join(scratch, f"level{bpp}.bin")
    seconds = encode_level(pvrc, path, bpp, quality, level)
    return decode_level(level, width, height, bpp), seconds


def astc(path, scratch):
    out = os.path.join(scratch, "astc.png")
    subprocess.run(["astcenc", "-tl", path, out, "8x8", "-thorough", "-silent"], check=True, capture_output=True)
    return np.asarray(Image.open(out).convert("RGBA"))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("images", nargs="*")
    parser.add_argument("--quality", default="best")
    parser.add_argument("--pvrc", default=os.path.join(os.path.dirname(__file__), "..", ".build", "release", "pvrc"))
    parser.add_argument("--no-astc", action="store_true")
    args = parser.parse_args()
    images = args.images or sorted(glob.glob(os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "..", "shared", "corpus", "kodak", "*.png")))
    if not images:
        sys.exit("no images (../shared/corpus/kodak is absent)")
    rows = []
    with tempfile.TemporaryDirectory() as scratch:
        for path in images:
            source = np.asarray(Image.open(path).convert("RGBA"))
            height, width = source.shape[:2]
            two, t2 = pvrtc(args.pvrc, path, 2, args.quality, width, height, scratch)
            four, t4 = pvrtc(args.pvrc, path, 4, args.quality, width, height, scratch)
            row = {"image": os.path.basename(path), "2bpp": metrics(source, two), "4bpp": metrics(source, four),
                   "t2": t2, "t4": t4}
            if not args.no_astc:
                row["astc"] = metrics(source, astc(path, scratch))
            rows.append(row)
            cells = [f"{row['image']:<22}", f"2bpp Y {row['2bpp']['Y']:6.2f}", f"4bpp Y {row['4bpp']['Y']:6.2f}"]
            if "astc" in row:
                cells.append(f"ASTC8x8 Y {row['astc']['Y']:6.2f}")
            for key in ("awRGB", "alpha"):
                if key in row["2bpp"]:
                    cells.append(f"2bpp {key} {row['2bpp'][key]:6.2f} / 4bpp {row['4bpp'][key]:6.2f}")
            cells.append(f"time 2bpp {t2:.2f} s / 4bpp {t4:.2f} s")
            print("  ".join(cells), flush=True)
    mean = lambda key: np.mean([r[key]["Y"] for r in rows])
    line = f"mean of {len(rows)}: 2bpp Y {mean('2bpp'):.2f} dB, 4bpp Y {mean('4bpp'):.2f} dB"
    if not args.no_astc:
        line += f", ASTC 8x8 -thorough Y {mean('astc'):.2f} dB"
    line += f"; encode time 2bpp {sum(r['t2'] for r in rows):.1f} s, 4bpp {sum(r['t4'] for r in rows):.1f} s"
    print(line)


if __name__ == "__main__":
    main()
