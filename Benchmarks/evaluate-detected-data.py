#!/usr/bin/python3
"""Precision and recall of the data detectors, per kind, on labelled text.

Usage: /usr/bin/python3 Benchmarks/evaluate-detected-data.py [--benchmark BIN] [--truth FILE] [--shared DIR]
       /usr/bin/python3 Benchmarks/evaluate-detected-data.py --receipts DIR

Runs `ocr-benchmark detect` (BIN, default .build/release/ocr-benchmark) on each transcription
named in the truth (default Benchmarks/truth/detected-data.json: real-dev's and
receipt-examples' .gt.txt, labelled by hand) and compares its matches with the labels: a
match counts when its line, kind and text are a label's. Also lists the pages that hold
no data (prose, menus, signs) and got a match anyway.

--receipts DIR: generated receipts (generate-receipt-set.py: NAME.txt, NAME.expected.json),
which nobody labelled by hand: the recall of their phone number, date, time, registration
number and total (where the total is printed with 원) among the matches of their text, and
the matches of those kinds that are none of these (to be looked at: a card company's phone,
a second date).
"""
import argparse
import json
import os
import subprocess

HERE = os.path.dirname(__file__)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--benchmark", default=".build/release/ocr-benchmark")
    parser.add_argument("--truth", default=os.path.join(HERE, "truth", "detected-data.json"))
    parser.add_argument("--shared", default=os.path.join(HERE, "..", "..", "shared"))
    parser.add_argument("--receipts")
    args = parser.parse_args()
    if args.receipts:
        return receipts(args)
    with open(args.truth, encoding="utf-8") as f:
        truth = json.load(f)["files"]
    counts = {}
    misses, extras, noisy = [], [], []
    for name, labels in sorted(truth.items()):
        path = next(
            (os.path.join(args.shared, d, name + ".gt.txt") for d in ("real-dev", "receipt-examples")
             if os.path.exists(os.path.join(args.shared, d, name + ".gt.txt"))), None)
        if path is None:
            continue
        run = subprocess.run([args.benchmark, "detect", path], capture_output=True, text=True, check=True)
        found = [(m["line"], m["kind"], m["text"]) for m in map(json.loads, run.stdout.splitlines())]
        wanted = [tuple(label) for label in labels]
        for kind in {k for _, k, _ in found + wanted}:
            got = [m for m in found if m[1] == kind]
            want = [m for m in wanted if m[1] == kind]
            right = sum(1 for m in got if m in want)
            total = counts.setdefault(kind, [0, 0, 0])
            total[0] += right
            total[1] += len(got)
            total[2] += len(want)
        misses += [(name, m) for m in wanted if m not in found]
        extras += [(name, m) for m in found if m not in wanted]
        if not labels and found:
            noisy.append(name)
    print("| kind | labelled | found | precision | recall |")
    print("| --- | --- | --- | --- | --- |")
    for kind, (right, got, want) in sorted(counts.items()):
        print(f"| {kind} | {want} | {got} | {right / max(1, got):.3f} | {right / max(1, want):.3f} |")
    right = sum(c[0] for c in counts.values())
    print(f"ALL: precision {right / max(1, sum(c[1] for c in counts.values())):.3f}, recall {right / max(1, sum(c[2] for c in counts.values())):.3f}")
    empty = sum(1 for labels in truth.values() if not labels)
    print(f"pages with no data: {empty}, of which with a match: {len(noisy)} {noisy}")
    for name, m in misses:
        print(f"missed: {name} {m}")
    for name, m in extras:
        print(f"not data: {name} {m}")


def receipts(args):
    import re
    fields = {"phone": "phoneNumber", "date": "date", "time": "time", "businessNumber": "businessRegistrationNumber", "total": "moneyAmount"}
    counts = {kind: [0, 0] for kind in fields.values()}
    others = []
    names = sorted(n[: -len(".expected.json")] for n in os.listdir(args.receipts) if n.endswith(".expected.json"))
    for name in names:
        with open(os.path.join(args.receipts, name + ".expected.json"), encoding="utf-8") as f:
            expected = json.load(f)
        path = os.path.join(args.receipts, name + ".txt")
        with open(path, encoding="utf-8") as f:
            text = f.read()
        run = subprocess.run([args.benchmark, "detect", path], capture_output=True, text=True, check=True)
        found = [(m["kind"], m["value"]) for m in map(json.loads, run.stdout.splitlines())]
        for field, kind in fields.items():
            value = expected.get(field)
            if value is None:
                continue
            if field == "total":
                if not re.search(re.escape(f"{value:,}") + r"\s?원", text):
                    continue
                value = str(value)
            counts[kind][1] += 1
            if (kind, value) in found:
                counts[kind][0] += 1
            else:
                print(f"missed: {name} {kind} {value}")
        wanted = {(kind, str(expected[field])) for field, kind in fields.items() if expected.get(field) is not None}
        others += [(name, m) for m in found if m[0] in ("phoneNumber", "businessRegistrationNumber", "date") and m not in wanted]
    print(f"{len(names)} receipts")
    print("| field | found / printed |")
    print("| --- | --- |")
    for kind, (right, total) in counts.items():
        print(f"| {kind} | {right}/{total} |")
    for name, m in others:
        print(f"other: {name} {m}")


if __name__ == "__main__":
    main()
