#!/usr/bin/env bash
# Counts the public (and open) declarations of each library target under Sources/: every line that
# declares something with `public` or `open` access (types, members, initialisers, extensions'
# members), imports excluded. Usage: tools/count-public-declarations.sh [REPO_ROOT] [TARGET...]
set -euo pipefail
root="${1:-.}"
shift || true
cd "$root/Sources"
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    mapfile -t targets < <(ls -d */ | tr -d / | sort)
fi
total=0
for target in "${targets[@]}"; do
    [ -d "$target" ] || continue
    count=$(find "$target" -name '*.swift' -print0 |
        xargs -0 -r grep -hE '^[[:space:]]*(@[A-Za-z]+(\([^)]*\))?[[:space:]]+)*(public|open)([[:space:]]|\()' |
        grep -vcE '^[[:space:]]*(public|open)[[:space:]]+import[[:space:]]' || true)
    [ "$count" -gt 0 ] || continue
    printf '%-20s %5d\n' "$target" "$count"
    total=$((total + count))
done
printf '%-20s %5d\n' total "$total"
