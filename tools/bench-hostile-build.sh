#!/usr/bin/env bash
# Runs `pvrc build` on the hostile build cases of issue 20 and prints, per case, the exit status,
# wall time and peak RSS (/usr/bin/time -v) and whether the harm happened. Run it once per binary to
# compare (a build of main and this tree):
#
#   tools/bench-hostile-build.sh [--pvrc PATH]
#
# Cases: forged --prune records ("../x", a user folder, ".") and a user file where an output was; an
# output that is a link to its source; a manifest glob of 24 `**` (60 s limit); a source named with a
# non-UTF-8 byte; a read-only OUT (chattr +i as root); a source rewritten with its size and
# modification time kept; and issue 35's: ninja edges for outputs named -dash.pvr and -h.pvr (D7), a
# source name with newlines and ESC (D8), a no-op rebuild of 10,000 sources with 10,000 exact-path
# overrides (D9, 300 s limit). Needs python3, ninja and the example image
# examples/snowy-tree-256-rgba.png.
set -uo pipefail
cd "$(dirname "$0")/.."

pvrc=.build/release/pvrc
while [[ $# -gt 0 ]]; do
    case "$1" in
        --pvrc) pvrc=$2; shift 2 ;;
        *) echo "bench-hostile-build: unknown argument $1" >&2; exit 2 ;;
    esac
done
[[ -x "$pvrc" ]] || { echo "bench-hostile-build: no executable $pvrc" >&2; exit 1; }
pvrc=$(realpath "$pvrc")
image=$(realpath examples/snowy-tree-256-rgba.png)
work=$(mktemp -d)
trap 'chattr -i "$work/ro/out" 2>/dev/null; rm -rf "$work"' EXIT

# run NAME COMMAND...: the command under /usr/bin/time -v with a limit of $limit (60) seconds.
run() {
    local name=$1
    shift
    local status=0
    /usr/bin/time -v -o "$work/time.txt" timeout "${limit:-60}" "$@" > "$work/stdout.txt" 2> "$work/stderr.txt" \
        || status=$?
    wall=$(grep "Elapsed (wall clock)" "$work/time.txt" | awk '{print $NF}')
    rss=$(( $(grep "Maximum resident set size" "$work/time.txt" | awk '{print $NF}') / 1024 ))
    result="$name	exit $status	$wall	$rss MB"
}
fresh() {
    rm -rf "$work/$1"
    mkdir -p "$work/$1/src"
    cp "$image" "$work/$1/src/a.png"
}
build() { "$pvrc" build "$@" --quality fast --quiet > /dev/null 2>&1; }

# Forged prune records, one per run ("../x", a user folder, "."), and a user file in place of an
# output whose source is gone.
prune_case() {
    local key=$1
    fresh prune
    cp "$image" "$work/prune/src/b.png"
    build "$work/prune/src" "$work/prune/out"
    echo outside > "$work/prune/x"
    mkdir -p "$work/prune/out/userdir" && echo precious > "$work/prune/out/userdir/file"
    rm "$work/prune/src/b.png" && echo "user's own" > "$work/prune/out/b.pvr"
    python3 - "$work/prune/out/.pvrc-build-state.json" "$key" <<'PY'
import json, sys
path, key = sys.argv[1], sys.argv[2]
state = json.load(open(path))
state["entries"][key] = state["entries"]["a.pvr"]
json.dump(state, open(path, "w"))
PY
    run "prune with a forged \"$key\" record and a user's b.pvr" \
        "$pvrc" build "$work/prune/src" "$work/prune/out" --quality fast --prune --quiet
    local lost=()
    [[ -f "$work/prune/x" ]] || lost+=("../x")
    [[ -f "$work/prune/out/userdir/file" ]] || lost+=("userdir/file")
    [[ -f "$work/prune/out/a.pvr" ]] || lost+=("a.pvr")
    grep -q "user's own" "$work/prune/out/b.pvr" 2>/dev/null || lost+=("user's b.pvr")
    echo "$result	deleted: ${lost[*]:-nothing}"
}
prune_case "../x"
prune_case "userdir"
prune_case "."

# An output that is a link to its source.
fresh link
mkdir -p "$work/link/out" && ln -s ../src/a.png "$work/link/out/a.pvr"
run "output symlink to its source" "$pvrc" build "$work/link/src" "$work/link/out" --quality fast --quiet
cmp -s "$image" "$work/link/src/a.png" && verdict="source intact" || verdict="SOURCE OVERWRITTEN"
echo "$result	$verdict"

# A glob of 24 ** against a 40-folder-deep source.
fresh glob
deep="$work/glob/src/$(seq -s / 0 39 | sed 's/[0-9]\+/d&/g')"
mkdir -p "$deep" && cp "$image" "$deep/y.png"
stars=$(printf '**/%.0s' $(seq 24))
printf '{"source": "src", "overrides": [{"match": "%sx/*.png", "options": {"quality": "fast"}}]}\n' "$stars" \
    > "$work/glob/manifest.json"
run "manifest glob of 24 ** (60 s limit)" "$pvrc" build "$work/glob/manifest.json" "$work/glob/out" --quality fast --quiet
echo "$result	$(tail -1 "$work/stdout.txt")"

# A source whose name is not UTF-8.
fresh utf8
cp "$image" "$work/utf8/src/caf$(printf '\xe9').png"
run "source named caf\\xE9.png" "$pvrc" build "$work/utf8/src" "$work/utf8/out" --quality fast --quiet
echo "$result	$(tail -1 "$work/stdout.txt") $(head -1 "$work/stderr.txt")"

# A read-only output folder.
fresh ro
for n in 1 2 3 4; do cp "$image" "$work/ro/src/t$n.png"; done
mkdir -p "$work/ro/out"
if [[ $(id -u) == 0 ]]; then chattr +i "$work/ro/out"; else chmod 555 "$work/ro/out"; fi
run "read-only OUT, 4 textures" "$pvrc" build "$work/ro/src" "$work/ro/out" --quality fast --quiet
echo "$result	$(head -1 "$work/stderr.txt")"
chattr -i "$work/ro/out" 2>/dev/null || chmod 755 "$work/ro/out"

# A source rewritten with its size and modification time kept (cp -p of another image of that size).
fresh stamp
python3 - "$work/stamp/src" <<'PY'
import sys
def tga(value):
    header = bytes([0, 0, 2] + [0] * 9 + [64, 0, 64, 0, 32, 8])
    return header + bytes([value]) * (64 * 64 * 4)
open(sys.argv[1] + "/a.tga", "wb").write(tga(20))
open(sys.argv[1] + "/../other.tga", "wb").write(tga(220))
PY
rm "$work/stamp/src/a.png"
build "$work/stamp/src" "$work/stamp/out"
touch -r "$work/stamp/src/a.tga" "$work/stamp/other.tga"
cp -p "$work/stamp/other.tga" "$work/stamp/src/a.tga"
run "source changed, size and mtime kept (cp -p)" "$pvrc" build "$work/stamp/src" "$work/stamp/out" --quality fast --quiet
echo "$result	$(tail -1 "$work/stdout.txt")"

# Ninja edges for outputs whose names start with a dash (issue 35, D7).
fresh dash
mv "$work/dash/src/a.png" "$work/dash/src/-dash.png" && cp "$image" "$work/dash/src/-h.png"
"$pvrc" build "$work/dash/src" "$work/dash/out" --quality fast --emit ninja > /dev/null
run "ninja edges for -dash.png and -h.png" ninja -C "$work/dash/out"
echo "$result	outputs: $(cd "$work/dash/out" && ls -- *.pvr 2>/dev/null | tr '\n' ' ')"

# A source name with newlines and an escape sequence (issue 35, D8).
fresh names
mv "$work/names/src/a.png" "$work/names/src/$(printf 'a\npvrc build: 9 built, 0 from cache, 0 up to date, 0 failed (0.01 s)\n\033[2J.png')"
run "source name with newlines and ESC" "$pvrc" build "$work/names/src" "$work/names/out" --quality fast
escapes=$(cat "$work/stdout.txt" "$work/stderr.txt" | tr -cd '\033' | wc -c)
echo "$result	$(grep -c '^pvrc build:' "$work/stdout.txt") summary lines, $escapes ESC bytes printed"

# 10,000 sources with one exact-path override each: the no-op rebuild (issue 35, D9).
rm -rf "$work/many" && mkdir -p "$work/many/src"
python3 - "$work/many" <<'PY'
import json, struct, sys, zlib
def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
for index in range(10000):
    rows = b"".join(b"\0" + bytes((index * 7 + x * 13 + y * 29) % 256 for x in range(8 * 3)) for y in range(8))
    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 8, 8, 8, 2, 0, 0, 0))
    open("%s/src/t%d.png" % (sys.argv[1], index), "wb").write(png + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))
overrides = [{"match": "t%d.png" % i, "options": {"quality": "fast"}} for i in range(10000)]
json.dump({"source": "src", "overrides": overrides}, open(sys.argv[1] + "/manifest.json", "w"))
PY
build "$work/many/src" "$work/many/out"
run "no-op rebuild, 10,000 sources, no manifest" "$pvrc" build "$work/many/src" "$work/many/out" --quality fast --quiet
echo "$result	$(tail -1 "$work/stdout.txt")"
limit=300 run "no-op rebuild, 10,000 sources x 10,000 overrides (300 s limit)" \
    "$pvrc" build "$work/many/manifest.json" "$work/many/out" --quality fast --quiet
echo "$result	$(tail -1 "$work/stdout.txt")"
