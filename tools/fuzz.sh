#!/usr/bin/env bash
# Builds and runs one libFuzzer target (or all of them) for a bounded time:
#
#   tools/fuzz.sh TARGET SECONDS      TARGET: pvr2 | pvr3 | ktx | describe-pvr2 | describe-pvr3 |
#                                             describe-ktx | describe-ktx2 | describe-ccz | png | image |
#                                             gpudata | all
#
# The libraries are built with -sanitize=fuzzer,address into .build-fuzz (separate from .build, so
# normal builds are unaffected); each target in Fuzz/Targets is then linked against them with
# swiftc. A run first replays Fuzz/Regressions/TARGET (reproducers of past crashes), then fuzzes
# from the seeds in Fuzz/Corpus/TARGET (read-only; new inputs go to .build-fuzz/corpus/TARGET).
# Any crash, sanitizer report, leak or trap exits non-zero; the reproducer is saved as
# .build-fuzz/artifacts/TARGET-crash-* (add it to Fuzz/Regressions/TARGET once fixed).
set -euo pipefail
cd "$(dirname "$0")/.."

targets=(pvr2 pvr3 ktx describe-pvr2 describe-pvr3 describe-ktx describe-ktx2 describe-ccz png image gpudata)
usage() { echo "usage: tools/fuzz.sh $(IFS='|'; echo "${targets[*]}")|all SECONDS" >&2; exit 1; }
[[ $# -eq 2 && "$2" =~ ^[0-9]+$ ]] || usage
if [[ "$1" == all ]]; then
    selected=("${targets[@]}")
else
    [[ " ${targets[*]} " == *" $1 "* ]] || usage
    selected=("$1")
fi
seconds=$2

build=.build-fuzz
debug="$build/debug"
echo "fuzz: building the libraries with -sanitize=fuzzer,address in $build"
for module in PVRTCGL ImageFiles; do
    # (-Xswiftc -sanitize=fuzzer gives the libraries coverage instrumentation; SwiftPM's --sanitize
    # fuzzer leaves library targets uninstrumented.)
    swift build --build-path "$build" -Xswiftc -sanitize=fuzzer,address -Xcc -fsanitize=fuzzer-no-link,address \
        --target "$module" 2>&1 \
        | grep -v '^\[' || true
    [[ "${PIPESTATUS[0]}" -eq 0 ]] || { echo "fuzz: building $module failed" >&2; exit 1; }
done

objects=()
for module in Imaging PVRTC FileIO TextureFormats PVRTCGL ImageFiles; do
    objects+=("$debug/$module.build"/*.swift.o)
done
# The targets are compiled as part of this package (SwiftPM's -package-name, which follows the
# checkout's folder name), so they may use its `package` declarations, as its tests do.
package_name=$(grep '"-module-name","PVRTC"' "$build/debug.yaml" | head -n 1 | grep -o '"-package-name","[^"]*"' | cut -d '"' -f 4)
[[ -n "$package_name" ]] || { echo "fuzz: cannot find the package name in $build/debug.yaml" >&2; exit 1; }
module_flags=(-I "$debug/Modules" -package-name "$package_name")
# The C bridge targets (libpng's and stb_image's error handling) and the system libraries' module maps.
for bridge in "$debug"/C*Bridge.build; do
    name=$(basename "$bridge" .build)
    objects+=("$bridge"/*.c.o)
    module_flags+=(-Xcc -fmodule-map-file="$bridge/module.modulemap" -Xcc -I -Xcc "Sources/$name/include")
done
for map in Sources/C*/module.modulemap; do
    module_flags+=(-Xcc -fmodule-map-file="$map")
done

sources_of() {
    case "$1" in
        pvr2) echo Fuzz/Targets/ContainerFuzzing.swift Fuzz/Targets/PVR2Fuzz.swift ;;
        pvr3) echo Fuzz/Targets/ContainerFuzzing.swift Fuzz/Targets/PVR3Fuzz.swift ;;
        ktx) echo Fuzz/Targets/ContainerFuzzing.swift Fuzz/Targets/KTXFuzz.swift ;;
        describe-*)
            local name
            name=$(echo "${1#describe-}" | tr '[:lower:]' '[:upper:]')
            echo Fuzz/Targets/ContainerFuzzing.swift Fuzz/Targets/DescriptionFuzzing.swift "Fuzz/Targets/Describe${name}Fuzz.swift"
            ;;
        png) echo Fuzz/Targets/ImageFuzzing.swift Fuzz/Targets/PNGFuzz.swift ;;
        image) echo Fuzz/Targets/ImageFuzzing.swift Fuzz/Targets/ImageFileFuzz.swift ;;
        gpudata) echo Fuzz/Targets/GPUDataFuzz.swift ;;
    esac
}

status=0
for target in "${selected[@]}"; do
    binary="$build/fuzz-$target"
    # The description targets read under a 1 Mpixel limit: no input may cost more than a few times the
    # 4 MiB level that allows, so their memory limit catches a reader that allocates what a header claims.
    rss=2048
    [[ "$target" == describe-* ]] && rss=512
    read -r -a sources <<<"$(sources_of "$target")"
    # The linker's notes about ASan's local symbols are noise; its output is shown only on failure.
    swiftc -sanitize=fuzzer,address -g -Onone -parse-as-library -module-name "Fuzz_${target//-/_}" \
        "${module_flags[@]}" "${sources[@]}" "${objects[@]}" -lpng -lturbojpeg -lstb -lz -lzstd -lEGL -lGLESv2 -o "$binary" \
        >"$build/$target-link.log" 2>&1 || { grep -v 'Cannot export local symbol' "$build/$target-link.log" >&2; exit 1; }

    regressions=(Fuzz/Regressions/"$target"/*)
    if [[ -e "${regressions[0]}" ]]; then
        echo "fuzz: $target: replaying ${#regressions[@]} regression input(s)"
        "$binary" -rss_limit_mb="$rss" "${regressions[@]}" >"$build/$target-regressions.log" 2>&1 || {
            tail -40 "$build/$target-regressions.log" >&2
            echo "fuzz: $target: a regression input fails again" >&2
            status=1
            continue
        }
    fi

    corpus="$build/corpus/$target"
    mkdir -p "$corpus" "$build/artifacts"
    log="$build/$target.log"
    echo "fuzz: $target: fuzzing for ${seconds}s from Fuzz/Corpus/$target"
    if "$binary" "$corpus" "Fuzz/Corpus/$target" -max_total_time="$seconds" -rss_limit_mb="$rss" -timeout=10 \
        -max_len=65536 -print_final_stats=1 -artifact_prefix="$build/artifacts/$target-" >"$log" 2>&1; then
        runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
        peak=$(sed -n 's/^stat::peak_rss_mb: *//p' "$log")
        cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1)
        echo "fuzz: $target: ok, ${runs:-?} executions in ${seconds}s, $cov, peak RSS ${peak:-?} MB"
    else
        tail -60 "$log" >&2
        echo "fuzz: $target: FAILED (reproducer in $build/artifacts/$target-*)" >&2
        status=1
    fi
done
exit $status
