#!/usr/bin/env bash
# Speed benchmark: the same images, the same run.
#   1. the tesseract command in a loop, default settings (-l kor+eng)
#   2. the tesseract command in a loop with OMP_THREAD_LIMIT=1
#   3. ocr scan, all images in one process (one engine, OpenMP confined: the default)
#   4. ocr scan with SWIFTOCR_TESSERACT_OPENMP=1 (Tesseract's own threading left on)
# Prints wall, user and system time and peak RSS for each, and the wall-time ratios.
#
# Usage: bash Benchmarks/compare-speed.sh [IMAGE_DIR]   (default .benchmarks/eval)
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-.benchmarks/eval}
ocr=.build/release/ocr
[[ -x $ocr ]] || swift build -c release --product ocr >/dev/null
mapfile -t images < <(ls "$dir"/*.png)
echo "images: ${#images[@]} from $dir; $(nproc) cores"

measure() {  # label, command...
    local label=$1; shift
    local report
    report=$(mktemp)
    /usr/bin/time -o "$report" -f "%e %U %S %M" "$@" >/dev/null 2>/dev/null
    read -r wall user sys rss <"$report"
    rm -f "$report"
    printf "%-40s wall %7.2f s  user %7.2f s  sys %6.2f s  peak RSS %6d KB\n" "$label" "$wall" "$user" "$sys" "$rss"
    eval "$(echo "${label%% *}" | tr -c 'a-z0-9\n' '_')_wall=$wall"
}

export images_list="${images[*]}"
tesseract_default() { for image in $images_list; do tesseract "$image" - -l kor+eng >/dev/null 2>&1; done; }
export -f tesseract_default

measure "tesseract-default loop" bash -c 'tesseract_default'
measure "tesseract-omp1 loop (OMP_THREAD_LIMIT=1)" env OMP_THREAD_LIMIT=1 bash -c 'tesseract_default'
measure "ocr-batch scan (one process)" "$ocr" scan "${images[@]}"
measure "ocr-openmp scan (SWIFTOCR_TESSERACT_OPENMP=1)" env SWIFTOCR_TESSERACT_OPENMP=1 "$ocr" scan "${images[@]}"

awk -v a="$ocr_batch_wall" -v b="$tesseract_default_wall" -v c="$tesseract_omp1_wall" -v d="$ocr_openmp_wall" 'BEGIN {
    printf "ratios (wall): ocr / tesseract default = %.2f, ocr / tesseract OMP_THREAD_LIMIT=1 = %.2f, ocr / ocr with OpenMP = %.2f\n", a / b, a / c, a / d
}'
