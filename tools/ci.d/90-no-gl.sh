#!/usr/bin/env bash
# The package without GL, as a macOS user (or any machine without EGL/GLES) gets it: with
# `PVRC_GL=0`, Package.swift declares no GL module (CEGL, CGLES2, PVRTCGL, TextureLoaderGL,
# PVRTCGLBenchmarks, their tests), and pvrc is built without `render` and the GL benchmarks.
#
# It builds in the normal .build folder. Every module outside the GL ones, pvrc and CLITests is
# compiled with the same arguments in both configurations, so SwiftPM keeps what `swift test` built
# and compiles again only pvrc and CLITests (their `#if PVRC_GL` parts and GL-only files differ) and
# relinks; the step runs last so that the steps before it find .build as `swift test` left it.
# For the same reason only CLITests runs here: every other test target is the same code, compiled
# the same way, as in the `swift test` step. CLITests runs every command of this pvrc, and
# LinkageTests proves that it links no EGL or GLES library.
set -euo pipefail
cd "$(dirname "$0")/../.."

export PVRC_GL=0
echo "no-gl: build (PVRC_GL=0, in .build: only what differs from the GL build is compiled)"
swift build --build-tests
echo "no-gl: test CLITests (the targets whose code differs without GL)"
swift test --skip-build --filter CLITests
if .build/debug/pvrc --help | grep -qE '^  render '; then
    echo "no-gl: pvrc built with PVRC_GL=0 still has 'render'" >&2
    exit 1
fi
echo "no-gl: package built without GL; pvrc and its command tests pass"
