#!/usr/bin/env bash
# Installs the Debian packages SwiftOCR needs to build and run: Tesseract and Leptonica
# (headers and libraries, found through pkg-config), libpng, libjpeg and libwebp (which
# CImageCodecs calls directly), and the Korean, English, Hangul-script and orientation
# language data. Safe to run again: it installs only what is missing.
#
#   bash Scripts/setup.sh            # library, CLI and tests
#   bash Scripts/setup.sh --bench    # also the tesseract command, Pillow, numpy and fonts for
#                                    # Benchmarks/, and tiffcp, cwebp, img2pdf and qpdf for ../shared/hostile
#   bash Scripts/setup.sh --cross    # also Debian's arm64 C headers, for Scripts/cross-compile-check.sh
set -euo pipefail

packages=(pkg-config libtesseract-dev libleptonica-dev libpng-dev libjpeg-dev libwebp-dev tesseract-ocr-kor tesseract-ocr-eng tesseract-ocr-osd tesseract-ocr-script-hang poppler-utils)
if [[ "${1:-}" == "--bench" ]]; then
    packages+=(tesseract-ocr python3-pil python3-numpy libtiff-tools webp img2pdf qpdf fonts-nanum fonts-unfonts-core fonts-baekmuk fonts-noto-cjk)
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
