#!/usr/bin/env bash
# Builds examples/TexturedGame, whose target uses the PVRTCTextures SwiftPM build-tool plugin, then runs
# it: it must find every PNG of its Textures/ folder bundled as a .pvr resource, and each must parse and
# decode. The nested package gets its own build folder (it resolves and builds the pvrc package again).
set -euo pipefail
cd "$(dirname "$0")/../../examples/TexturedGame"

swift build --build-path .build
output=$(swift run --skip-build --build-path .build TexturedGame)
echo "$output"

expected=$(find -L Sources/TexturedGame/Textures -name '*.png' | wc -l)
decoded=$(grep -c '^decoded ' <<<"$output" || true)
if [[ "$decoded" -ne "$expected" ]]; then
    echo "plugin example: $decoded textures decoded, expected $expected" >&2
    exit 1
fi
echo "plugin example: $decoded bundled .pvr textures decoded"
