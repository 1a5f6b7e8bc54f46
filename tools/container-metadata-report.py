#!/usr/bin/env python3
"""Reads the metadata of PVR v2, PVR v3 and KTX 1.1 files independently of pvrc, straight from the
specifications (docs/container-metadata.md), and optionally checks pvrc's decode of level 0.

For each file it prints one tab-separated line: file, container, the raw fields that carry metadata
(v2 pfFlags; v3 flags, colour space and every metadata block; KTX glInternalFormat and every key/value
pair), and what they mean (orientation, premultiplied, colour space).

With --check-decode, level 0 is decoded with the PyPI package texture2ddecoder (an independent PVRTC
decoder, `pip install texture2ddecoder pillow`), turned upright by the orientation read here, and
compared with the PNG that `pvrc decode FILE PNG` wrote (the argument after the file):
    python3 tools/container-metadata-report.py out.pvr --check-decode out-decoded.png
"""

import argparse
import struct
import sys


def read_v2(data):
    fields = struct.unpack_from("<13I", data, 0)
    height, width, flags = fields[1], fields[2], fields[4]
    return {
        "container": "PVR v2",
        "fields": "pfFlags=0x%X" % flags,
        "width": width,
        "height": height,
        "y_up": bool(flags & 0x10000),
        "x_left": False,
        "premultiplied": "no field",
        "colour_space": "no field",
        "data_offset": 52,
    }


def read_v3(data):
    version, flags, pixel_format, colour_space, channel_type, height, width, depth, surfaces, faces, mips, meta = \
        struct.unpack_from("<IIQIIIIIIIII", data, 0)
    offset, end = 52, 52 + meta
    blocks = []
    x_left = y_up = False
    while offset < end:
        fourcc, key, size = struct.unpack_from("<III", data, offset)
        value = data[offset + 12:offset + 12 + size]
        blocks.append("%s/key%d=%s" % (struct.pack("<I", fourcc), key, value.hex()))
        if fourcc == 0x03525650 and key == 3:
            x_left, y_up = value[0] != 0, value[1] != 0
        offset += 12 + size
    return {
        "container": "PVR v3",
        "fields": "flags=0x%X pixelFormat=%d colourSpace=%d metadata=[%s]" % (
            flags, pixel_format, colour_space, " ".join(blocks)),
        "width": width,
        "height": height,
        "y_up": y_up,
        "x_left": x_left,
        "premultiplied": bool(flags & 0x02),
        "colour_space": {0: "linear", 1: "sRGB"}.get(colour_space, "unknown %d" % colour_space),
        "data_offset": end,
    }


def read_ktx(data):
    (endianness, gl_type, gl_type_size, gl_format, internal, base, width, height, depth, elements, faces, mips,
     kv_bytes) = struct.unpack_from("<13I", data, 12)
    offset, end = 64, 64 + kv_bytes
    pairs = {}
    while offset < end:
        (size,) = struct.unpack_from("<I", data, offset)
        raw = data[offset + 4:offset + 4 + size]
        key, _, value = raw.partition(b"\0")
        pairs[key.decode()] = value.rstrip(b"\0").decode()
        offset += 4 + (size + 3) // 4 * 4
    orientation = dict(item.split("=") for item in pairs.get("KTXorientation", "S=r,T=d").split(","))
    return {
        "container": "KTX 1.1",
        "fields": "glInternalFormat=0x%04X glBaseInternalFormat=0x%04X keys=%s" % (internal, base, pairs),
        "width": width,
        "height": height,
        "y_up": orientation.get("T") == "u",
        "x_left": orientation.get("S") == "l",
        "premultiplied": pairs.get("pvrc.premultipliedAlpha") == "true",
        "colour_space": "sRGB" if internal in (0x8A55, 0x8A57) else "linear",
        "data_offset": end + 4,
    }


def read(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:4] == b"\xabKTX":
        return read_ktx(data), data
    if struct.unpack_from("<I", data, 0)[0] == 0x03525650:
        return read_v3(data), data
    if data[44:48] == b"PVR!":
        return read_v2(data), data
    raise SystemExit("%s: not PVR v2/v3 or KTX" % path)


def check_decode(info, data, png):
    import texture2ddecoder
    from PIL import Image, ImageOps

    w, h = info["width"], info["height"]
    size = max(w, 8) * max(h, 8) // 2
    bgra = texture2ddecoder.decode_pvrtc(data[info["data_offset"]:info["data_offset"] + size], w, h, False)
    image = Image.frombytes("RGBA", (w, h), bgra, "raw", "BGRA")
    if info["y_up"]:
        image = ImageOps.flip(image)
    if info["x_left"]:
        image = ImageOps.mirror(image)
    theirs = image.tobytes()
    ours = Image.open(png).convert("RGBA").tobytes()
    diffs = [abs(a - b) for a, b in zip(theirs, ours)]
    return "texture2ddecoder upright vs pvrc decode: max diff %d, mean %.4f" % (max(diffs), sum(diffs) / len(diffs))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("file")
    parser.add_argument("--check-decode", metavar="PNG")
    args = parser.parse_args()
    info, data = read(args.file)
    meaning = "orientation=%s,%s premultiplied=%s colour_space=%s" % (
        "x left" if info["x_left"] else "x right", "y up" if info["y_up"] else "y down",
        info["premultiplied"], info["colour_space"])
    line = [args.file, info["container"], info["fields"], meaning]
    if args.check_decode:
        line.append(check_decode(info, data, args.check_decode))
    print("\t".join(line))


if __name__ == "__main__":
    sys.exit(main())
