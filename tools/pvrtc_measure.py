"""Shared by the measurement scripts in tools/: encoding one level with `pvrc bench encode`, decoding it with PyPI
`texture2ddecoder` (not pvrc's decoder), and PSNR figures (Rec.709 luma and RGB; for images with alpha also
alpha-weighted RGB and alpha)."""

import re
import subprocess

import numpy as np
import texture2ddecoder

LUMA = np.array([0.2126, 0.7152, 0.0722])


def psnr(mse):
    return float("inf") if mse == 0 else 10 * np.log10(255.0 ** 2 / mse)


def metrics(reference, candidate):
    """PSNR of RGBA `candidate` against RGBA `reference`: Y, RGB, and awRGB and alpha where the reference has alpha."""
    ref = reference.astype(np.float64)
    out = candidate.astype(np.float64)
    y = psnr(np.mean(((ref[..., :3] - out[..., :3]) @ LUMA) ** 2))
    result = {"Y": y, "RGB": psnr(np.mean((ref[..., :3] - out[..., :3]) ** 2))}
    if (reference[..., 3] < 255).any():
        weight = ref[..., 3:4] / 255.0
        result["awRGB"] = psnr(np.sum(weight * (ref[..., :3] - out[..., :3]) ** 2) / (3 * np.sum(weight)))
        result["alpha"] = psnr(np.mean((ref[..., 3] - out[..., 3]) ** 2))
    return result


def encode_level(pvrc, path, bpp, quality, level):
    """Encodes the top level of PNG `path` into `level` (bare blocks); returns pvrc's encode time in seconds."""
    output = subprocess.run(
        [pvrc, "bench", "encode", path, "--bpp", str(bpp), "--quality", quality, "--runs", "1",
         "--save-level", level], check=True, capture_output=True, text=True).stdout
    return float(re.search(r"median ([0-9.]+) s", output).group(1))


def decode_level(level, width, height, bpp):
    """The RGBA pixels of the bare PVRTC1 level in file `level`, decoded by texture2ddecoder."""
    with open(level, "rb") as f:
        data = f.read()
    bgra = np.frombuffer(texture2ddecoder.decode_pvrtc(data, width, height, bpp == 2), dtype=np.uint8)
    return bgra.reshape(height, width, 4)[..., [2, 1, 0, 3]]
