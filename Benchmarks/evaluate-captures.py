#!/usr/bin/env python3
"""Real images captured otherwise: each image of a development set turned a quarter and
half a turn (stored without EXIF), at half its width and height, dimmed to 60%
brightness as a JPEG of quality 60 (a photograph in poor light), and turned a quarter in
the top-left corner of a white A4 page scanned at 300 dpi (2480 x 3508, larger when the
image does not fit: a slip laid sideways on a flatbed), read by `ocr scan` (default
options) and by plain `tesseract IMAGE - -l kor+eng` (OMP_THREAD_LIMIT=1).

    /usr/bin/python3 Benchmarks/evaluate-captures.py ../shared/real-dev [--ocr PATH] [--json OUT] [--captures on-a4,...]

The captured images are written to a temporary directory and deleted afterwards (the
development images' licences keep them out of this repository). Reports CER per image and
capture (whitespace removed, capped at 1, as `evaluate-real.py`), the mean per capture, and
the images where `ocr` reads worse than `tesseract` by more than 0.05.
"""
import argparse
import glob
import json
import os
import subprocess
import sys
import tempfile
import time

from PIL import Image, ImageEnhance, ImageOps

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cer  # noqa: E402

CAPTURES = ("turned", "upside-down", "half", "dim", "on-a4")


def capture(image, kind, directory, stem):
    """Writes `image` captured as `kind` into `directory`; returns the path."""
    if kind == "turned":
        path = os.path.join(directory, f"{stem}__turned.png")
        image.rotate(90, expand=True).save(path)
    elif kind == "upside-down":
        path = os.path.join(directory, f"{stem}__upside-down.png")
        image.rotate(180, expand=True).save(path)
    elif kind == "half":
        path = os.path.join(directory, f"{stem}__half.png")
        image.resize((max(1, image.width // 2), max(1, image.height // 2)), Image.LANCZOS).save(path)
    elif kind == "dim":
        path = os.path.join(directory, f"{stem}__dim.jpg")
        ImageEnhance.Brightness(image).enhance(0.6).save(path, quality=60)
    else:
        path = os.path.join(directory, f"{stem}__on-a4.png")
        turned = image.rotate(90, expand=True)
        page = Image.new("RGB", (max(2480, turned.width + 240), max(3508, turned.height + 300)), (255, 255, 255))
        page.paste(turned, (120, 150))
        page.save(path)
    return path


def read(command, env=None):
    start = time.time()
    result = subprocess.run(command, capture_output=True, text=True, env=env)
    return result.stdout, time.time() - start


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("directory")
    parser.add_argument("--ocr", default=".build/release/ocr")
    parser.add_argument("--json")
    parser.add_argument("--captures", default=",".join(CAPTURES), help="comma-separated: " + ", ".join(CAPTURES))
    options = parser.parse_args()
    kinds = [kind for kind in options.captures.split(",") if kind]
    if unknown := set(kinds) - set(CAPTURES):
        parser.error(f"unknown captures: {', '.join(sorted(unknown))}")
    images = sorted(p for p in glob.glob(os.path.join(options.directory, "*"))
                    if p.lower().endswith((".jpg", ".jpeg", ".png")) and os.path.exists(os.path.splitext(p)[0] + ".gt.txt"))
    env = dict(os.environ, OMP_THREAD_LIMIT="1")
    rows = []
    with tempfile.TemporaryDirectory() as directory:
        for path in images:
            stem = os.path.splitext(os.path.basename(path))[0]
            truth = open(os.path.splitext(path)[0] + ".gt.txt", encoding="utf-8").read()
            image = ImageOps.exif_transpose(Image.open(path)).convert("RGB")
            for kind in kinds:
                captured = capture(image, kind, directory, stem)
                ours, seconds = read([options.ocr, "scan", captured])
                theirs, tesseract_seconds = read(["tesseract", captured, "-", "-l", "kor+eng"], env=env)
                rows.append({"image": stem, "capture": kind,
                             "ocr_cer": cer.score(ours, truth)["cer"], "tesseract_cer": cer.score(theirs, truth)["cer"],
                             "ocr_seconds": seconds, "tesseract_seconds": tesseract_seconds})
    print(f"{'image':36s} {'capture':8s} {'ocr':>6s} {'tess':>6s} {'ocr s':>6s} {'tess s':>6s}")
    for row in rows:
        print(f"{row['image'][:36]:36s} {row['capture']:8s} {row['ocr_cer']:6.3f} {row['tesseract_cer']:6.3f} "
              f"{row['ocr_seconds']:6.1f} {row['tesseract_seconds']:6.1f}")
    for kind in kinds:
        part = [row for row in rows if row["capture"] == kind]
        worse = [row["image"] for row in part if row["ocr_cer"] > row["tesseract_cer"] + 0.05]
        print(f"{kind:8s} mean CER: ocr {sum(r['ocr_cer'] for r in part) / len(part):.3f}, "
              f"tesseract {sum(r['tesseract_cer'] for r in part) / len(part):.3f}; "
              f"time: ocr {sum(r['ocr_seconds'] for r in part):.1f} s, tesseract {sum(r['tesseract_seconds'] for r in part):.1f} s; "
              f"worse than tesseract by > 0.05: {len(worse)} {worse}")
    if options.json:
        with open(options.json, "w", encoding="utf-8") as f:
            json.dump({"ocr": options.ocr, "rows": rows}, f, ensure_ascii=False, indent=1)


if __name__ == "__main__":
    main()
