#!/usr/bin/python3
"""Generates receipts the extractor has never seen, with their true fields.

Usage: /usr/bin/python3 Benchmarks/generate-receipt-set.py [OUT]   (default .benchmarks/receipts)
       /usr/bin/python3 Benchmarks/generate-receipt-set.py --other [OUT]  (default .benchmarks/receipts-other)
Then:  /usr/bin/python3 Benchmarks/evaluate-receipts.py OUT/test   (and OUT/tune)

--other draws the layouts the extractor was not written from (Scripts/receiptlayouts.py):
its tune split holds the TUNE layouts, its test split the HELDOUT layouts, which are
only measured, never tuned on.

Fonts are the evaluation set's (never the fixtures' Nanum Gothic family), split like it:
tune fonts for adjusting the extractor, test fonts only for reporting. Each split has
layouts (store, restaurant, cafe, pharmacy, mart, hypermart with two-line items) printed
clean, faded, and
photographed on a desk, at several sizes. Deterministic for a Pillow version.
"""
import json
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "Scripts"))
from fixturelib import EVAL_FONT_SPLITS, faded, photo  # noqa: E402
from receiptlib import make_receipt, render_receipt, row_text  # noqa: E402
from receiptlayouts import HELDOUT, TUNE, make_other_receipt  # noqa: E402

HERE = os.path.dirname(__file__)
SPLITS = {"tune": (EVAL_FONT_SPLITS["tune"], 101), "test": (EVAL_FONT_SPLITS["test"], 202)}
LAYOUTS = ["store", "restaurant", "cafe", "pharmacy", "mart", "hypermart"]
DEGRADATIONS = ["clean", "faded", "photo"]


def main():
    other = "--other" in sys.argv
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    out = args[0] if args else os.path.join(HERE, "..", ".benchmarks", "receipts-other" if other else "receipts")
    count = 0
    for split, (fonts, seed) in SPLITS.items():
        directory = os.path.join(out, split)
        os.makedirs(directory, exist_ok=True)
        rng = random.Random(seed)
        layouts = (TUNE if split == "tune" else HELDOUT) if other else LAYOUTS
        for font_name in fonts:
            for degradation in DEGRADATIONS:
                for layout in (layouts if other else rng.sample(LAYOUTS, 3)):
                    rows, truth = make_other_receipt(rng, layout) if other else make_receipt(rng, layout)
                    image = render_receipt(rows, font_name, size=rng.choice([22, 24, 26]))
                    name = f"{font_name}-{degradation}-{layout}"
                    if degradation == "faded":
                        image = faded(image, rng)
                    if degradation == "photo":
                        photo(image, rng).save(os.path.join(directory, name + ".jpg"), quality=85)
                    else:
                        image.save(os.path.join(directory, name + ".png"))
                    with open(os.path.join(directory, name + ".expected.json"), "w", encoding="utf-8") as f:
                        json.dump(truth, f, ensure_ascii=False, indent=2)
                    with open(os.path.join(directory, name + ".txt"), "w", encoding="utf-8") as f:
                        f.write("\n".join(row_text(row) for row in rows) + "\n")
                    count += 1
    print(f"{count} receipts in {out}")


if __name__ == "__main__":
    main()
