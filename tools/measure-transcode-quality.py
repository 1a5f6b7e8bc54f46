#!/usr/bin/env python3
"""GPU transcoding quality (PVRTC -> BC1/BC3/ETC2/ASTC), measured with an independent decoder, beside
libsquish and astcenc.

For each PNG given (default: the 24 Kodak crops in ../shared/corpus/kodak), encodes a PVRTC1 file with
`pvrc encode` (4bpp unless --bpp 2, quality `best` unless --quality), decodes it exactly with
`pvrc decode` (the picture every transcoder starts from), and compresses that decoded picture two ways:
  - pvrc:     `pvrc transcode FILE OUT.ktx2 --to TARGET --effort EFFORT` (the GPU transcoder; `--effort`
              thorough by default, `fast` for the encoder of uploads);
  - a reference encoder ("ref" columns) on the same decoded pixels: for BC1/BC3 libsquish's cluster fit
              (Debian `libsquish-dev`, compiled from tools/squish-compress.cpp with the uniform colour
              metric), for astc-4x4/astc-8x8 Arm's astcenc (Debian `astcenc`) at -medium, LDR linear; none
              for ETC2 (`-`).
Both are decoded by PyPI `texture2ddecoder` (neither pvrc's nor the reference encoder's decoder) and
compared with the PVRTC decode (what transcoding can lose) and with the original image (what the viewer
sees), in RGB PSNR. Prints one TSV row per image and target, then the means. Usage:

    pip install texture2ddecoder==1.0.6 pillow numpy; apt-get install libsquish-dev g++ astcenc
    swift build -c release --product pvrc
    python3 tools/measure-transcode-quality.py [--pvrc .build/release/pvrc] [--effort thorough|fast]
        [--targets bc1,bc3,etc2,etc2-rgba,astc-4x4,astc-8x8] [IMAGE.png ...]

A target `pvrc transcode` cannot write (a context without its extension) gets `-` in the pvrc columns.
"""

import argparse
import glob
import os
import struct
import subprocess
import sys
import tempfile

import numpy as np
import texture2ddecoder
from PIL import Image

from pvrtc_measure import metrics

DECODERS = {
    "bc1": texture2ddecoder.decode_bc1,
    "bc3": texture2ddecoder.decode_bc3,
    "etc2": texture2ddecoder.decode_etc2,
    "etc2-rgba": texture2ddecoder.decode_etc2a8,
    "astc-4x4": lambda data, w, h: texture2ddecoder.decode_astc(data, w, h, 4, 4),
    "astc-8x8": lambda data, w, h: texture2ddecoder.decode_astc(data, w, h, 8, 8),
}


def read_rgba(path):
    return np.asarray(Image.open(path).convert("RGBA"), dtype=np.uint8)


def decode_blocks(target, data, width, height):
    """RGBA pixels of `target` blocks `data`, decoded by texture2ddecoder (which returns BGRA)."""
    bgra = np.frombuffer(DECODERS[target](data, width, height), dtype=np.uint8)
    return bgra.reshape(height, width, 4)[..., [2, 1, 0, 3]]


def ktx2_level0(path):
    """Width, height and the bytes of level 0 (face 0) of an uncompressed-supercompression KTX 2 file."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:12] != b"\xabKTX 20\xbb\r\n\x1a\n":
        raise SystemExit(f"{path}: not a KTX 2 file")
    width, height = struct.unpack_from("<II", data, 20)
    scheme = struct.unpack_from("<I", data, 44)[0]
    if scheme != 0:
        raise SystemExit(f"{path}: supercompression scheme {scheme}; expected none")
    offset, length, _ = struct.unpack_from("<QQQ", data, 80)
    return width, height, data[offset:offset + length]


def astcenc(target, picture, scratch):
    """`picture` compressed by astcenc -medium (LDR, linear: the stored values are the data) into `target`,
    decoded by texture2ddecoder. A .astc file is a 16-byte header and the blocks."""
    height, width = picture.shape[:2]
    source, blocks = os.path.join(scratch, "astc-in.png"), os.path.join(scratch, "out.astc")
    Image.fromarray(picture, "RGBA").save(source)
    subprocess.run(["astcenc", "-cl", source, blocks, target.split("-")[1], "-medium", "-silent"], check=True)
    with open(blocks, "rb") as f:
        return decode_blocks(target, f.read()[16:], width, height)


def reference(compressor, target, picture, scratch):
    """`picture` through the reference encoder of `target` (astcenc for ASTC, libsquish for BC), decoded; None
    for ETC2, which has none here."""
    if target.startswith("astc"):
        return astcenc(target, picture, scratch)
    if target.startswith("etc2"):
        return None
    return squish(compressor, target, picture, scratch)


def squish(compressor, target, picture, scratch):
    height, width = picture.shape[:2]
    raw, blocks = os.path.join(scratch, "in.rgba"), os.path.join(scratch, "out.blocks")
    picture.tofile(raw)
    subprocess.run([compressor, target, str(width), str(height), raw, blocks], check=True)
    with open(blocks, "rb") as f:
        return decode_blocks(target, f.read(), width, height)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pvrc", default=".build/release/pvrc")
    parser.add_argument("--targets", default="bc1,bc3")
    parser.add_argument("--bpp", default="4", choices=["4", "2"])
    parser.add_argument("--quality", default="best")
    parser.add_argument("--effort", default="thorough", choices=["thorough", "fast"])
    parser.add_argument("images", nargs="*")
    args = parser.parse_args()
    here = os.path.dirname(os.path.abspath(__file__))
    images = args.images or sorted(glob.glob(os.path.join(here, "..", "..", "shared", "corpus", "kodak", "*.png")))
    if not images:
        raise SystemExit("no images: pass PNGs or provide ../shared/corpus/kodak")
    targets = args.targets.split(",")
    unknown = [t for t in targets if t not in DECODERS]
    if unknown:
        raise SystemExit(f"unknown targets {unknown}; known: {sorted(DECODERS)}")
    help_text = subprocess.run([args.pvrc, "--help"], capture_output=True, text=True).stdout
    has_transcode = "transcode" in help_text
    if not has_transcode:
        print(f"# {args.pvrc} has no transcode command: reference-encoder columns only", file=sys.stderr)

    with tempfile.TemporaryDirectory() as scratch:
        compressor = os.path.join(scratch, "squish-compress")
        subprocess.run(["g++", "-O2", "-o", compressor, os.path.join(here, "squish-compress.cpp"), "-lsquish"],
                       check=True)
        print("image\ttarget\tpvrc vs PVRTC\tref vs PVRTC\tpvrc vs original\tref vs original"
              "\tPVRTC vs original")
        sums = {}
        for path in images:
            name = os.path.splitext(os.path.basename(path))[0]
            pvr, decoded_png = os.path.join(scratch, "t.pvr"), os.path.join(scratch, "d.png")
            subprocess.run([args.pvrc, "encode", path, pvr, "--bpp", args.bpp, "--quality", args.quality,
                            "--quiet"], check=True)
            subprocess.run([args.pvrc, "decode", pvr, decoded_png], check=True, capture_output=True)
            original, decoded = read_rgba(path), read_rgba(decoded_png)
            pvrtc_loss = metrics(original, decoded)["RGB"]
            for target in targets:
                theirs = reference(compressor, target, decoded, scratch)
                row = {"PVRTC vs original": pvrtc_loss}
                if theirs is not None:
                    row["ref vs PVRTC"] = metrics(decoded, theirs)["RGB"]
                    row["ref vs original"] = metrics(original, theirs)["RGB"]
                ktx2 = os.path.join(scratch, "t.ktx2")
                if has_transcode and subprocess.run([args.pvrc, "transcode", pvr, ktx2, "--to", target,
                                                     "--effort", args.effort],
                                                    capture_output=True).returncode == 0:
                    width, height, level = ktx2_level0(ktx2)
                    ours = decode_blocks(target, level, width, height)
                    row["pvrc vs PVRTC"] = metrics(decoded, ours)["RGB"]
                    row["pvrc vs original"] = metrics(original, ours)["RGB"]
                columns = ["pvrc vs PVRTC", "ref vs PVRTC", "pvrc vs original", "ref vs original",
                           "PVRTC vs original"]
                print("\t".join([name, target] + [f"{row[c]:.2f}" if c in row else "-" for c in columns]))
                for c, value in row.items():
                    sums.setdefault((target, c), []).append(value)
        for target in targets:
            means = {c: np.mean(v) for (t, c), v in sums.items() if t == target}
            print("\t".join(["MEAN", target] + [f"{means[c]:.2f}" if c in means else "-" for c in columns]))


if __name__ == "__main__":
    main()
