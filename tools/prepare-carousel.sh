#!/usr/bin/env bash
# Prepares a directory for `pvrc bench carousel`: every PNG of the corpus (and corpus/kodak) is
# copied in and encoded beside it as NAME.pvr with a full mip chain at fast quality.
#
#   swift build -c release
#   tools/prepare-carousel.sh [CORPUS_DIR] [OUT_DIR]
#   .build/release/pvrc bench carousel OUT_DIR
#
# CORPUS_DIR defaults to ../shared/corpus, OUT_DIR to /tmp/pvrc-carousel. Existing NAME.pvr files
# newer than their PNG are kept.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
corpus="${1:-$root/../shared/corpus}"
out="${2:-/tmp/pvrc-carousel}"
pvrc="$root/.build/release/pvrc"

if [ ! -x "$pvrc" ]; then
    echo "prepare-carousel: $pvrc not found; run 'swift build -c release' first" >&2
    exit 1
fi
if [ ! -d "$corpus" ]; then
    echo "prepare-carousel: $corpus: no such corpus directory" >&2
    exit 1
fi

mkdir -p "$out"
shopt -s nullglob
for png in "$corpus"/*.png "$corpus"/kodak/*.png; do
    name="$(basename "$png" .png)"
    cp "$png" "$out/$name.png"
    if [ ! "$out/$name.pvr" -nt "$out/$name.png" ]; then
        "$pvrc" encode --quality fast --mipmaps --quiet "$out/$name.png" "$out/$name.pvr"
    fi
done
echo "prepare-carousel: $(ls "$out"/*.pvr | wc -l) textures in $out"
