#!/usr/bin/env bash
# Installs the Debian packages pvrc needs, but only those that are missing: when everything is
# present it changes nothing and needs no root. Runs as root or through sudo.
#
#   tools/install-deps.sh          what building pvrc and encoding, inspecting and rendering need:
#     libpng, libjpeg-turbo's TurboJPEG, stb_image    image files
#     zlib, Zstandard                                 .pvr.ccz / .pvr.gz, KTX 2 supercompression
#     OpenSSL (libssl, libcrypto)                     build-cache SHA-256 and https:// caches
#     EGL, OpenGL ES 2.0, Mesa's software renderer    the headless renderer (pvrc render, the GL libraries)
#   tools/install-deps.sh --test   also what only the test suite (tools/test) uses:
#     chromium                                        opens the quality-report HTML page in CLITests
#     nginx (WebDAV PUT), ninja                       the `pvrc build` HTTP cache and ninja tests
#     zstd, python3                                   independent checks of KTX 2 frames and of zlib / gzip
#     python3-pip, then PyPI's texture2ddecoder       an independent BC1/BC3 decoder for the transcode tests
#                                                     (pip --user, only when python3 cannot import it)
#     openssl                                         certificates for the https cache tests
#     libsquish-dev, g++                              libsquish's BC1/BC3 encoder, the transcode quality floor
#     SDL2, Xvfb (xvfb-run, xauth)                    examples/Viewer and its CI step (55-viewer.sh)
set -euo pipefail

build_packages=(libpng-dev libturbojpeg0-dev libstb-dev zlib1g-dev libzstd-dev libssl-dev libegl-dev libgles-dev
    libegl-mesa0 libgl1-mesa-dri)
test_packages=(chromium nginx ninja-build zstd python3 python3-pip openssl libsdl2-dev xvfb xauth libsquish-dev g++)

# The Python modules the tests import, installed for the calling user when python3 lacks them.
install_python_modules() {
    [[ "${1:-}" == --test ]] || return 0
    python3 -c 'import texture2ddecoder' 2>/dev/null && return 0
    echo "install-deps: installing the Python module texture2ddecoder (pip --user)"
    python3 -m pip install --user --break-system-packages texture2ddecoder
}

packages=("${build_packages[@]}")
case "${1:-}" in
    "") ;;
    --test) packages+=("${test_packages[@]}") ;;
    *)
        echo "usage: tools/install-deps.sh [--test]" >&2
        exit 1
        ;;
esac

missing=()
for package in "${packages[@]}"; do
    status=$(dpkg-query --show --showformat='${db:Status-Status}' "$package" 2>/dev/null || true)
    if [[ "$status" != "installed" ]]; then
        missing+=("$package")
    fi
done

if [[ ${#missing[@]} -eq 0 ]]; then
    echo "install-deps: all system packages present (${packages[*]})"
    install_python_modules "${1:-}"
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
install_python_modules "${1:-}"
