#!/usr/bin/env bash
# Compiles every C file of the package for another architecture (default aarch64), with
# clang's --target and Debian's cross headers, to check that the package builds there:
# platform-specific code (x86 intrinsics, cpuid) must be guarded, not required.
#
#   bash Scripts/cross-compile-check.sh                 # aarch64-linux-gnu
#   TARGET=aarch64-linux-gnu bash Scripts/cross-compile-check.sh
#
# Needs: apt-get install libc6-dev-arm64-cross (Scripts/setup.sh --cross installs it), and
# the host's Tesseract, Leptonica, libpng, libjpeg and libwebp headers (architecture-free
# apart from libjpeg's jconfig.h, taken from the host's multiarch directory).
set -euo pipefail
cd "$(dirname "$0")/.."
target=${TARGET:-aarch64-linux-gnu}
sysroot=/usr/${target}
[[ -d "$sysroot/include" ]] || { echo "Error: no headers for $target in $sysroot; apt-get install libc6-dev-arm64-cross" >&2; exit 1; }
host_multiarch=$(gcc -print-multiarch)
failed=0
count=0
for file in Sources/*/*.c; do
    count=$((count + 1))
    directory=$(dirname "$file")
    if ! clang --target="$target" --sysroot="$sysroot" -std=gnu11 -fsyntax-only -Werror -Wall \
        -I"$directory" -I"$directory/include" -idirafter /usr/include -idirafter "/usr/include/$host_multiarch" \
        "$file"; then
        echo "FAIL: $file does not compile for $target" >&2
        failed=1
    fi
done
[[ $failed == 0 ]] || exit 1
echo "All $count C files compile for $target."
