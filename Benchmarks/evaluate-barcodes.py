#!/usr/bin/python3
"""Barcodes and QR codes on generated receipts and labels, decoded by `ocr scan`.

Usage: /usr/bin/python3 Benchmarks/evaluate-barcodes.py [OUT] [--ocr BIN] [--real DIR]
Needs: apt-get install zint python3-pil fonts-nanum (Scripts/setup.sh --bench)

Generates 40 pages in OUT (default .benchmarks/barcodes): a receipt or a label's text with
one to three codes — a QR code, an EAN-13, a Code 128 — drawn clean, small (one or two
pixels a module), turned (a quarter, half, 15° or 30°), or photographed (perspective,
uneven light, blur, noise, JPEG: fixturelib.photo). Each is read with
`ocr scan --format json`; a code counts when a barcode of its symbology and payload is in
the document. With --real, also lists the barcodes found on every image of DIR
(real-dev's receipts carry some).
"""
import argparse
import json
import os
import random
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "Scripts"))
from PIL import Image, ImageDraw  # noqa: E402

from fixturelib import font, photo  # noqa: E402

HERE = os.path.dirname(__file__)
VARIANTS = ["clean", "small", "quarter", "half", "tilt15", "tilt30", "photo", "small-photo"]
KINDS = {"QR-Code": "QRCODE", "EAN-13": "EANX", "CODE-128": "CODE128"}
LINES = ["행복마트 역삼점", "합계 12,500원", "모바일 영수증", "유통기한 2026.03.01", "원산지 국내산"]


def ean13(rng):
    digits = "880" + "".join(str(rng.randint(0, 9)) for _ in range(9))
    total = sum(int(d) * (3 if i % 2 else 1) for i, d in enumerate(digits))
    return digits, digits + str((10 - total % 10) % 10)


def code(kind, data, scale):
    with tempfile.TemporaryDirectory() as directory:
        path = os.path.join(directory, "code.png")
        subprocess.run(["zint", "-b", KINDS[kind], "-d", data, "--scale", str(scale), "-o", path], check=True, capture_output=True)
        return Image.open(path).convert("L")


def page(rng, index):
    variant = VARIANTS[index % len(VARIANTS)]
    small = variant.startswith("small")
    kinds = rng.sample(list(KINDS), rng.randint(1, 3))
    image = Image.new("L", (900, 1200), 255)
    draw = ImageDraw.Draw(image)
    body = font("nanum-gothic", 28)
    for row, line in enumerate(rng.sample(LINES, 3)):
        draw.text((60, 40 + row * 48), line, font=body, fill=0)
    truth = []
    y = 220
    for kind in kinds:
        if kind == "QR-Code":
            payload = f"https://example.com/r/{rng.randint(10**7, 10**8)}"
            data = payload
        elif kind == "EAN-13":
            data, payload = ean13(rng)
        else:
            payload = data = f"A{rng.randint(1000, 9999)}-{rng.randint(10, 99)}"
        picture = code(kind, data, 1 if small else 2 + (kind == "QR-Code"))
        image.paste(picture, (60 + rng.randint(0, 200), y))
        y += picture.height + 50
        truth.append({"symbology": kind, "payload": payload})
    image = image.crop((0, 0, 900, max(y + 40, 500)))
    if variant == "quarter":
        image = image.rotate(90, expand=True, fillcolor=255)
    elif variant == "half":
        image = image.rotate(180, expand=True, fillcolor=255)
    elif variant.startswith("tilt"):
        image = image.rotate(int(variant[4:]), expand=True, fillcolor=255, resample=Image.Resampling.BICUBIC)
    if variant.endswith("photo"):
        image = photo(image, rng)
    return variant, image, truth


def barcodes(binary, path):
    run = subprocess.run([binary, "scan", path, "--format", "json", "--quiet"], capture_output=True, text=True)
    if run.returncode != 0:
        return None
    return [(b["symbology"], b["payload"]) for b in json.loads(run.stdout)["document"]["barcodes"]]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", default=os.path.join(HERE, "..", ".benchmarks", "barcodes"))
    parser.add_argument("--ocr", default=".build/release/ocr")
    parser.add_argument("--real")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    rng = random.Random(65)
    by_variant = {}
    by_kind = {}
    for index in range(40):
        variant, image, truth = page(rng, index)
        path = os.path.join(args.out, f"barcodes-{index:02d}-{variant}.png")
        image.save(path)
        found = barcodes(args.ocr, path) or []
        for code_truth in truth:
            hit = (code_truth["symbology"], code_truth["payload"]) in found
            for table, key in ((by_variant, variant), (by_kind, code_truth["symbology"])):
                right, total = table.get(key, (0, 0))
                table[key] = (right + hit, total + 1)
            if not hit:
                print(f"missed: {os.path.basename(path)} {code_truth['symbology']} {code_truth['payload']} (found {found})")
        extra = [f for f in found if {"symbology": f[0], "payload": f[1]} not in truth]
        if extra:
            print(f"extra: {os.path.basename(path)} {extra}")
    print("| variant | decoded |")
    print("| --- | --- |")
    for key, (right, total) in sorted(by_variant.items()):
        print(f"| {key} | {right}/{total} |")
    print("| kind | decoded |")
    print("| --- | --- |")
    for key, (right, total) in sorted(by_kind.items()):
        print(f"| {key} | {right}/{total} |")
    right = sum(r for r, _ in by_kind.values())
    total = sum(t for _, t in by_kind.values())
    print(f"ALL: {right}/{total} decoded")
    if args.real:
        for name in sorted(os.listdir(args.real)):
            if name.lower().endswith((".png", ".jpg", ".jpeg")):
                found = barcodes(args.ocr, os.path.join(args.real, name))
                if found:
                    print(f"real: {name}: {found}")


if __name__ == "__main__":
    main()
