#!/usr/bin/python3
"""Generates the held-out evaluation set: clean Korean documents.

Usage: /usr/bin/python3 Benchmarks/generate-eval-set.py [OUTPUT_DIR]   (default .benchmarks/eval)
Needs: apt-get install python3-pil fonts-nanum fonts-unfonts-core fonts-baekmuk fonts-noto-cjk

Fonts and sentences here are never used by the test fixtures (TestImages/), and
nothing in the library is tuned on these images: they measure how recognition
generalises. Deterministic: same fonts and Pillow, same images.
Each IMAGE.png has IMAGE.txt (expected lines) and every image is listed in
manifest.tsv as: file, category.
"""
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "Scripts"))
from fixturelib import render_lines  # noqa: E402

HERE = os.path.dirname(__file__)
EVAL_FONTS = ["nanum-myeongjo", "un-batang", "un-dotum", "baekmuk-batang", "baekmuk-gulim",
              "noto-sans-kr", "noto-serif-kr"]


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "..", ".benchmarks", "eval")
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(HERE, "corpus_ko.txt"), encoding="utf-8") as f:
        corpus = [line.strip() for line in f if line.strip()]
    rng = random.Random(20261129)
    manifest = []
    for index, font_name in enumerate(EVAL_FONTS):
        for variant, size in enumerate((28, 40)):
            lines = rng.sample(corpus, 6)
            name = f"clean-{font_name}-{size}"
            render_lines(lines, font_name, size=size).save(os.path.join(out, name + ".png"))
            with open(os.path.join(out, name + ".txt"), "w", encoding="utf-8") as f:
                f.write("\n".join(lines) + "\n")
            manifest.append((name + ".png", "clean"))
    with open(os.path.join(out, "manifest.tsv"), "w", encoding="utf-8") as f:
        for file, category in manifest:
            f.write(f"{file}\t{category}\n")
    print(f"{len(manifest)} images in {out}")


if __name__ == "__main__":
    main()
