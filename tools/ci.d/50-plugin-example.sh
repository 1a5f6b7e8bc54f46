#!/usr/bin/env bash
# Builds examples/TexturedGame, whose target uses the PVRTCTextures SwiftPM build-tool plugin, then runs
# it: it must find every PNG, JPEG and TGA of its Textures/ folder bundled as a .pvr resource (the six
# faces of the cube map its pvrc.json declares as one, sky.pvr), and each must parse and decode; sky.pvr
# must be the file `pvrc encode --cube` writes for the same faces and options, face by face. Then the build's caching: a build that fails on a compile error in a new file
# of the game's own code, and the build after it, encode nothing again (SwiftPM re-runs the plugin's
# commands after such a change because it relinks the tool; the tool's content-keyed cache answers
# them); touching one image re-runs that one command only, answered from the cache too.
# The nested package gets its own build folder (it resolves and builds the pvrc package again).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
(cd "$root" && swift build --product pvrc)
pvrc="$root/.build/debug/pvrc"
cd "$root/examples/TexturedGame"

swift build --build-path .build
output=$(swift run --skip-build --build-path .build TexturedGame)
echo "$output"

textures=Sources/TexturedGame/Textures
# The cube map's six faces make one texture.
expected=$(($(find -L "$textures" -type f \( -iname '*.png' -o -iname '*.jpg' -o -iname '*.jpeg' -o -iname '*.tga' \) |
    wc -l) - 5))
decoded=$(grep -c '^decoded ' <<<"$output" || true)
if [[ "$decoded" -ne "$expected" ]]; then
    echo "plugin example: $decoded textures decoded, expected $expected" >&2
    exit 1
fi
for line in 'decoded tree-badge.pvr 64x64 RGBA' 'decoded tree-photo.pvr 128x128 RGB,'; do
    if ! grep -qF "$line" <<<"$output"; then
        echo "plugin example: no '$line' (TGA and JPEG sources must become textures)" >&2
        exit 1
    fi
done
echo "plugin example: $decoded bundled .pvr textures decoded (PNG, JPEG and TGA sources)"

# The cube map: what `pvrc encode --cube` writes for its faces with the manifest's options and its own.
if ! grep -q '^decoded sky.pvr 64x64 RGB, 7 levels, 6 faces$' <<<"$output"; then
    echo "plugin example: no 'decoded sky.pvr 64x64 RGB, 7 levels, 6 faces'" >&2
    exit 1
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
bundled=$(find .build -path '*TexturedGame_TexturedGame.resources/sky.pvr' | head -n 1)
"$pvrc" encode --cube "$textures"/sky/{px,nx,py,ny,pz,nz}.png "$work/sky.pvr" --quality fast --mipmaps --quiet
cmp "$bundled" "$work/sky.pvr"
for face in 0 1 2 3 4 5; do
    "$pvrc" decode "$bundled" "$work/bundled-$face.png" --face "$face" --level 1 >/dev/null
    "$pvrc" decode "$work/sky.pvr" "$work/encoded-$face.png" --face "$face" --level 1 >/dev/null
    cmp "$work/bundled-$face.png" "$work/encoded-$face.png"
done
echo "plugin example: the manifest's cube map sky.pvr is what encode --cube writes, face by face"

# SwiftPM prints "Encoding PATH as PVRTC" for each plugin command it runs; the tool prints "taken from
# the cache" when it copies instead of encoding.
runs() { grep -c 'Encoding .* as PVRTC' <<<"$1" || true; }
encoded() { echo $(($(runs "$1") - $(grep -c 'taken from the cache' <<<"$1" || true))); }
broken=Sources/TexturedGame/CIBrokenOnPurpose.swift
trap 'rm -f "$broken"; rm -rf "$work"' EXIT
echo 'let ciBrokenOnPurpose: Int = "not an Int"' >"$broken"
if failed=$(swift build --build-path .build 2>&1); then
    echo "plugin example: the build with a compile error succeeded" >&2
    exit 1
fi
rm -f "$broken"
fixed=$(swift build --build-path .build 2>&1)
if [[ $(encoded "$failed") -ne 0 || $(encoded "$fixed") -ne 0 ]]; then
    echo "plugin example: a compile error in the game's code made the plugin encode again:" >&2
    echo "$failed" "$fixed" >&2
    exit 1
fi
touch "$textures/tree-photo.jpg"
again=$(swift build --build-path .build 2>&1)
if [[ $(runs "$again") -ne 1 || $(encoded "$again") -ne 0 ]] || ! grep -q 'Encoding tree-photo.jpg' <<<"$again"; then
    echo "plugin example: touching one image should re-run its command alone, answered from the cache:" >&2
    echo "$again" >&2
    exit 1
fi
echo "plugin example: a failed compile re-encodes nothing ($(runs "$failed") + $(runs "$fixed") commands re-run, all" \
    "answered from the cache); a touched image re-runs its command alone"
