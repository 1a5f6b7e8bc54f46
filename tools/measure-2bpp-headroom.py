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
import texture2ddecoder
from PIL import Image

LUMA = np.array([0.2126, 0.7152, 0.0722])
SIZE = 64


def decode(path):
    with open(path, "rb") as f:
        data = f.read()
    bgra = np.frombuffer(texture2ddecoder.decode_pvrtc(data, SIZE, SIZE, True), dtype=np.uint8)
    return bgra.reshape(SIZE, SIZE, 4)[..., [2, 1, 0, 3]]


def luma_psnr(reference, decoded):
    error = ((reference.astype(np.float64) - decoded[..., :3].astype(np.float64)) @ LUMA) ** 2
    return 10 * np.log10(255.0 ** 2 / np.mean(error))


def crop_job(args, annealer, scratch, index, name, x, y):
    stem = os.path.join(scratch, f"crop{index}")
    source = Image.open(name).convert("RGB").crop((x, y, x + SIZE, y + SIZE))
    source.save(stem + ".png")
    reference = np.asarray(source)
    with open(stem + ".rgb", "wb") as f:
        f.write(reference.tobytes())
    subprocess.run([args.pvrc, "bench", "encode", stem + ".png", "--bpp", "2", "--quality", "max", "--runs", "1",
                    "--threads", "1", "--save-level", stem + ".max.bin"], check=True, capture_output=True)
    subprocess.run([annealer, stem + ".max.bin", stem + ".rgb", str(SIZE), str(SIZE), str(args.moves),
                    str(args.seed + index), "1e5", "1e3", stem + ".annealed.bin", stem + ".decoded.rgba"],
                   check=True, capture_output=True)
    start = decode(stem + ".max.bin")
    own = np.fromfile(stem + ".decoded.rgba", dtype=np.uint8).reshape(SIZE, SIZE, 4)
    if not np.array_equal(own, start):
        sys.exit(f"{name}: the annealer's decoder differs from texture2ddecoder; its result would mean nothing")
    return luma_psnr(reference, start), luma_psnr(reference, decode(stem + ".annealed.bin"))


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
