#!/usr/bin/python3
"""Scores `ocr scan --extract receipt` against receipts with known fields.

Usage: /usr/bin/python3 Benchmarks/evaluate-receipts.py [DIR] [--ocr PATH] [--match TEXT] [-v]
  DIR defaults to .benchmarks/receipts (made by Benchmarks/generate-receipt-set.py);
  TestImages/receipts works too. Every image NAME.png/.jpg needs NAME.expected.json.
  --match keeps images whose name contains TEXT (e.g. faded, photo, cafe).

Prints, per field, how often it was reported correctly, how often it was missing or
wrong, and how many wrong values were reported with high confidence (>= 0.9): the
extractor's promise is that there are none.
"""
import json
import os
import subprocess
import sys

HIGH = 0.9
HERE = os.path.dirname(os.path.abspath(__file__))


def expected_fields(truth):
    """The truth as comparable values, keyed like the report's fields."""
    fields = {
        "merchantName": truth["merchant"],
        "businessRegistrationNumber": truth["businessNumber"],
        "phoneNumber": truth["phone"],
        "date": f"{truth['date']} {truth['time']}",
        "total": truth["total"],
        "vat": truth["vat"],
        "paymentMethod": truth["payment"],
        "discounts": truth["discount"],
        "items": sorted(item["amount"] for item in truth["items"]),
    }
    if truth.get("taxable") is not None:
        fields["taxableAmount"] = truth["taxable"]
    if truth.get("cardNumber"):
        fields["cardNumber"] = truth["cardNumber"]
        fields["approvalNumber"] = truth["approvalNumber"]
    return fields


def reported_fields(receipt):
    """(value, confidence) per field of the report."""
    fields = {}
    for key in ["merchantName", "businessRegistrationNumber", "phoneNumber", "date", "total", "vat",
                "taxableAmount", "paymentMethod", "cardNumber", "approvalNumber"]:
        if receipt.get(key):
            fields[key] = (receipt[key]["value"], receipt[key]["confidence"])
    discounts = receipt.get("discounts", [])
    if discounts:
        fields["discounts"] = (sum(d["value"] for d in discounts), min(d["confidence"] for d in discounts))
    items = receipt.get("items", [])
    if items:
        fields["items"] = (sorted(i["amount"] for i in items), min(i["confidence"] for i in items))
    return fields


def main():
    options_with_values = {"--ocr", "--match"}
    args = [a for i, a in enumerate(sys.argv[1:], 1) if not a.startswith("-") and sys.argv[i - 1] not in options_with_values]
    match = sys.argv[sys.argv.index("--match") + 1] if "--match" in sys.argv else ""
    verbose = "-v" in sys.argv
    directory = args[0] if args else os.path.join(HERE, "..", ".benchmarks", "receipts")
    ocr = os.path.join(HERE, "..", ".build", "release", "ocr")
    if "--ocr" in sys.argv:
        ocr = sys.argv[sys.argv.index("--ocr") + 1]
    images = sorted(f for f in os.listdir(directory) if f.endswith((".png", ".jpg")) and match in f)
    run = subprocess.run([ocr, "scan", *[os.path.join(directory, f) for f in images], "--extract", "receipt",
                          "--format", "jsonl", "--quiet"], capture_output=True, text=True)
    records = {os.path.basename(json.loads(line)["file"]): json.loads(line) for line in run.stdout.splitlines()}
    tally = {}
    for image in images:
        with open(os.path.join(directory, os.path.splitext(image)[0] + ".expected.json"), encoding="utf-8") as f:
            truth = expected_fields(json.load(f))
        record = records.get(image, {})
        receipt = (record.get("result") or {}).get("receipt") or {}
        reported = reported_fields(receipt)
        for key, value in truth.items():
            row = tally.setdefault(key, {"correct": 0, "missing": 0, "wrong": 0, "wrongHigh": 0})
            if key == "discounts" and key not in reported and value == 0:
                row["correct"] += 1  # no discount printed, none reported
                outcome = "ok"
            elif key not in reported:
                row["missing"] += 1
                outcome = "missing"
            elif reported[key][0] == value:
                row["correct"] += 1
                outcome = "ok"
            else:
                row["wrong"] += 1
                outcome = f"WRONG {reported[key][0]!r} (conf {reported[key][1]})"
                if reported[key][1] >= HIGH:
                    row["wrongHigh"] += 1
                    outcome += " HIGH"
            if verbose and outcome != "ok":
                print(f"{image}: {key}: expected {value!r}, {outcome}")
    print(f"{len(images)} receipts in {directory}")
    print(f"{'field':28} {'correct':>8} {'missing':>8} {'wrong':>6} {'wrong≥0.9':>10}")
    worst_high = 0
    for key, row in tally.items():
        total = row["correct"] + row["missing"] + row["wrong"]
        print(f"{key:28} {row['correct'] / total:8.0%} {row['missing']:8d} {row['wrong']:6d} {row['wrongHigh']:10d}")
        worst_high += row["wrongHigh"]
    print(f"wrong values reported with high confidence: {worst_high}")


if __name__ == "__main__":
    main()
