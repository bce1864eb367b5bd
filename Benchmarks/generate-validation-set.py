#!/usr/bin/env python3
"""Generates a fresh validation sample: more receipts or photographs like the evaluation
set's, from a new seed, for checking a change on images no threshold was chosen on.

Usage: /usr/bin/python3 Benchmarks/generate-validation-set.py OUT SEED CATEGORY PER_FONT FONTS
  CATEGORY: receipt (faded thermal receipts), receipt-photo (those, photographed), photo
  FONTS: tune, test, or tune,test (the evaluation set's font splits)
Writes OUT/manifest.tsv with the split column `val`, so:
  /usr/bin/python3 Benchmarks/evaluate-accuracy.py --split val OUT

Photographs are not byte-identical between runs: Pillow's `effect_noise` is not seeded.
"""
import importlib.util
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("evalset", os.path.join(HERE, "generate-eval-set.py"))
evalset = importlib.util.module_from_spec(spec)
spec.loader.exec_module(evalset)


def main():
    if len(sys.argv) != 6 or sys.argv[3] not in ("receipt", "receipt-photo", "photo"):
        sys.exit(__doc__)
    out, seed, category, per_font, splits = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4]), sys.argv[5].split(",")
    os.makedirs(out, exist_ok=True)
    rng = random.Random(seed)
    korean = evalset.corpus("corpus_ko.txt")
    manifest = []
    for split in splits:
        for name in evalset.EVAL_FONT_SPLITS[split]:
            for variant in range(per_font):
                if category == "photo":
                    lines = rng.sample(korean, 7)
                    image = evalset.photo(evalset.render_lines(lines, name, size=34), rng)
                else:
                    image, lines = evalset.receipt(name, rng)
                    if category == "receipt-photo":
                        image = evalset.photo(image, rng)
                ext = "png" if category == "receipt" else "jpg"
                file = f"v{seed}-{category}-{name}-{variant}.{ext}"
                evalset.save_sample(out, file, image, lines)
                manifest.append((file, category, "val"))
    evalset.write_manifest(out, manifest)
    print(f"{len(manifest)} images in {out}")


if __name__ == "__main__":
    main()
