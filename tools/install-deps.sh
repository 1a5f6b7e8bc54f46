#!/usr/bin/env bash
# Installs the Debian packages pvrc builds and tests against (libpng, EGL, OpenGL ES 2.0 and
# Mesa's software renderer; nginx and ninja for the `pvrc build` cache and ninja tests), but only those that are missing: when everything is present it changes
# nothing and needs no root. Runs as root or through sudo.
set -euo pipefail

packages=(libpng-dev libegl-dev libgles-dev libegl-mesa0 libgl1-mesa-dri
    nginx ninja-build) # nginx (its WebDAV PUT) serves the HTTP cache in the pipeline tests; ninja runs emitted build files

missing=()
for package in "${packages[@]}"; do
    status=$(dpkg-query --show --showformat='${db:Status-Status}' "$package" 2>/dev/null || true)
    if [[ "$status" != "installed" ]]; then
        missing+=("$package")
    fi
done

if [[ ${#missing[@]} -eq 0 ]]; then
    echo "install-deps: all system packages present (${packages[*]})"
    exit 0
fi

if [[ $(id -u) -eq 0 ]]; then
    as_root=()
elif command -v sudo >/dev/null 2>&1; then
    as_root=(sudo)
else
    echo "install-deps: missing ${missing[*]}; run as root or install sudo" >&2
    exit 1
fi

echo "install-deps: installing ${missing[*]}"
"${as_root[@]}" apt-get update
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
