#!/usr/bin/env bash
# Builds the DocC documentation of every public library with swift-docc-plugin and fails on any
# DocC warning (broken symbol links, undocumented or misnamed parameters).
set -euo pipefail
cd "$(dirname "$0")/../.."

libraries=(PVRTC PVRTCSearch Imaging ImageFiles TextureFormats PVRTCGL TextureLoader TextureLoaderGL QualityMetrics
    TextureManifest TexturePipeline EncodeJobs)
targets=()
for library in "${libraries[@]}"; do targets+=(--target "$library"); done

log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
swift package generate-documentation "${targets[@]}" --warnings-as-errors >"$log" 2>&1 || status=$?
if [[ $status -ne 0 ]] || grep -qE "(warning|error):" "$log"; then
    grep -E -A3 "(warning|error):" "$log" >&2 || tail -20 "$log" >&2
    echo "docs: DocC reported problems (exit $status)" >&2
    exit 1
fi
echo "docs: ${#libraries[@]} catalogs built with no warnings"
