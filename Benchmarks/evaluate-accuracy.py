#!/usr/bin/python3
"""Accuracy benchmark: `ocr scan` against plain `tesseract` on the same images, same run.

Usage:
  /usr/bin/python3 Benchmarks/evaluate-accuracy.py [--ocr PATH] [--split test|tune|all]
                                                   [--no-tesseract] [EVAL_DIR] [-- OCR_ARGS...]

--split picks the images (default test: the held-out split). OCR_ARGS are passed to
`ocr scan` (for example `-- --level fast`).

EVAL_DIR defaults to .benchmarks/eval (made by generate-eval-set.py); --ocr
defaults to .build/release/ocr. `tesseract` runs with its default settings
(`-l kor+eng`, nothing else), one process per image, as a user would call it;
`ocr scan` reads all images in one process (one engine start).

Character error rate (CER): edit distance over NFC-normalised text with all
whitespace removed, divided by the expected length; per image capped at 1.0.
"Pooled" is total edits over total expected characters in the category.
Line recall: the share of expected lines found with CER <= 0.1 in some
recognised line.
"""
import json
import os
import subprocess
import sys
import time
from collections import defaultdict

from cer import score


def run_ocr(binary, paths, extra):
    start = time.monotonic()
    process = subprocess.run([binary, "scan", "--format", "json", *extra, *paths], capture_output=True, text=True)
    elapsed = time.monotonic() - start
    reports = json.loads(process.stdout) if process.stdout.strip() else []
    if isinstance(reports, dict):
        reports = [reports]
    texts = {report["file"]: "\n".join(line["text"] for line in report["lines"]) for report in reports}
    return texts, elapsed


def run_tesseract(paths):
    texts, start = {}, time.monotonic()
    for path in paths:
        process = subprocess.run(["tesseract", path, "-", "-l", "kor+eng"], capture_output=True, text=True)
        texts[path] = process.stdout
    return texts, time.monotonic() - start


def main():
    args = sys.argv[1:]
    extra = []
    if "--" in args:
        extra = args[args.index("--") + 1:]
        args = args[:args.index("--")]
    binary, split, with_tesseract = ".build/release/ocr", "test", True
    if "--ocr" in args:
        i = args.index("--ocr")
        binary = args[i + 1]
        del args[i:i + 2]
    if "--split" in args:
        i = args.index("--split")
        split = args[i + 1]
        del args[i:i + 2]
    if "--no-tesseract" in args:
        args.remove("--no-tesseract")
        with_tesseract = False
    directory = args[0] if args else os.path.join(".benchmarks", "eval")
    with open(os.path.join(directory, "manifest.tsv"), encoding="utf-8") as f:
        rows = [line.rstrip("\n").split("\t") for line in f if line.strip()]
    manifest = [(row[0], row[1]) for row in rows if split == "all" or len(row) < 3 or row[2] == split]
    paths = [os.path.join(directory, file) for file, _ in manifest]
    ours, our_time = run_ocr(binary, paths, extra)
    theirs, their_time = run_tesseract(paths) if with_tesseract else ({}, float("nan"))

    by_category = defaultdict(lambda: {"ocr": [], "tesseract": []})
    worst = []
    for (file, category), path in zip(manifest, paths):
        with open(os.path.splitext(path)[0] + ".txt", encoding="utf-8") as f:
            expected = f.read()
        our_score = score(ours.get(path, ""), expected)
        by_category[category]["ocr"].append(our_score)
        by_category[category]["tesseract"].append(score(theirs.get(path, ""), expected))
        worst.append((our_score["cer"], file))

    print(f"split: {split}   images: {len(paths)}   ocr: {binary} {' '.join(extra)}   tesseract: default settings, -l kor+eng")
    print(f"{'category':<12}{'n':>4}{'ocr CER':>10}{'tess CER':>10}{'ratio':>8}"
          f"{'ocr mean':>10}{'tess mean':>10}{'ocr recall':>12}{'tess recall':>12}")
    totals = {"ocr": [], "tesseract": []}
    rows = sorted(by_category.items()) + [("all", None)]
    for category, scores in rows:
        if scores is None:
            scores = totals
        else:
            for key in totals:
                totals[key] += scores[key]
        pooled = {key: sum(s["edits"] for s in scores[key]) / max(1, sum(s["chars"] for s in scores[key]))
                  for key in scores}
        mean = {key: sum(s["cer"] for s in scores[key]) / max(1, len(scores[key])) for key in scores}
        recall = {key: sum(s["recall"] for s in scores[key]) / max(1, len(scores[key])) for key in scores}
        ratio = pooled["ocr"] / pooled["tesseract"] if pooled["tesseract"] else float("nan")
        print(f"{category:<12}{len(scores['ocr']):>4}{pooled['ocr']:>10.3f}{pooled['tesseract']:>10.3f}"
              f"{ratio:>8.2f}{mean['ocr']:>10.3f}{mean['tesseract']:>10.3f}"
              f"{recall['ocr']:>12.2f}{recall['tesseract']:>12.2f}")
    n = max(1, len(paths))
    print(f"time per image: ocr {our_time / n:.3f} s (one process for all images), "
          f"tesseract {their_time / n:.3f} s (one process per image); ratio {our_time / max(1e-9, their_time):.2f}")
    print("worst ocr images: " + ", ".join(f"{file} {cer:.3f}" for cer, file in sorted(worst, reverse=True)[:8]))


if __name__ == "__main__":
    main()
