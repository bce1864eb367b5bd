#!/usr/bin/python3
"""Precision and recall of the data detectors, per kind, on labelled text.

Usage: /usr/bin/python3 Benchmarks/evaluate-detected-data.py [--benchmark BIN] [--truth FILE] [--shared DIR]

Runs `ocr-benchmark detect` (BIN, default .build/release/ocr-benchmark) on each transcription
named in the truth (default Benchmarks/truth/detected-data.json: real-dev's and
receipt-examples' .gt.txt, labelled by hand) and compares its matches with the labels: a
match counts when its line, kind and text are a label's. Also lists the pages that hold
no data (prose, menus, signs) and got a match anyway.
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
    args = parser.parse_args()
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


if __name__ == "__main__":
    main()
