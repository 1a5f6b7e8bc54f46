#!/usr/bin/env bash
# Checks that a new `pvrc` writes exactly what an old one writes: `encode` (legacy PVR v2, PVR v3,
# KTX and KTX 2; 4 and 2 bits per pixel; with and without --mipmaps; each quality in QUALITIES; plus
# the image-changing options below at quality fast), `decode` and `info` of every texture,
# `compare --json` (levels 0 and 1, and of the option variants), `encode --cube` of the first six
# square images of one size (every container and rate) with `decode` of every face,
# and `build` (plain, and --format ktx --mipmaps; the texture files, not the state or timings).
# Exit status and standard output must match too, so a refusal must be the same refusal.
#
# Usage: tools/check-byte-identity.sh OLD_PVRC NEW_PVRC IMAGE... (e.g. /work/base/.build/release/pvrc
#        .build/release/pvrc /work/shared/corpus/*.png /work/shared/corpus/kodak/*.png)
# Environment: QUALITIES (default "fast best"), CONTAINERS (default "pvr2 pvr3 ktx ktx2"), BPPS
# (default "4 2"), MIPS (default "plain mipmaps"), VARIANTS (default 1; 0 skips the option variants and the build, e.g. for a
# `best`-only pass over one container once every container was checked at `fast`), JOBS for build
# (default 2).
set -uo pipefail
if [ $# -lt 3 ]; then
    echo "usage: $0 OLD_PVRC NEW_PVRC IMAGE..." >&2
    exit 2
fi
old=$(realpath "$1")
new=$(realpath "$2")
shift 2
qualities=${QUALITIES:-fast best}
containers=${CONTAINERS:-pvr2 pvr3 ktx ktx2}
bpps=${BPPS:-4 2}
mipmodes=${MIPS:-plain mipmaps}
variants=${VARIANTS:-1}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
same=0
differ=0

# Runs the same command with both executables (the word PVRC in the arguments is each one's
# output folder) and compares exit status, standard output (paths made equal) and every file written.
check() {
    local label=$1
    shift
    for side in old new; do
        rm -rf "$work/$side" && mkdir -p "$work/$side"
        local exe=$old
        [ $side = new ] && exe=$new
        local args=("${@//PVRC/$work/$side}")
        (cd "$work/$side" && "$exe" "${args[@]}" >stdout 2>stderr; echo $? >status)
        sed -i -E -e "s#$work/$side#DIR#g" -e "s/\([0-9.]+ s\)/(TIME)/" "$work/$side/stdout"
        rm -f "$work/$side/stderr"
        find "$work/$side" -name '.pvrc-build-state*' -delete 2>/dev/null
    done
    if diff -r "$work/old" "$work/new" >/dev/null; then
        same=$((same + 1))
    else
        differ=$((differ + 1))
        echo "DIFFERENT: $label"
        diff -r "$work/old" "$work/new" | head -5
    fi
}

for image in "$@"; do
    image=$(realpath "$image")
    name=$(basename "$image" .png)
    for quality in $qualities; do
        for container in $containers; do
            for mipmode in $mipmodes; do
              for bpp in $bpps; do
                mips=""
                [ "$mipmode" = mipmaps ] && mips=--mipmaps
                ext=pvr
                [ $container = ktx ] && ext=ktx
                [ $container = ktx2 ] && ext=ktx2
                args=(--quality "$quality" --format "$container" --bpp "$bpp" $mips)
                check "$name encode ${args[*]}" encode "$image" PVRC/t.$ext --quiet "${args[@]}"
                # decode, info and compare of one old texture by both executables.
                mkdir -p "$work/texture"
                "$old" encode "$image" "$work/texture/t.$ext" --quiet "${args[@]}" 2>/dev/null || continue
                check "$name decode ${args[*]}" decode "$work/texture/t.$ext" PVRC/d.png
                check "$name info ${args[*]}" info "$work/texture/t.$ext"
                check "$name compare ${args[*]}" compare "$image" "$work/texture/t.$ext" --json
                if [ -n "$mips" ]; then
                    check "$name compare --level 1 ${args[*]}" compare "$image" "$work/texture/t.$ext" --json --level 1
                fi
              done
            done
        done
    done
    [ "$variants" = 1 ] || continue
    for options in "--flip y" "--flip x --format ktx" "--premultiply --colorspace srgb --format ktx --mipmaps" \
        "--premultiply" "--normal-map --mipmaps --format pvr3" "--max-size 64" "--max-size 100 --pot stretch" \
        "--colorspace linear --mipmaps --format ktx" "--no-alpha-bleed"; do
        # shellcheck disable=SC2086
        check "$name encode --quality fast $options" encode "$image" PVRC/t.pvr --quiet --quality fast $options
        # compare of the old texture (only --normal-map is a compare option of the old pvrc).
        # shellcheck disable=SC2086
        "$old" encode "$image" "$work/texture/o.pvr" --quiet --quality fast $options 2>/dev/null || continue
        normal=()
        [[ $options == *--normal-map* ]] && normal=(--normal-map)
        check "$name compare ($options)" compare "$image" "$work/texture/o.pvr" --json "${normal[@]}"
        if [[ $options == *--mipmaps* ]]; then
            check "$name compare --level 2 ($options)" compare "$image" "$work/texture/o.pvr" --json --level 2 \
                "${normal[@]}"
        fi
    done
done

# encode --cube: the first six images that are square and of the first one's size.
faces=()
for image in "$@"; do
    size=$(python3 -c "import struct,sys; print(struct.unpack('>II', open(sys.argv[1],'rb').read(24)[16:24]))" "$image")
    read -r w h < <(echo "$size" | tr -d '(),' )
    [ "$w" = "$h" ] || continue
    [ ${#faces[@]} -eq 0 ] && cube_size=$w
    [ "$w" = "${cube_size:-}" ] && faces+=("$(realpath "$image")")
    [ ${#faces[@]} -eq 6 ] && break
done
if [ ${#faces[@]} -eq 6 ]; then
    for container in $containers; do
        for bpp in $bpps; do
            ext=pvr
            [ $container = ktx ] && ext=ktx
            [ $container = ktx2 ] && ext=ktx2
            args=(--quality fast --format "$container" --bpp "$bpp" --mipmaps)
            check "cube ${args[*]}" encode --cube "${faces[@]}" PVRC/sky.$ext --quiet "${args[@]}"
            mkdir -p "$work/texture"
            "$old" encode --cube "${faces[@]}" "$work/texture/sky.$ext" --quiet "${args[@]}" 2>/dev/null || continue
            for face in 0 3 5; do
                check "cube decode face $face ${args[*]}" decode "$work/texture/sky.$ext" PVRC/f.png --face $face
            done
            check "cube info ${args[*]}" info "$work/texture/sky.$ext"
        done
    done
fi

# build: the corpus as one source folder.
if [ "$variants" != 1 ]; then
    echo "byte identity: $same identical, $differ different"
    [ "$differ" -eq 0 ]
    exit
fi
mkdir -p "$work/source"
for image in "$@"; do cp "$image" "$work/source/"; done
for options in "--quality fast" "--quality fast --format ktx --mipmaps"; do
    # shellcheck disable=SC2086
    check "build $options" build "$work/source" PVRC/out --quiet --jobs "${JOBS:-2}" $options
done

echo "byte identity: $same identical, $differ different"
[ "$differ" -eq 0 ]
