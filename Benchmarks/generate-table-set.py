#!/usr/bin/python3
"""Generates pages of rendered Korean tables with their cells, for evaluate-tables.py.

Usage: /usr/bin/python3 Benchmarks/generate-table-set.py [OUT]   (default .benchmarks/tables)
Then:  /usr/bin/python3 Benchmarks/evaluate-tables.py OUT

Each page NAME.png has NAME.table.json beside it: {"tables": [{"rows", "columns", "cells":
[{"row", "column", "rowSpan", "columnSpan", "text"}]}]}. The pages cycle through four
kinds — a full grid, rules between rows only, no rules (aligned columns, as a price list
or a receipt's items), and a grid with merged cells (a header spanning columns, a label
spanning rows) — with 3 to 12 columns, in the evaluation set's fonts (never the fixtures'),
a title above and a note below. Deterministic for a Pillow version.
"""
import json
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "Scripts"))
from PIL import Image, ImageDraw  # noqa: E402

from fixturelib import EVAL_FONT_SPLITS, font  # noqa: E402

HERE = os.path.dirname(__file__)
KINDS = ["grid", "rows", "aligned", "merged"]
ITEMS = ["모니터", "키보드", "마우스", "노트북", "프린터", "복사용지", "토너", "의자", "책상", "스캐너", "공유기", "외장하드", "커피", "생수", "우유", "식빵", "김밥", "라면", "사과", "배추"]
REGIONS = ["서울", "부산", "인천", "대구", "광주", "대전", "울산", "세종", "수원", "청주"]
NAMES = ["김민준", "이서연", "박지호", "최수아", "정우진", "강하은", "조현우", "윤지민"]
HEADERS = ["품목", "지역", "담당", "수량", "단가", "금액", "비고", "구분", "일자", "상태", "합계", "코드"]
TITLES = ["물품 구매 내역", "지역별 매출 현황", "월간 재고 보고", "견적서", "거래명세서", "주간 식단표"]


def cell_text(rng, column, header):
    if header in ("수량",):
        return str(rng.randint(1, 40))
    if header in ("단가", "금액", "합계"):
        return f"{rng.randint(1, 999) * 100:,}"
    if header == "지역":
        return rng.choice(REGIONS)
    if header == "담당":
        return rng.choice(NAMES)
    if header == "일자":
        return f"{rng.randint(1, 12)}/{rng.randint(1, 28)}"
    if header == "상태":
        return rng.choice(["완료", "대기", "진행"])
    if header == "코드":
        return f"A{rng.randint(100, 999)}"
    if header == "비고":
        return rng.choice(["", "", "긴급", "재고"])
    if header == "구분":
        return rng.choice(["사무", "전산", "식품"])
    return rng.choice(ITEMS)


def table_cells(rng, columns, rows, kind):
    headers = ["품목"] + rng.sample([h for h in HEADERS if h != "품목"], columns - 1)
    cells = [{"row": 0, "column": c, "rowSpan": 1, "columnSpan": 1, "text": h} for c, h in enumerate(headers)]
    for r in range(1, rows):
        for c, h in enumerate(headers):
            cells.append({"row": r, "column": c, "rowSpan": 1, "columnSpan": 1, "text": cell_text(rng, c, h)})
    if kind == "merged":
        # A header above spanning the last two columns; a label spanning the first two data rows.
        cells = [{**cell, "row": cell["row"] + 1} for cell in cells]
        top = [{"row": 0, "column": c, "rowSpan": 2 if c < columns - 2 else 1, "columnSpan": 1, "text": headers[c]} for c in range(columns - 2)]
        top.append({"row": 0, "column": columns - 2, "rowSpan": 1, "columnSpan": 2, "text": "가격 정보"})
        cells = top + [cell for cell in cells if not (cell["row"] == 1 and cell["column"] < columns - 2)]
        spanning = next(cell for cell in cells if cell["row"] == 2 and cell["column"] == 0)
        spanning["rowSpan"] = 2
        spanning["text"] = "사무용품"
        cells = [cell for cell in cells if not (cell["row"] == 3 and cell["column"] == 0)]
        rows += 1
    return cells, rows


def render(rng, index, font_name):
    kind = KINDS[index % len(KINDS)]
    columns = 3 + (index * 7) % 10  # 3 … 12, every count in ten pages
    rows = rng.randint(4, 9)
    cells, rows = table_cells(rng, columns, rows, kind)
    size = 26 if columns <= 6 else 22 if columns <= 9 else 19
    body = font(font_name, size)
    measure = ImageDraw.Draw(Image.new("L", (1, 1)))
    widths = [max(measure.textlength(cell["text"], font=body) for cell in cells if cell["column"] == c and cell["columnSpan"] == 1) + 2 * size for c in range(columns)]
    widths = [max(w, 2.6 * size) for w in widths]
    if kind == "aligned":
        widths = [w + size for w in widths]  # wider gaps between unruled columns
    row_height = int(size * 2.2)
    margin = 80
    page_width = int(max(1240, sum(widths) + 2 * margin))
    xs = [margin]
    for w in widths:
        xs.append(xs[-1] + w)
    top = 220
    page = Image.new("L", (page_width, top + rows * row_height + 260), 255)
    draw = ImageDraw.Draw(page)
    draw.text((margin, 90), rng.choice(TITLES), font=font(font_name, int(size * 1.8)), fill=0)
    ruled = kind in ("grid", "merged")
    for cell in cells:
        left, right = xs[cell["column"]], xs[cell["column"] + cell["columnSpan"]]
        upper, lower = top + cell["row"] * row_height, top + (cell["row"] + cell["rowSpan"]) * row_height
        text = cell["text"]
        width = measure.textlength(text, font=body)
        numeric = text.replace(",", "").isdigit()
        x = right - size * 0.8 - width if numeric else (left + size * 0.8 if kind == "aligned" or cell["column"] == 0 else (left + right - width) / 2)
        draw.text((x, (upper + lower) / 2 - size * 0.6), text, font=body, fill=0)
        if ruled:
            draw.rectangle((left, upper, right, lower), outline=0, width=2)
    if kind == "rows":
        for r in range(rows + 1):
            y = top + r * row_height
            draw.line((xs[0], y, xs[-1], y), fill=0, width=3 if r in (0, 1, rows) else 1)
    note_y = top + rows * row_height + 60
    draw.text((margin, note_y), "※ 위 내역은 변경될 수 있습니다.", font=font(font_name, size), fill=0)
    truth = {"kind": kind, "tables": [{"rows": rows, "columns": columns, "cells": [c for c in cells if c["text"]]}]}
    return page, truth


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "..", ".benchmarks", "tables")
    os.makedirs(out, exist_ok=True)
    rng = random.Random(65)
    fonts = EVAL_FONT_SPLITS["tune"] + EVAL_FONT_SPLITS["test"]
    for index in range(36):
        page, truth = render(rng, index, fonts[index % len(fonts)])
        name = f"table-{index:02d}-{truth['kind']}"
        page.save(os.path.join(out, name + ".png"), optimize=True)
        with open(os.path.join(out, name + ".table.json"), "w", encoding="utf-8") as f:
            json.dump(truth, f, ensure_ascii=False, indent=1)
            f.write("\n")
    print(f"{out}: 36 pages")


if __name__ == "__main__":
    main()
