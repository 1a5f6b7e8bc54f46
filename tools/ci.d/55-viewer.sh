#!/usr/bin/env bash
# Builds examples/Viewer (an SDL2 window whose OpenGL ES 3.0 context SDL makes, 2.0 where there is no ES 3;
# pvrc adopts it, loads the whole file through its loader on a shared context and draws the chosen face and
# level into the window), runs it under Xvfb in screenshot
# mode on test textures, and compares each 1:1 screenshot, read back from the window's framebuffer,
# with the CPU decoder (`pvrc decode`) pixel for pixel (ScreenshotCheck); any difference fails. The
# transcode mode (lossy: BC1/BC3 or ETC2 re-encoded on the GPU) must really transcode (the viewer names
# the target it uploaded to) and stay within a PSNR of the CPU decode.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"

swift build --product pvrc
pvrc="$root/.build/debug/pvrc"

cd examples/Viewer
swift build --build-path .build
viewer=.build/debug/Viewer
check=.build/debug/ScreenshotCheck

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$pvrc" encode ../normal-maps/3td_LoneBrick_01_NRM.png "$work/brick.pvr" --allow-rectangular --mipmaps \
    --quality fastest
"$pvrc" encode ../snowy-tree-256-rgba.png "$work/tree.pvr.ccz" --max-size 128 --mipmaps --quality fastest
"$pvrc" encode ../snowy-tree-256-rgba.png "$work/tree2.ktx2" --max-size 128 --mipmaps --quality fastest --bpp 2
# Stored bottom row first and right column first (KTX records both): the viewer must draw it upright.
"$pvrc" encode ../normal-maps/3td_LoneBrick_01_NRM.png "$work/flipped.ktx" --allow-rectangular --flip xy \
    --quality fastest
# A cube map whose odd faces differ from its even ones, so showing the wrong face fails.
"$pvrc" encode --cube ../snowy-tree-256-rgba.png ../normal-maps/stk_generic_bedRock_a_Normal.png \
    ../snowy-tree-256-rgba.png ../normal-maps/stk_generic_bedRock_a_Normal.png \
    ../snowy-tree-256-rgba.png ../normal-maps/stk_generic_bedRock_a_Normal.png "$work/cube.pvr" \
    --max-size 64 --mipmaps --quality fastest
# libktx's uncompressed RGBA8 cube map (16x16, 5 levels, every face a different part of a picture).
cp "$root/Tests/TextureFormatsTests/Fixtures/libktx-cube/cube_rgba8888.ktx" "$work/rgbacube.ktx"

# texture, then the level and face `pvrc decode` writes, then the viewer's options (the level and face
# chosen on the command line or typed as keys through SDL's event queue: `]` next level, `f` next face).
# Opaque textures are shown over the checkerboard (straight-alpha blending, as the viewer shows them),
# textures with alpha as raw RGBA in a window with an alpha channel. `pvrc decode` writes the upright
# picture whatever orientation the file records, and so must the viewer show it.
cases=(
    "brick.pvr 0 0"
    "brick.pvr 2 0 --level 2"
    "brick.pvr 2 0 --keys ]]+-"
    "tree.pvr.ccz 0 0 --raw"
    "tree2.ktx2 1 0 --raw --level 1"
    "cube.pvr 1 3 --raw --face 3 --level 1"
    "cube.pvr 1 3 --raw --keys fff]"
    "rgbacube.ktx 1 2 --raw --face 2 --level 1"
    "flipped.ktx 0 0"
)
compared=0
for entry in "${cases[@]}"; do
    read -r texture level face options <<<"$entry"
    name="$compared-${texture%%.*}"
    "$pvrc" decode "$work/$texture" "$work/$name-cpu.png" --level "$level" --face "$face"
    # shellcheck disable=SC2086 # options are words
    xvfb-run -a -s "-screen 0 640x480x24" "$viewer" "$work/$texture" $options \
        --screenshot "$work/$name-window.png" --frames 3
    "$check" "$work/$name-cpu.png" "$work/$name-window.png"
    compared=$((compared + 1))
done

# Transcode mode: SDL's ES 3 context lets the loader transcode instead of falling back to decode-once.
for entry in "brick.pvr 0 0 bc1" "tree.pvr.ccz 0 0 bc3 --raw" "cube.pvr 1 3 bc3 --raw --face 3 --level 1"; do
    read -r texture level face target options <<<"$entry"
    name="$compared-transcode-${texture%%.*}"
    "$pvrc" decode "$work/$texture" "$work/$name-cpu.png" --level "$level" --face "$face"
    # shellcheck disable=SC2086 # options are words
    xvfb-run -a -s "-screen 0 640x480x24" "$viewer" "$work/$texture" --mode transcode $options \
        --screenshot "$work/$name-window.png" --frames 3 | tee "$work/$name.log"
    grep -q "OpenGL ES 3" "$work/$name.log"
    grep -q "; transcode to $target" "$work/$name.log"
    "$check" "$work/$name-cpu.png" "$work/$name-window.png" --min-psnr 25
    compared=$((compared + 1))
done
# Where SDL cannot make ES 3 (Mesa held to ES 2.0), the viewer runs on ES 2.0 and transcode falls back to
# decode-once, exact again.
name="$compared-es2-tree"
"$pvrc" decode "$work/tree.pvr.ccz" "$work/$name-cpu.png"
MESA_GLES_VERSION_OVERRIDE=2.0 xvfb-run -a -s "-screen 0 640x480x24" "$viewer" "$work/tree.pvr.ccz" \
    --mode transcode --raw --screenshot "$work/$name-window.png" --frames 3 | tee "$work/$name.log"
grep -q "OpenGL ES 2.0 .*; decode-once$" "$work/$name.log"
"$check" "$work/$name-cpu.png" "$work/$name-window.png"
compared=$((compared + 1))
echo "viewer: $compared screenshots identical to pvrc decode (transcode ones within 25 dB PSNR)"
