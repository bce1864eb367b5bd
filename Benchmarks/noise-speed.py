#!/usr/bin/python3
"""How long `ocr scan` spends on pictures that hold no text: generated noise and the decode
fuzzer's slow cases, in seconds per megapixel (a page of text costs about 1 s/MP).

Usage:
  /usr/bin/python3 Benchmarks/noise-speed.py [--ocr PATH]... [--sizes 0.1,1,4,12] [--keep DIR]

Generates, at each size (megapixels): salt and pepper (5% and 30% of pixels), an
ordered-dither halftone of a smooth field, a Floyd-Steinberg dither of a random field,
a screen moiré (two line gratings crossing at 7°), and paper grain; then adds every file of
TestImages/fuzz. Each image is read by one `ocr scan IMAGE --time-limit 0` per binary
(`--ocr` again to compare builds in the same run), alternately. Prints per image the wall
time, s/MP, and the characters read; then the slowest s/MP per binary. Needs numpy and
Pillow (`bash Scripts/setup.sh --bench`).
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time

import numpy as np
from PIL import Image

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def smooth_field(rng, height, width, cell=32):
    coarse = rng.random((height // cell + 2, width // cell + 2))
    return np.array(Image.fromarray((coarse * 255).astype(np.uint8)).resize((width, height), Image.BICUBIC), dtype=np.float64) / 255


def generators():
    def salt_pepper(share):
        def make(rng, h, w):
            picture = np.full((h, w), 255, np.uint8)
            picture[rng.random((h, w)) < share] = 0
            return picture
        return make

    def halftone(rng, h, w):
        bayer = np.array([[0, 8, 2, 10], [12, 4, 14, 6], [3, 11, 1, 9], [15, 7, 13, 5]]) / 16
        tiles = np.tile(bayer, (h // 4 + 1, w // 4 + 1))[:h, :w]
        return np.where(smooth_field(rng, h, w) > tiles, 255, 0).astype(np.uint8)

    def dither(rng, h, w):
        return np.array(Image.fromarray((rng.random((h, w)) * 255).astype(np.uint8)).convert("1").convert("L"))

    def moire(rng, h, w):
        y, x = np.mgrid[0:h, 0:w]
        angle = np.deg2rad(7)
        first = np.sin(x * 2 * np.pi / 6)
        second = np.sin((x * np.cos(angle) + y * np.sin(angle)) * 2 * np.pi / 6.3)
        return np.where(first + second > 0.4, 0, 255).astype(np.uint8)

    def grain(rng, h, w):
        return np.clip(200 + rng.normal(0, 40, (h, w)), 0, 255).astype(np.uint8)

    return [("salt-pepper-5", salt_pepper(0.05)), ("salt-pepper-30", salt_pepper(0.30)), ("halftone", halftone),
            ("dither", dither), ("moire", moire), ("grain", grain)]


def make_inputs(directory, sizes):
    rng = np.random.default_rng(7)
    paths = []
    for megapixels in sizes:
        width = int((megapixels * 1e6 * 4 / 3) ** 0.5)
        height = int(megapixels * 1e6 / width)
        for name, make in generators():
            path = os.path.join(directory, f"{name}-{megapixels:g}mp.png")
            Image.fromarray(make(rng, height, width)).save(path)
            paths.append(path)
    fuzz = os.path.join(ROOT, "TestImages", "fuzz")
    paths += [os.path.join(fuzz, name) for name in sorted(os.listdir(fuzz))]
    return paths


def megapixels(path):
    try:
        with Image.open(path) as picture:
            return picture.width * picture.height / 1e6
    except Exception:
        return None


def main():
    parser = argparse.ArgumentParser(description="ocr scan on pictures without text: seconds per megapixel.")
    parser.add_argument("--ocr", action="append")
    parser.add_argument("--sizes", default="0.1,1,4,12")
    parser.add_argument("--keep")
    options = parser.parse_args()
    binaries = options.ocr or [os.path.join(ROOT, ".build/release/ocr")]
    directory = options.keep or tempfile.mkdtemp(prefix="noise-")
    os.makedirs(directory, exist_ok=True)
    paths = make_inputs(directory, [float(size) for size in options.sizes.split(",")])
    slowest = [0.0] * len(binaries)
    print(f"{'image':<28}{'MP':>6}" + "".join(f"{'s':>8}{'s/MP':>7}{'chars':>6}" for _ in binaries))
    for path in paths:
        size = megapixels(path)
        row = f"{os.path.basename(path)[:27]:<28}{size or 0:>6.2f}"
        for index, binary in enumerate(binaries):
            start = time.monotonic()
            run = subprocess.run([binary, "scan", path, "--time-limit", "0", "-q"], capture_output=True, text=True)
            elapsed = time.monotonic() - start
            rate = elapsed / max(size or 1, 0.1)  # images under 0.1 MP count as 0.1
            slowest[index] = max(slowest[index], rate)
            read = len("".join(run.stdout.split())) if run.returncode == 0 else -run.returncode
            row += f"{elapsed:>8.2f}{rate:>7.2f}{read:>6}"
        print(row, flush=True)
    print("slowest s/MP: " + ", ".join(f"{os.path.basename(b)} {s:.2f}" for b, s in zip(binaries, slowest)))
    if not options.keep:
        for path in paths:
            if path.startswith(directory):
                os.remove(path)
        os.rmdir(directory)


if __name__ == "__main__":
    sys.exit(main())
