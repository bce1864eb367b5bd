#!/usr/bin/python3
"""Generates the held-out accuracy evaluation set (Korean, synthetic, with ground truth).

Usage: /usr/bin/python3 Benchmarks/generate-eval-set.py [OUTPUT_DIR]   (default .benchmarks/eval)
Needs: bash Scripts/setup.sh --bench   (Pillow and Debian fonts)

Categories: clean documents, small text, rotated pages (90/180/270, no hint),
skewed pages, camera-like photos, faded thermal receipts, photographed faded
receipts, Korean/English mixes, light-on-dark text (a whole page, or a dark
header band above dark-on-light lines; drawn from their own random stream, so
adding them left every other image unchanged).
Two splits with disjoint fonts and seeds:
  tune  fonts un-dotum, noto-serif-kr, baekmuk-gulim       (may be looked at while tuning)
  test  fonts nanum-myeongjo, un-batang, baekmuk-batang, noto-sans-kr   (never tuned on)
No font here is used by the test fixtures (TestImages/), and the sentences come from
Benchmarks/corpus_*.txt, not from the fixtures. Deterministic for a given Pillow.
Each IMAGE.png/.jpg has IMAGE.txt (expected lines); manifest.tsv lists
file, category, split.
"""
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "Scripts"))
from fixturelib import (  # noqa: E402
    EVAL_FONT_SPLITS, faded, line_text, photo, render_lines, skewed, stored_for_rotation, with_dark_band)

HERE = os.path.dirname(__file__)
SPLITS = {"tune": (EVAL_FONT_SPLITS["tune"], 11), "test": (EVAL_FONT_SPLITS["test"], 29)}
STORES = ["한빛마트 강남점", "새벽베이커리", "우리동네약국", "푸른채소가게", "다온식당", "행운문구 종로점"]
ITEMS = ["서울우유 1L", "신라면 5입", "햇반 210g", "계란 10구", "두부 300g", "바나나 1송이", "생수 2L",
         "삼겹살 500g", "양파 1.5kg", "식빵", "커피믹스 20T", "감자칩", "볼펜 0.5mm", "건전지 AA",
         "김밥", "떡볶이", "아메리카노", "크루아상", "감기약", "밴드 20매"]


def corpus(name):
    with open(os.path.join(HERE, name), encoding="utf-8") as f:
        return [line.strip() for line in f if line.strip()]


def receipt(font_name, rng):
    """A faded thermal receipt: 576 px wide, grey print, streaks, speckles."""
    items = rng.sample(ITEMS, rng.randint(4, 7))
    rows, total = [], 0
    for item in items:
        quantity = rng.randint(1, 3)
        price = rng.randint(8, 150) * 100
        total += price * quantity
        rows.append((f"{item} {quantity}", f"{price * quantity:,}"))
    date = f"2025-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d} {rng.randint(8, 22):02d}:{rng.randint(0, 59):02d}"
    lines = [rng.choice(STORES), f"사업자번호 {rng.randint(100, 999)}-{rng.randint(10, 99)}-{rng.randint(10000, 99999)}",
             date, *rows, ("합계", f"{total:,}"), ("부가세", f"{total // 11:,}"),
             f"카드승인 {rng.randint(10000000, 99999999)}"]
    size = rng.choice([22, 24, 26])
    page = render_lines(lines, font_name, size=size, width=576, margin=24, spacing=0.45)
    return faded(page, rng), lines


def save_sample(out, file, image, lines):
    """Writes `image` as OUT/FILE (JPEG at quality 90 for .jpg) and its lines beside it."""
    if file.endswith(".jpg"):
        image.convert("RGB").save(os.path.join(out, file), quality=90)
    else:
        image.save(os.path.join(out, file))
    with open(os.path.join(out, os.path.splitext(file)[0] + ".txt"), "w", encoding="utf-8") as f:
        f.write("\n".join(line_text(line) for line in lines) + "\n")


def write_manifest(out, rows):
    """Writes OUT/manifest.tsv: file, category, split."""
    with open(os.path.join(out, "manifest.tsv"), "w", encoding="utf-8") as f:
        for row in rows:
            f.write("\t".join(row) + "\n")


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "..", ".benchmarks", "eval")
    os.makedirs(out, exist_ok=True)
    korean, mixed = corpus("corpus_ko.txt"), corpus("corpus_mixed.txt")
    manifest = []

    def save(name, image, lines, category, split, ext="png"):
        file = f"{split}-{category}-{name}.{ext}"
        save_sample(out, file, image, lines)
        manifest.append((file, category, split))

    for split, (fonts, seed) in SPLITS.items():
        rng = random.Random(seed)
        for index, name in enumerate(fonts):
            for size in (28, 40):
                lines = rng.sample(korean, 6)
                save(f"{name}-{size}", render_lines(lines, name, size=size), lines, "clean", split)
            lines = rng.sample(korean, 6)
            save(f"{name}", render_lines(lines, name, size=rng.choice([12, 13, 14, 15])), lines, "small", split)
            for degrees in (90, 180, 270):
                lines = rng.sample(korean, 5)
                page = render_lines(lines, name, size=32)
                save(f"{name}-{degrees}", stored_for_rotation(page, degrees), lines, "rotated", split)
            for _ in range(2):
                lines = rng.sample(korean, 6)
                angle = rng.choice([-1, 1]) * rng.uniform(2, 8)
                page = skewed(render_lines(lines, name, size=30), angle)
                save(f"{name}-{abs(angle):.1f}", page, lines, "skewed", split)
            for variant in range(2):
                lines = rng.sample(korean, 7)
                save(f"{name}-{variant}", photo(render_lines(lines, name, size=34), rng), lines, "photo", split, "jpg")
            for variant in range(2):
                image, lines = receipt(name, rng)
                save(f"{name}-{variant}", image, lines, "receipt", split)
            for variant in range(2):
                image, lines = receipt(name, rng)
                save(f"{name}-{variant}", photo(image, rng), lines, "receipt-photo", split, "jpg")
            for variant in range(2):
                lines = rng.sample(mixed, 4)
                save(f"{name}-{variant}", render_lines(lines, name, size=rng.choice([26, 32])), lines, "mixed", split)
        rng = random.Random(seed + 1000)
        for name in fonts:
            lines = rng.sample(korean, 5)
            page = render_lines(lines, name, size=rng.choice([26, 32]))
            ink, paper = rng.randint(0, 70), rng.randint(200, 255)
            save(f"{name}-page", page.point(lambda v: ink + (paper - ink) * (255 - v) // 255), lines, "inverted", split)
            header, body = rng.choice(STORES), rng.sample(korean, 4)
            page = with_dark_band(header, render_lines(body, name, size=28), name, size=32, rng=rng)
            save(f"{name}-band", page, [header, *body], "inverted", split)
    write_manifest(out, manifest)
    print(f"{len(manifest)} images in {out}")


if __name__ == "__main__":
    main()
