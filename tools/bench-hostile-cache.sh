#!/usr/bin/env bash
# Measures `pvrc build` against hostile caches: exit status, wall time and peak RSS (/usr/bin/time -v)
# of a build with no cache, with an HTTP cache that accepts connections and never answers, with one
# that answers a cas/ or an ac/ GET with a 2 GiB body, and with a cache folder holding a planted
# 3 GiB (sparse) ac/ file; and issue 35's: entries that are a 34-byte CCZ file declaring 1.4 GB in a
# folder and over HTTP (bomb-folder, bomb-http: D4), a 76-byte pointer promising 1 GiB whose file
# trickles (promise-gib: D5), a trickling file (trickle-cas: the deadline message), an answer with
# two Content-Lengths (two-lengths), and credentials in an http:// URL (credentials). Run it once
# per binary to compare (e.g. a build of main and this tree):
#
#   tools/bench-hostile-cache.sh [--pvrc PATH] [--corpus DIR] [--cases "none dead flood-cas ..."]
#
# The many-texture cases (none, dead) build 6 images of ../shared/corpus (2 of 256², 4 Kodak 512²
# crops) with --quality fast and 2 jobs; the flood and planted cases build 1 image with 1 job, so a
# binary that reads whole bodies holds one at a time. Prints one tab-separated line per case.
set -euo pipefail
cd "$(dirname "$0")/.."

pvrc=.build/release/pvrc
corpus=${PVRC_CORPUS:-../shared/corpus}
cases="none dead flood-cas flood-ac planted bomb-folder bomb-http promise-gib trickle-cas two-lengths credentials"
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
    /usr/bin/time -v -o "$work/time.txt" timeout 120 "$pvrc" build "$source" "$work/out" --quality fast \
        --jobs "$jobs" --quiet "$@" > "$work/stdout.txt" 2> "$work/stderr.txt" || status=$?
    local wall rss
    wall=$(grep "Elapsed (wall clock)" "$work/time.txt" | awk '{print $NF}')
    rss=$(grep "Maximum resident set size" "$work/time.txt" | awk '{print $NF}')
    printf '%s\texit %s\t%s\t%d MB\t%s\n' "$name" "$status" "$wall" $((rss / 1024)) \
        "$(grep -c warning "$work/stderr.txt" || true) warnings; $(tail -1 "$work/stdout.txt")$(first_problem)"
}
# "; " and the first line of stderr (URLs left out, at most 140 characters), when there is one.
first_problem() {
    local line
    line=$(head -1 "$work/stderr.txt" | sed -e 's|https\?://[^ ]*||g' | cut -c1-140)
    if [[ -n "$line" ]]; then echo "; $line"; fi
}

# server_case MODE NAME SOURCE JOBS: a build against hostile-cache-server.py in MODE.
server_case() {
    start_server "$1"
    measure "$2" "$3" "$4" --cache "$url"
    stop_server
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
        bomb-folder)
            # Six entries whose cas/ body is a CCZ file declaring 1.4 GB, matching their pointers.
            rm -rf "$work/bombcache"
            "$pvrc" build "$work/six" "$work/fill" --quality fast --quiet --cache "$work/bombcache" > /dev/null
            python3 - "$work/bombcache" <<'PY'
import hashlib, os, sys
bomb = b"CCZ!" + bytes([0, 0, 0, 2, 0, 0, 0, 0]) + (1_400_000_000).to_bytes(4, "big")
bomb += bytes([0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]) + bytes(10)
digest = hashlib.sha256(bomb).hexdigest()
open(os.path.join(sys.argv[1], "cas", digest), "wb").write(bomb)
for key in os.listdir(os.path.join(sys.argv[1], "ac")):
    open(os.path.join(sys.argv[1], "ac", key), "w").write("%s %d\n" % (digest, len(bomb)))
PY
            measure "cache folder, 6 CCZ-bomb entries, 6 textures" "$work/six" 2 --cache "$work/bombcache" ;;
        bomb-http) server_case bomb "HTTP cache answering CCZ-bomb entries, 6 textures" "$work/six" 2 ;;
        promise-gib) server_case promise-gib "76-byte pointer promising 1 GiB, 1 texture" "$work/one" 1 ;;
        trickle-cas) server_case trickle-cas "cas/ file trickling 1 byte/s, 1 texture" "$work/one" 1 ;;
        two-lengths) server_case two-lengths "answer with two Content-Lengths, 1 texture" "$work/one" 1 ;;
        credentials)
            start_server two-lengths
            measure "credentials in an http:// URL, 1 texture" "$work/one" 1 --cache "${url/http:\/\//http://u:secret@}"
            stop_server ;;
        *) echo "bench-hostile-cache: unknown case $case" >&2; exit 2 ;;
    esac
done
