#!/usr/bin/python3
"""Regenerates TestImages/document/: pages for the document view (paragraphs, lists,
tables, detected data) and for barcodes, with what each must give.

Usage: /usr/bin/python3 Scripts/generate-document-fixtures.py
Needs: apt-get install python3-pil fonts-nanum zint (zint draws the barcodes)

- page.png: a title, a paragraph, a numbered and a bulleted list, a ruled table whose
  header cell spans two columns, and a contact line (page.json: the structure expected).
- barcodes.png: a receipt's text with a QR code, an EAN-13 and a Code 128 barcode, the
  Code 128 turned a quarter (barcodes.json: their symbologies and payloads).
"""
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(__file__))
from PIL import Image, ImageDraw  # noqa: E402

from fixturelib import font  # noqa: E402

OUT = os.path.join(os.path.dirname(__file__), "..", "TestImages", "document")

TITLE = "장비 구매 안내"
PARAGRAPH = ["올해 연구실 장비를 아래와 같이 구매하려고 합니다. 필요한 장비가", "있으면 이번 달 말까지 담당자에게 알려 주시기 바랍니다."]
NUMBERED = ["1. 모니터는 27인치 제품으로 구매합니다.", "2. 키보드와 마우스는 무선 제품입니다.", "3. 설치는 다음 주 월요일에 합니다."]
BULLETS = ["• 납품 후 일 년 동안 무상으로 수리합니다.", "• 관련 비용은 공급업체가 부담합니다."]
TABLE = [("품목", "수량", "단가"), ("모니터", "18", "275,000원"), ("키보드", "20", "39,000원"), ("마우스", "20", "25,000원")]
CONTACT = "문의 02-1234-5678 lab@example.co.kr"


def page():
    width = 1240
    image = Image.new("L", (width, 1300), 255)
    draw = ImageDraw.Draw(image)
    body = font("nanum-gothic", 30)
    y = 80
    draw.text((80, y), TITLE, font=font("nanum-gothic", 60), fill=0)
    y += 130
    for line in PARAGRAPH:
        draw.text((80, y), line, font=body, fill=0)
        y += 48
    y += 50
    for line in NUMBERED:
        draw.text((80, y), line, font=body, fill=0)
        y += 48
    y += 40
    for line in BULLETS:
        draw.text((80, y), line, font=body, fill=0)
        y += 48
    y += 50
    # The table: a header row whose first cell spans the first two columns' width above
    # a sub-header (품목 | 수량), then the rows.
    left, columns, row_height = 80, [80, 420, 660, 1000], 64
    top = y
    rows = [("구매 품목", None, "단가")] + TABLE
    for index, cells in enumerate(rows):
        row_top = top + index * row_height
        draw.line((columns[0], row_top, columns[-1], row_top), fill=0, width=3)
        for column, cell in enumerate(cells):
            if cell:
                draw.text((columns[column] + 24, row_top + 14), cell, font=body, fill=0)
    bottom = top + len(rows) * row_height
    draw.line((columns[0], bottom, columns[-1], bottom), fill=0, width=3)
    for index, x in enumerate(columns):
        # The rule between 품목 and 수량 starts below the header row: that cell spans both.
        start = top + row_height if index == 1 else top
        draw.line((x, start, x, bottom), fill=0, width=3)
    y = bottom + 80
    draw.text((80, y), CONTACT, font=body, fill=0)
    image.save(os.path.join(OUT, "page.png"), optimize=True)
    expected = {
        "title": TITLE,
        "paragraph": " ".join(PARAGRAPH),
        "numbered": [line.split(" ", 1)[1] for line in NUMBERED],
        "bullets": [line.split(" ", 1)[1] for line in BULLETS],
        "table": {"rows": len(rows), "columns": 3, "header": [{"row": 0, "column": 0, "columnSpan": 2, "text": "구매 품목"}],
                  "cells": [[r, c, text] for r, cells in enumerate(rows) for c, text in enumerate(cells) if text and r > 0]},
        "detectedData": [["phoneNumber", "02-1234-5678"], ["emailAddress", "lab@example.co.kr"]]
        + [["moneyAmount", amount.replace(",", "").rstrip("원")] for _, _, amount in TABLE[1:]],
    }
    with open(os.path.join(OUT, "page.json"), "w", encoding="utf-8") as f:
        json.dump(expected, f, ensure_ascii=False, indent=1)
        f.write("\n")


BARCODES = [("QRCODE", "https://example.com/r/20251226-0042", "QR-Code"), ("EANX", "880123456789", "EAN-13"), ("CODE128", "A-2048-77", "CODE-128")]
RECEIPT = ["행복마트 역삼점", "합계 12,500원", "모바일 영수증은 QR 코드로"]


def zint(kind, data, scale):
    with tempfile.TemporaryDirectory() as directory:
        path = os.path.join(directory, "code.png")
        subprocess.run(["zint", "-b", kind, "-d", data, "--scale", str(scale), "-o", path], check=True, capture_output=True)
        return Image.open(path).convert("L")


def barcodes():
    image = Image.new("L", (900, 1100), 255)
    draw = ImageDraw.Draw(image)
    body = font("nanum-gothic", 30)
    for index, line in enumerate(RECEIPT):
        draw.text((60, 50 + index * 50), line, font=body, fill=0)
    qr = zint("QRCODE", BARCODES[0][1], 4)
    image.paste(qr, (60, 240))
    ean = zint("EANX", BARCODES[1][1], 2)
    image.paste(ean, (60, 240 + qr.height + 60))
    code128 = zint("CODE128", BARCODES[2][1], 2).rotate(90, expand=True, fillcolor=255)
    image.paste(code128, (600, 260))
    image.save(os.path.join(OUT, "barcodes.png"), optimize=True)
    expected = [{"symbology": name, "payload": payload + (ean13_check(payload) if name == "EAN-13" else "")} for _, payload, name in BARCODES]
    with open(os.path.join(OUT, "barcodes.json"), "w", encoding="utf-8") as f:
        json.dump(expected, f, ensure_ascii=False, indent=1)
        f.write("\n")


def ean13_check(digits):
    total = sum(int(d) * (3 if i % 2 else 1) for i, d in enumerate(digits))
    return str((10 - total % 10) % 10)


if __name__ == "__main__":
    os.makedirs(OUT, exist_ok=True)
    page()
    barcodes()
