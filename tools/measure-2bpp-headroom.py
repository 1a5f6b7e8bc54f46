#!/usr/bin/env python3
"""How far pvrc's 2bpp encoder is from what PVRTC1 2bpp allows: simulated annealing on random Kodak crops.

Takes random 64x64 crops of the Kodak images (../shared/corpus/kodak), encodes each with
`pvrc bench encode --bpp 2 --quality max`, then runs tools/anneal-2bpp.c (built here with `cc`) on the encoded
blocks: millions of random changes to single blocks (modulation bits, mode flags, averaging rules, endpoint
channels), kept by the Metropolis rule, scored with pvrc's opaque metric. Before annealing, the annealer's own
decode of the start texture is checked equal to PyPI `texture2ddecoder`'s; both textures are measured with
`texture2ddecoder` (Rec.709 luma PSNR, and RGB PSNR). The gain is a lower bound on the encoder's headroom: a better
optimiser could find more. Each crop is its own texture (it wraps at its edges), the same for both encodings.
`--channel-weight 0` scores luma only (what the Y figure measures, colour left free); `--random-start` anneals from
random blocks instead of `max`'s (use a hotter `--t0`, e.g. 1e6), to see whether the start matters. Usage:

    pip install texture2ddecoder==1.0.6 pillow numpy
    swift build -c release --product pvrc
    python3 tools/measure-2bpp-headroom.py [--crops 8] [--moves 30000000] [--seed 26] [--channel-weight 500]
        [--random-start] [--t0 1e5] [--pvrc .build/release/pvrc]
"""

import argparse
import glob
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

import numpy as np
from PIL import Image

from pvrtc_measure import decode_level, encode_level, metrics

SIZE = 64


def crop_job(args, annealer, scratch, index, name, x, y):
    stem = os.path.join(scratch, f"crop{index}")
    source = Image.open(name).convert("RGB").crop((x, y, x + SIZE, y + SIZE))
    source.save(stem + ".png")
    reference = np.asarray(source.convert("RGBA"))
    with open(stem + ".rgb", "wb") as f:
        f.write(reference[..., :3].tobytes())
    encode_level(args.pvrc, stem + ".png", 2, "max", stem + ".max.bin")
    options = ["-w", str(args.channel_weight)] + (["-r"] if args.random_start else [])
    subprocess.run([annealer, *options, stem + ".max.bin", stem + ".rgb", str(SIZE), str(SIZE), str(args.moves),
                    str(args.seed + index), str(args.t0), "1e3", stem + ".annealed.bin", stem + ".decoded.rgba"],
                   check=True, capture_output=True)
    start = decode_level(stem + ".max.bin", SIZE, SIZE, 2)
    own = np.fromfile(stem + ".decoded.rgba", dtype=np.uint8).reshape(SIZE, SIZE, 4)
    if not np.array_equal(own, start):
        sys.exit(f"{name}: the annealer's decoder differs from texture2ddecoder; its result would mean nothing")
    annealed = decode_level(stem + ".annealed.bin", SIZE, SIZE, 2)
    return metrics(reference, start), metrics(reference, annealed)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--crops", type=int, default=8)
    parser.add_argument("--moves", type=int, default=30_000_000)
    parser.add_argument("--seed", type=int, default=26)
    parser.add_argument("--channel-weight", type=int, default=500,
                        help="weight of each squared channel difference beside the luma term (pvrc's 500; 0: luma)")
    parser.add_argument("--random-start", action="store_true", help="anneal from random blocks instead of max's")
    parser.add_argument("--t0", type=float, default=1e5, help="the starting temperature (it falls to 1e3)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--pvrc", default=os.path.join(os.path.dirname(__file__), "..", ".build", "release", "pvrc"))
    args = parser.parse_args()
    here = os.path.dirname(os.path.abspath(__file__))
    images = sorted(glob.glob(os.path.join(here, "..", "..", "shared", "corpus", "kodak", "*.png")))
    if not images:
        sys.exit("no images (../shared/corpus/kodak is absent)")
    rng = np.random.default_rng(args.seed)
    picks = [(images[i], *(int(v) for v in rng.integers(0, 512 - SIZE, 2)))
             for i in rng.choice(len(images), args.crops, replace=False)]
    with tempfile.TemporaryDirectory() as scratch:
        annealer = os.path.join(scratch, "anneal")
        subprocess.run(["cc", "-O2", "-o", annealer, os.path.join(here, "anneal-2bpp.c"), "-lm"], check=True)
        with ThreadPoolExecutor(args.jobs) as pool:
            results = list(pool.map(lambda job: crop_job(args, annealer, scratch, *job),
                                    [(i, *pick) for i, pick in enumerate(picks)]))
    for (name, x, y), (before, after) in zip(picks, results):
        print(f"{os.path.basename(name):<18} crop ({x:3d},{y:3d})  max Y {before['Y']:6.2f} RGB {before['RGB']:6.2f}"
              f"  annealed Y {after['Y']:6.2f} RGB {after['RGB']:6.2f}  gain Y {after['Y'] - before['Y']:+.2f} dB")
    mean = lambda which, key: np.mean([r[which][key] for r in results])
    print(f"mean of {len(results)}: max Y {mean(0, 'Y'):.2f} dB (RGB {mean(0, 'RGB'):.2f}), annealed Y "
          f"{mean(1, 'Y'):.2f} dB (RGB {mean(1, 'RGB'):.2f}), gain Y {mean(1, 'Y') - mean(0, 'Y'):+.2f} dB "
          f"({args.moves} moves per crop, channel weight {args.channel_weight}"
          f"{', random start' if args.random_start else ''})")


if __name__ == "__main__":
    main()
