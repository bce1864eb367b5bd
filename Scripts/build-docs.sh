#!/usr/bin/env bash
# Builds the DocC documentation of Domain and Data into a static site (.build/docs/),
# with the toolchain's own docc; a broken symbol link or any other warning fails it.
# Usage: bash Scripts/build-docs.sh        (then open .build/docs/Domain/index.html)
set -euo pipefail
cd "$(dirname "$0")/.."
swift package dump-symbol-graph >/dev/null
graphs=$(dirname "$(find .build -path "*/symbolgraph/Domain.symbols.json" | head -1)")
for module in Domain Data; do
    dir=.build/docs-symbols/$module
    rm -rf "$dir" && mkdir -p "$dir"
    cp "$graphs/$module".symbols.json "$dir"/
    cp "$graphs/$module"@*.symbols.json "$dir"/ 2>/dev/null || true
    mkdir -p .build/docs
    docc convert "Sources/$module/$module.docc" \
        --additional-symbol-graph-dir "$dir" \
        --fallback-display-name "$module" --fallback-bundle-identifier "swiftocr.$module" \
        --transform-for-static-hosting --hosting-base-path "$module" \
        --warnings-as-errors \
        --output-path ".build/docs/$module"
done
echo "documentation in .build/docs/Domain and .build/docs/Data"
