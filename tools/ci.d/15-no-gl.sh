#!/usr/bin/env bash
# The package without GL, as a macOS user (or any machine without EGL/GLES) gets it: with
# `PVRC_GL=0`, Package.swift declares no GL module (CEGL, CGLES2, PVRTCGL, TextureLoaderGL,
# PVRTCGLBenchmarks, their tests), and pvrc is built without `render` and the GL benchmarks. Builds
# everything else and runs its tests in a build folder of its own (.build-nogl), so the normal
# .build is untouched. LinkageTests then also proves that this pvrc links no EGL or GLES library.
set -euo pipefail
cd "$(dirname "$0")/../.."

export PVRC_GL=0
echo "no-gl: build (PVRC_GL=0, .build-nogl)"
swift build --build-path .build-nogl --build-tests
# PVRTCEncoderTests and CorpusRoundTripTests (the slowest suites, over half of this run) test modules
# that are compiled identically with and without GL (no GL dependency, no `#if PVRC_GL`); the main
# `swift test` runs them, so they are skipped here to keep CI within its time budget.
echo "no-gl: test (skipping PVRTCEncoderTests, CorpusRoundTripTests: same code as in the GL build)"
swift test --build-path .build-nogl --skip-build --skip PVRTCEncoderTests --skip CorpusRoundTripTests
if .build-nogl/debug/pvrc --help | grep -qE '^  render '; then
    echo "no-gl: pvrc built with PVRC_GL=0 still has 'render'" >&2
    exit 1
fi
echo "no-gl: package built and tested without GL"
