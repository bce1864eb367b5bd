#!/usr/bin/env bash
# Speed benchmark: the same images, the same run.
#   1. the tesseract command in a loop, default settings (-l kor+eng)
#   2. the tesseract command in a loop with OMP_THREAD_LIMIT=1
#   3. ocr scan, all images in one process, default jobs (one engine per core)
#   4. ocr scan --jobs 1 (one engine)
#   5. with --with-openmp: ocr scan with SWIFTOCR_TESSERACT_OPENMP=1 (Tesseract's own threads)
# Prints wall, user and system time and peak RSS for each, the wall-time ratios, and the
# warm single-image latency through the library against one tesseract command.
#
# With --rounds N (N > 1), the OMP_THREAD_LIMIT=1 loop and the ocr batch are then run N
# times more, alternately, and each round's ratio and the median are printed: this machine's
# speed drifts by 10-15% within minutes, which one pair of runs cannot tell from a change.
#
# Usage: bash Benchmarks/compare-speed.sh [--with-openmp] [--rounds N] [IMAGE_DIR [PREFIX]]
#   IMAGE_DIR defaults to .benchmarks/eval; PREFIX picks files by name (tune- is 54 images).
set -euo pipefail
cd "$(dirname "$0")/.."
with_openmp=false
rounds=1
while [[ "${1:-}" == --* ]]; do
    case "$1" in
    --with-openmp) with_openmp=true; shift ;;
    --rounds) rounds=$2; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 64 ;;
    esac
done
dir=${1:-.benchmarks/eval}
prefix=${2:-}
ocr=.build/release/ocr
# One product per call: SwiftPM builds only the last of several --product options.
swift build -c release --product ocr >/dev/null
swift build -c release --product ocr-benchmark >/dev/null
mapfile -t images < <(ls "$dir"/"$prefix"*.png "$dir"/"$prefix"*.jpg 2>/dev/null)
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
measure "ocr-batch scan (one process, $(nproc) jobs)" "$ocr" scan --quiet "${images[@]}"
measure "ocr-single scan --jobs 1" "$ocr" scan --quiet --jobs 1 "${images[@]}"
ocr_openmp_wall=0
if $with_openmp; then
    measure "ocr-openmp scan (SWIFTOCR_TESSERACT_OPENMP=1)" env SWIFTOCR_TESSERACT_OPENMP=1 "$ocr" scan --quiet "${images[@]}"
fi

awk -v a="$ocr_batch_wall" -v b="$tesseract_default_wall" -v c="$tesseract_omp1_wall" -v s="$ocr_single_wall" -v d="$ocr_openmp_wall" 'BEGIN {
    printf "ratios (wall): ocr / tesseract default = %.2f, ocr / tesseract OMP_THREAD_LIMIT=1 = %.2f, ocr jobs / ocr one job = %.2f", a / b, a / c, a / s
    if (d > 0) printf ", ocr / ocr with OpenMP = %.2f", a / d
    printf "\n"
}'

if ((rounds > 1)); then
    ratios=()
    for ((round = 1; round <= rounds; round++)); do
        measure "tesseract-omp1 loop, round $round" env OMP_THREAD_LIMIT=1 bash -c 'tesseract_default'
        measure "ocr-batch scan, round $round" "$ocr" scan --quiet "${images[@]}"
        ratios+=("$(awk -v a="$ocr_batch_wall" -v c="$tesseract_omp1_wall" 'BEGIN { printf "%.2f", a / c }')")
    done
    printf "ocr / tesseract OMP_THREAD_LIMIT=1 by round: %s; median %s\n" "${ratios[*]}" \
        "$(printf "%s\n" "${ratios[@]}" | sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }')"
fi

echo "warm single-image latency (TestImages/receipt.png):"
.build/release/ocr-benchmark latency TestImages/receipt.png --runs 20
