#!/usr/bin/env bash
# Fuzzing on every submission: each libFuzzer target (PVR v2, PVR v3, KTX, the description reader for
# every container and wrapper, PNG, PNG/JPEG/TGA through ImageFile, texture -> GPU data) replays its
# regression inputs, then fuzzes for PVRC_FUZZ_SECONDS
# seconds (default 10: about 4 minutes for the eleven targets on 2 cores, links included; longer runs:
# tools/fuzz.sh all SECONDS) with AddressSanitizer. Any crash, sanitizer report or trap fails the
# step (see tools/fuzz.sh).
set -euo pipefail
cd "$(dirname "$0")/../.."

tools/fuzz.sh all "${PVRC_FUZZ_SECONDS:-10}"
