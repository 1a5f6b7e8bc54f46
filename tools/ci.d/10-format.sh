#!/usr/bin/env bash
# Fails on any `swift format` finding (configuration: .swift-format at the repository root).
# `swift format format --in-place --recursive --parallel Sources Tests Plugins Package.swift examples Fuzz`
# fixes most of them.
set -euo pipefail
cd "$(dirname "$0")/../.."

paths=(Package.swift Sources Tests)
for optional in Plugins examples Fuzz; do
    [[ -d "$optional" ]] && paths+=("$optional")
done
swift format lint --strict --recursive --parallel "${paths[@]}"
echo "format: no findings in ${paths[*]}"
