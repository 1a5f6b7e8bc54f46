#!/usr/bin/env python3
"""How far pvrc's 2bpp encoder is from what PVRTC1 2bpp allows: simulated annealing on random Kodak crops.

Takes random 64x64 crops of the Kodak images (../shared/corpus/kodak), encodes each with
`pvrc bench encode --bpp 2 --quality max`, then runs tools/anneal-2bpp.c (built here with `cc`) on the encoded
blocks: millions of random changes to single blocks (modulation bits, mode flags, averaging rules, endpoint
channels), kept by the Metropolis rule, scored with pvrc's opaque metric. Before annealing, the annealer's own
decode of the start texture is checked equal to PyPI `texture2ddecoder`'s; both textures are measured with
`texture2ddecoder` (Rec.709 luma PSNR). The gain is a lower bound on the encoder's headroom: a better optimiser
could find more. Each crop is its own texture (it wraps at its edges), the same for both encodings. Usage:

    pip install texture2ddecoder==1.0.6 pillow numpy
    swift build -c release --product pvrc
    python3 tools/measure-2bpp-headroom.py [--crops 8] [--moves 30000000] [--seed 26] [--pvrc .build/release/pvrc]
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
    subprocess.run([annealer, stem + ".max.bin", stem + ".rgb", str(SIZE), str(SIZE), str(args.moves),
                    str(args.seed + index), "1e5", "1e3", stem + ".annealed.bin", stem + ".decoded.rgba"],
                   check=True, capture_output=True)
    start = decode_level(stem + ".max.bin", SIZE, SIZE, 2)
    own = np.fromfile(stem + ".decoded.rgba", dtype=np.uint8).reshape(SIZE, SIZE, 4)
    if not np.array_equal(own, start):
        sys.exit(f"{name}: the annealer's decoder differs from texture2ddecoder; its result would mean nothing")
    annealed = decode_level(stem + ".annealed.bin", SIZE, SIZE, 2)
    return metrics(reference, start)["Y"], metrics(reference, annealed)["Y"]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--crops", type=int, default=8)
    parser.add_argument("--moves", type=int, default=30_000_000)
    parser.add_argument("--seed", type=int, default=26)
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
        print(f"{os.path.basename(name):<18} crop ({x:3d},{y:3d})  max Y {before:6.2f}  annealed Y {after:6.2f}"
              f"  gain {after - before:+.2f} dB")
    gains = [after - before for before, after in results]
    print(f"mean of {len(results)}: max Y {np.mean([r[0] for r in results]):.2f} dB, annealed "
          f"{np.mean([r[1] for r in results]):.2f} dB, gain {np.mean(gains):+.2f} dB ({args.moves} moves per crop)")


if __name__ == "__main__":
    main()
