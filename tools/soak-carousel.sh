#!/usr/bin/env bash
# Runs the carousel benchmark's loader strategy many times and counts abnormal exits: the teardown
# soak of issue 20 (the loader's GL thread used to release its context while `exit()` ran Mesa's and
# glibc's destructors, which corrupted the heap in about 1 run of 13 on a 2-core machine).
#
#   swift build -c release --product pvrc
#   tools/prepare-carousel.sh                       # fills /tmp/pvrc-carousel
#   tools/soak-carousel.sh [RUNS] [DIR] [PVRC]
#
# RUNS defaults to 200, DIR to /tmp/pvrc-carousel, PVRC to .build/release/pvrc. A run is abnormal when
# it exits non-zero, is killed by a signal, or prints a glibc heap message ("corrupted", "double
# free", "malloc", "free():"). Prints one summary line; exits 1 when any run was abnormal. The
# stderr of abnormal runs is kept in a temporary directory named in the summary.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
runs="${1:-200}"
dir="${2:-/tmp/pvrc-carousel}"
pvrc="${3:-$root/.build/release/pvrc}"

if ! [[ "$runs" =~ ^[1-9][0-9]*$ ]]; then
    echo "soak-carousel: RUNS must be a positive integer, not '$runs'" >&2
    exit 2
fi
if [ ! -x "$pvrc" ]; then
    echo "soak-carousel: $pvrc: not an executable; build with 'swift build -c release --product pvrc'" >&2
    exit 2
fi
if [ ! -d "$dir" ]; then
    echo "soak-carousel: $dir: no such directory; run tools/prepare-carousel.sh first" >&2
    exit 2
fi

logs="$(mktemp -d /tmp/pvrc-soak.XXXXXX)"
abnormal=0
declare -A statuses=()
start=$SECONDS
for ((run = 1; run <= runs; run++)); do
    status=0
    "$pvrc" bench carousel "$dir" --strategies pvr-cache-prefetch --frames-per-step 1 \
        >/dev/null 2>"$logs/run-$run.err" || status=$?
    if [ "$status" -ne 0 ] || grep -qE "corrupted|double free|malloc|free\(\)" "$logs/run-$run.err"; then
        abnormal=$((abnormal + 1))
        statuses[$status]=$((${statuses[$status]:-0} + 1))
    else
        rm -f "$logs/run-$run.err"
    fi
done
summary=""
for status in "${!statuses[@]}"; do summary+=" exit $status: ${statuses[$status]};"; done
echo "soak-carousel: $abnormal abnormal of $runs runs in $((SECONDS - start)) s ($pvrc)${summary:+;$summary}"
if [ "$abnormal" -ne 0 ]; then
    echo "soak-carousel: stderr of the abnormal runs in $logs" >&2
    exit 1
fi
rmdir "$logs" 2>/dev/null || true
