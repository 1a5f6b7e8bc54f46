#!/usr/bin/env bash
# Times `pvrc build` on a texture folder (default: ../shared/corpus, its PNGs and kodak/ crops) against
# a sequential shell loop of `pvrc encode`, then a no-change rerun, a rerun after touching one file,
# and two shards filling an nginx WebDAV cache followed by an assembling run.
#
#   tools/bench-build.sh [--quality Q] [--pvrc PATH] [--corpus DIR] [--skip-loop] [--skip-nginx] [--cache-only]
#
# Needs a release pvrc (default .build/release/pvrc: `swift build -c release --product pvrc`) and, for
# the cache part, nginx (tools/install-deps.sh). Every build's outputs are compared with the loop's.
set -euo pipefail
cd "$(dirname "$0")/.."

quality=best
pvrc=.build/release/pvrc
corpus=${PVRC_CORPUS:-../shared/corpus}
loop=1
cache=1
local=1
while [[ $# -gt 0 ]]; do
    case "$1" in
        --quality) quality=$2; shift 2 ;;
        --pvrc) pvrc=$2; shift 2 ;;
        --corpus) corpus=$2; shift 2 ;;
        --skip-loop) loop=0; shift ;;
        --skip-nginx) cache=0; shift ;;
        --cache-only) loop=0; local=0; shift ;;
        *) echo "bench-build: unknown argument $1" >&2; exit 2 ;;
    esac
done
[[ -x "$pvrc" ]] || { echo "bench-build: no executable $pvrc (swift build -c release --product pvrc)" >&2; exit 1; }
[[ -d "$corpus" ]] || { echo "bench-build: no corpus at $corpus; skipping" >&2; exit 0; }
pvrc=$(realpath "$pvrc")

work=$(mktemp -d)
nginx_pid=
cleanup() {
    [[ -n "$nginx_pid" ]] && kill "$nginx_pid" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

options=(--quality "$quality" --mipmaps)
count=$(find "$corpus" -name '*.png' | wc -l)
echo "bench-build: $count textures from $corpus, ${options[*]}, $(nproc) processors, load $(cut -d' ' -f1-3 /proc/loadavg)"

seconds() { # runs "$@" quietly, prints its wall time in seconds
    local start end
    start=$(date +%s.%N)
    "$@" >"$work/last.log" 2>&1 || { cat "$work/last.log" >&2; return 1; }
    end=$(date +%s.%N)
    awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f", b - a }'
}
summary() { grep '^pvrc build: ' "$work/last.log" | sed 's/^pvrc build: //'; }

if [[ $loop -eq 1 ]]; then
    encode_all() {
        (cd "$corpus" && find . -name '*.png' | sort) | while read -r file; do
            mkdir -p "$work/loop/$(dirname "$file")"
            "$pvrc" encode "$corpus/$file" "$work/loop/${file%.png}.pvr" "${options[@]}" --quiet
        done
    }
    echo "sequential loop of pvrc encode: $(seconds encode_all) s"
fi

compare() {
    if diff -r -q -x '.pvrc-build-state.json' "$1" "$2" >/dev/null; then echo "identical"; else echo "DIFFERENT"; fi
}

if [[ $local -eq 1 ]]; then
    echo "pvrc build --jobs 1:            $(seconds "$pvrc" build "$corpus" "$work/jobs1" "${options[@]}" --jobs 1) s ($(summary))"
    echo "pvrc build (default jobs):      $(seconds "$pvrc" build "$corpus" "$work/default" "${options[@]}") s ($(summary))"
    echo "rerun, nothing changed:         $(seconds "$pvrc" build "$corpus" "$work/default" "${options[@]}") s ($(summary))"
    # Copies of the tree and of the build (times kept, so the copy is up to date) so that one file can be
    # touched without changing the shared corpus.
    cp -rp "$corpus" "$work/source"
    cp -rp "$work/default" "$work/touched"
    touch "$work/source/kodak/$(ls "$work/source/kodak" | grep png | head -1)"
    echo "rerun after touching one file:  $(seconds "$pvrc" build "$work/source" "$work/touched" "${options[@]}") s ($(summary))"

    echo "outputs: --jobs 1 vs default $(compare "$work/jobs1" "$work/default")"
    if [[ $loop -eq 1 ]]; then echo "outputs: loop vs build $(compare "$work/loop" "$work/default")"; fi
fi

if [[ $cache -eq 1 ]]; then
    nginx=$(command -v nginx || echo /usr/sbin/nginx)
    [[ -x "$nginx" ]] || { echo "bench-build: nginx not installed; skipping the cache run"; exit 0; }
    port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    mkdir -p "$work/nginx/root"
    cat >"$work/nginx/nginx.conf" <<CONF
daemon off;
master_process off;
worker_processes 1;
pid $work/nginx/nginx.pid;
error_log $work/nginx/error.log warn;
events { worker_connections 64; }
http {
    access_log off;
    client_body_temp_path $work/nginx/body;
    server {
        listen 127.0.0.1:$port;
        root $work/nginx/root;
        location / { dav_methods PUT; create_full_put_path on; client_max_body_size 256m; }
    }
}
CONF
    "$nginx" -p "$work/nginx" -c "$work/nginx/nginx.conf" -e "$work/nginx/error.log" &
    nginx_pid=$!
    sleep 0.5
    url="http://127.0.0.1:$port/pvrc-cache"
    start=$(date +%s.%N)
    "$pvrc" build "$corpus" "$work/shard1" "${options[@]}" --cache "$url" --shard 1/2 >"$work/shard1.log" 2>&1 &
    first=$!
    "$pvrc" build "$corpus" "$work/shard2" "${options[@]}" --cache "$url" --shard 2/2 >"$work/shard2.log" 2>&1 &
    second=$!
    wait "$first" "$second"
    shards=$(date +%s.%N)
    "$pvrc" build "$corpus" "$work/assembled" "${options[@]}" --cache "$url" >"$work/assemble.log" 2>&1
    end=$(date +%s.%N)
    echo "shard 1/2 (parallel with 2/2):  $(grep '^pvrc build: ' "$work/shard1.log" | sed 's/^pvrc build: //')"
    echo "shard 2/2:                      $(grep '^pvrc build: ' "$work/shard2.log" | sed 's/^pvrc build: //')"
    echo "assemble:                       $(grep '^pvrc build: ' "$work/assemble.log" | sed 's/^pvrc build: //')"
    echo "two shards together: $(awk -v a="$start" -v b="$shards" 'BEGIN { printf "%.2f", b - a }') s, assemble $(awk -v a="$shards" -v b="$end" 'BEGIN { printf "%.2f", b - a }') s, total $(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f", b - a }') s"
    mkdir -p "$work/shards"
    cp -r "$work/shard1/." "$work/shards/"
    cp -r "$work/shard2/." "$work/shards/"
    echo "outputs: assembled vs the shards' own outputs $(compare "$work/assembled" "$work/shards")"
    if [[ $local -eq 1 ]]; then echo "outputs: assembled vs local build $(compare "$work/assembled" "$work/default")"; fi
fi
