#!/usr/bin/env bash
# Measures `pvrc build` against hostile caches: exit status, wall time and peak RSS (/usr/bin/time -v)
# of a build with no cache, with an HTTP cache that accepts connections and never answers, with one
# that answers a cas/ or an ac/ GET with a 2 GiB body, and with a cache folder holding a planted
# 3 GiB (sparse) ac/ file. Run it once per binary to compare (e.g. a build of main and this tree):
#
#   tools/bench-hostile-cache.sh [--pvrc PATH] [--corpus DIR] [--cases "none dead flood-cas flood-ac planted"]
#
# The many-texture cases (none, dead) build 6 images of ../shared/corpus (2 of 256², 4 Kodak 512²
# crops) with --quality fast and 2 jobs; the flood and planted cases build 1 image with 1 job, so a
# binary that reads whole bodies holds one at a time. Prints one tab-separated line per case.
set -euo pipefail
cd "$(dirname "$0")/.."

pvrc=.build/release/pvrc
corpus=${PVRC_CORPUS:-../shared/corpus}
cases="none dead flood-cas flood-ac planted"
while [[ $# -gt 0 ]]; do
    case "$1" in
        --pvrc) pvrc=$2; shift 2 ;;
        --corpus) corpus=$2; shift 2 ;;
        --cases) cases=$2; shift 2 ;;
        *) echo "bench-hostile-cache: unknown argument $1" >&2; exit 2 ;;
    esac
done
[[ -x "$pvrc" ]] || { echo "bench-hostile-cache: no executable $pvrc" >&2; exit 1; }
[[ -d "$corpus" ]] || { echo "bench-hostile-cache: no corpus at $corpus; skipping" >&2; exit 0; }
pvrc=$(realpath "$pvrc")
here=$(pwd)

work=$(mktemp -d)
server_pid=
cleanup() {
    [[ -n "$server_pid" ]] && kill "$server_pid" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

mkdir -p "$work/six" "$work/one"
cp "$corpus/etr_pebbles04_256.png" "$corpus/etr_snowy_tree_256_rgba.png" "$work/six/"
for n in 01 02 03 04; do cp "$corpus/kodak/kodim${n}_512.png" "$work/six/"; done
cp "$corpus/etr_pebbles04_256.png" "$work/one/"

start_server() {
    local port
    port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
    python3 "$here/tools/hostile-cache-server.py" "$1" "$port" > "$work/server.out" &
    server_pid=$!
    for _ in $(seq 50); do grep -q ready "$work/server.out" 2>/dev/null && break; sleep 0.1; done
    url="http://127.0.0.1:$port/cache"
}
stop_server() {
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
    server_pid=
}

# measure NAME SOURCE JOBS [pvrc build options...]
measure() {
    local name=$1 source=$2 jobs=$3
    shift 3
    rm -rf "$work/out"
    local status=0
    /usr/bin/time -v -o "$work/time.txt" "$pvrc" build "$source" "$work/out" --quality fast --jobs "$jobs" --quiet "$@" \
        > "$work/stdout.txt" 2> "$work/stderr.txt" || status=$?
    local wall rss
    wall=$(grep "Elapsed (wall clock)" "$work/time.txt" | awk '{print $NF}')
    rss=$(grep "Maximum resident set size" "$work/time.txt" | awk '{print $NF}')
    printf '%s\texit %s\t%s\t%d MB\t%s\n' "$name" "$status" "$wall" $((rss / 1024)) \
        "$(grep -c warning "$work/stderr.txt" || true) warnings; $(tail -1 "$work/stdout.txt")"
}

for case in $cases; do
    case "$case" in
        none) measure "no cache, 6 textures" "$work/six" 2 ;;
        dead)
            start_server dead
            measure "dead HTTP cache, 6 textures" "$work/six" 2 --cache "$url"
            stop_server ;;
        flood-cas)
            start_server flood-cas
            measure "cas/ GET answers 2 GiB, 1 texture" "$work/one" 1 --cache "$url"
            stop_server ;;
        flood-ac)
            start_server flood-ac
            measure "ac/ GET answers 2 GiB, 1 texture" "$work/one" 1 --cache "$url"
            stop_server ;;
        planted)
            rm -rf "$work/dircache"
            "$pvrc" build "$work/one" "$work/fill" --quality fast --jobs 1 --quiet --cache "$work/dircache" > /dev/null
            for pointer in "$work/dircache/ac/"*; do truncate -s 3G "$pointer"; done
            measure "cache folder, planted 3 GiB ac/ file, 1 texture" "$work/one" 1 --cache "$work/dircache" ;;
        *) echo "bench-hostile-cache: unknown case $case" >&2; exit 2 ;;
    esac
done
