#!/usr/bin/python3
"""Cell-level precision and recall of the document view's tables.

Usage: /usr/bin/python3 Benchmarks/evaluate-tables.py DIR [--truth TRUTH_DIR] [--ocr BIN] [--markdown]

DIR holds images; each NAME.{png,jpg,jpeg} with NAME.table.json (in DIR, or in TRUTH_DIR:
Benchmarks/truth/tables holds the hand-written truth of real-dev's table pages) is read
with `ocr scan --format json`. The truth: {"tables": [{"rows", "columns", "cells": [{"row",
"column", "rowSpan", "columnSpan", "text"}]}]}.

A found cell counts when its table's row and column (where it starts) are a true cell's and
its text is within CER 0.1 of that cell's (cer.py: whitespace ignored). Each true table is
matched with the found table that gets most of its cells right. Precision: cells counted /
cells found with text (in every table found); recall: cells counted / true cells with text.
"""
import argparse
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(__file__))
from cer import distance, strip  # noqa: E402


def cer(expected, found):
    want, got = strip(expected), strip(found)
    return distance(want, got) / max(1, len(want))


def matched(truth_table, found_table):
    cells = {(c["row"], c["column"]): c["text"] for c in found_table["cells"] if strip(c["text"])}
    return sum(1 for c in truth_table["cells"] if (c["row"], c["column"]) in cells and cer(c["text"], cells[(c["row"], c["column"])]) <= 0.1)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("directory")
    parser.add_argument("--truth")
    parser.add_argument("--ocr", default=".build/release/ocr")
    parser.add_argument("--markdown", action="store_true")
    args = parser.parse_args()
    truth_dir = args.truth or args.directory
    rows = []
    totals = [0, 0, 0]
    by_kind = {}
    for name in sorted(os.listdir(truth_dir)):
        if not name.endswith(".table.json"):
            continue
        base = name[: -len(".table.json")]
        image = next((os.path.join(args.directory, base + ext) for ext in (".png", ".jpg", ".jpeg") if os.path.exists(os.path.join(args.directory, base + ext))), None)
        if image is None:
            continue
        with open(os.path.join(truth_dir, name), encoding="utf-8") as f:
            truth = json.load(f)
        run = subprocess.run([args.ocr, "scan", image, "--format", "json", "--quiet"], capture_output=True, text=True)
        if run.returncode != 0:
            print(f"{base}: ocr failed: {run.stderr.strip()}", file=sys.stderr)
            found_tables = []
        else:
            found_tables = json.loads(run.stdout)["document"]["tables"]
        true_cells = sum(1 for t in truth["tables"] for c in t["cells"] if strip(c["text"]))
        found_cells = sum(1 for t in found_tables for c in t["cells"] if strip(c["text"]))
        right = sum(max([matched(t, f) for f in found_tables] or [0]) for t in truth["tables"])
        totals = [totals[0] + right, totals[1] + found_cells, totals[2] + true_cells]
        kind = by_kind.setdefault(truth.get("kind", "page"), [0, 0, 0, 0])
        kind[:] = [kind[0] + right, kind[1] + found_cells, kind[2] + true_cells, kind[3] + 1]
        shapes = " ".join(f"{t['rowCount']}×{t['columnCount']}" for t in found_tables) or "none"
        rows.append((base, right / max(1, found_cells), right / max(1, true_cells), shapes, " ".join(f"{t['rows']}×{t['columns']}" for t in truth["tables"])))
    if args.markdown:
        print("| page | precision | recall | tables found | true |")
        print("| --- | --- | --- | --- | --- |")
        for base, precision, recall, shapes, true_shapes in rows:
            print(f"| {base} | {precision:.3f} | {recall:.3f} | {shapes} | {true_shapes} |")
    else:
        for base, precision, recall, shapes, true_shapes in rows:
            print(f"{base:40s} precision {precision:.3f}  recall {recall:.3f}  found {shapes}  true {true_shapes}")
    if len(by_kind) > 1:
        print("| kind | pages | precision | recall |")
        print("| --- | --- | --- | --- |")
        for name, (right, found, true, pages) in sorted(by_kind.items()):
            print(f"| {name} | {pages} | {right / max(1, found):.3f} | {right / max(1, true):.3f} |")
    precision = totals[0] / max(1, totals[1])
    recall = totals[0] / max(1, totals[2])
    print(f"ALL ({len(rows)} pages, {totals[2]} true cells): precision {precision:.3f}  recall {recall:.3f}")


if __name__ == "__main__":
    main()
