#!/usr/bin/env bash
# Builds examples/Viewer (an SDL2 window whose OpenGL ES 2.0 context SDL makes; pvrc adopts it, loads
# through its loader on a shared context and draws into the window), runs it under Xvfb in screenshot
# mode on test textures, and compares each 1:1 screenshot, read back from the window's framebuffer,
# with the CPU decoder (`pvrc decode`) pixel for pixel (ScreenshotCheck); any difference fails.
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

# texture, level, viewer options: opaque textures over the checkerboard (straight-alpha blending, as
# the viewer shows them), textures with alpha as raw RGBA in a window with an alpha channel.
cases=(
    "brick.pvr 0"
    "brick.pvr 2"
    "tree.pvr.ccz 0 --raw"
    "tree2.ktx2 1 --raw"
)
compared=0
for entry in "${cases[@]}"; do
    read -r texture level options <<<"$entry"
    name="${texture%%.*}-$level"
    "$pvrc" decode "$work/$texture" "$work/$name-cpu.png" --level "$level"
    # shellcheck disable=SC2086 # options are words
    xvfb-run -a -s "-screen 0 640x480x24" "$viewer" "$work/$texture" --level "$level" $options \
        --screenshot "$work/$name-window.png" --frames 3
    "$check" "$work/$name-cpu.png" "$work/$name-window.png"
    compared=$((compared + 1))
done
echo "viewer: $compared screenshots identical to pvrc decode"
