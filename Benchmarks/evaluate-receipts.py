#!/usr/bin/python3
"""Scores `ocr scan --extract receipt` against receipts with known fields.

Usage: /usr/bin/python3 Benchmarks/evaluate-receipts.py [DIR] [--ocr PATH] [--match TEXT]
                                                      [--expected DIR | --fields FILE] [-v]
  DIR defaults to .benchmarks/receipts (made by Benchmarks/generate-receipt-set.py);
  TestImages/receipts works too. Every image NAME.png/.jpg needs NAME.expected.json,
  beside it or in the --expected directory; only images with one are scored.
  Real receipts: DIR ../shared/real-dev --expected TestImages/receipts-real (there a
  field set to null is not printed, and a field left out is not scored).
  --fields FILE: the truth is a manifest (DIR/fields.json in ../shared/real-dev and
  ../shared/receipt-examples): {"receipts": [{"image", "fields", "accept"}]}, null = not
  printed, accept = other values that also count as right.
  --match keeps images whose name contains TEXT (e.g. faded, photo, cafe).
  --text scores the extractor alone: each image's transcription (NAME.txt, or NAME.gt.txt
  in the development set) goes through `ocr extract receipt` instead of the image
  through `ocr scan --extract receipt`.

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


def expected_real_fields(truth):
    """TestImages/receipts-real's format: null is not printed, a missing key is not scored."""
    fields = {}
    names = {"merchant": "merchantName", "businessNumber": "businessRegistrationNumber", "phone": "phoneNumber",
             "total": "total", "vat": "vat", "taxable": "taxableAmount", "payment": "paymentMethod",
             "cardNumber": "cardNumber", "approvalNumber": "approvalNumber", "discount": "discounts"}
    for key, name in names.items():
        if key in truth:
            fields[name] = truth[key]
    if "date" in truth:
        fields["date"] = None if truth["date"] is None else " ".join(v for v in [truth["date"], truth.get("time")] if v)
    if "items" in truth:
        fields["items"] = sorted(truth["items"]) or None
    if fields.get("merchantName"):
        fields["merchantName"] = fields["merchantName"].replace(" ", "")
    return fields


MANIFEST_NAMES = {"merchant": "merchantName", "business_number": "businessRegistrationNumber",
                  "phone": "phoneNumber", "total": "total", "vat": "vat", "taxable": "taxableAmount",
                  "payment": "paymentMethod", "card_masked": "cardNumber", "approval_number": "approvalNumber",
                  "discount": "discounts"}
# The manifests name the payment app or card kind; the report has three kinds.
PAYMENT_KINDS = {"card": "card", "cashic": "card", "cash": "cash", "payco": "mobile", "pay": "mobile"}


def manifest_fields(entry):
    """A fields.json entry as (truth, accepted alternatives), keyed like the report's fields."""
    raw, accept = entry["fields"], entry.get("accept") or {}
    fields, alternatives = {}, {}
    for key, name in MANIFEST_NAMES.items():
        if key not in raw:
            continue
        value = raw[key]
        others = list(accept.get(key, []))
        if key == "payment":
            value = PAYMENT_KINDS.get(value, value) if value else None
            others = [PAYMENT_KINDS.get(v, v) for v in others]
        if key == "merchant":
            value = value.replace(" ", "") if value else value
            others = [v.replace(" ", "") for v in others]
        if key == "approval_number":
            others += [v.replace(" ", "") for v in others]
        fields[name], alternatives[name] = value, others
    if "date" in raw:
        fields["date"] = None if raw["date"] is None else " ".join(v for v in [raw["date"], raw.get("time")] if v)
    amounts = sorted(item["amount"] for item in raw.get("items") or [])
    if amounts:
        fields["items"] = amounts
    return fields, alternatives


def reported_fields(receipt):
    """(value, confidence) per field of the report."""
    fields = {}
    for key in ["merchantName", "businessRegistrationNumber", "phoneNumber", "date", "total", "vat",
                "taxableAmount", "paymentMethod", "cardNumber", "approvalNumber"]:
        if receipt.get(key):
            value = receipt[key]["value"]
            if key == "date":
                value = value[:16]  # the truth has no seconds
            fields[key] = (value, receipt[key]["confidence"])
    discounts = receipt.get("discounts", [])
    if discounts:
        fields["discounts"] = (sum(d["value"] for d in discounts), min(d["confidence"] for d in discounts))
    items = receipt.get("items", [])
    if items:
        fields["items"] = (sorted(i["amount"] for i in items), min(i["confidence"] for i in items))
    return fields


def main():
    options_with_values = {"--ocr", "--match", "--expected", "--fields"}
    args = [a for i, a in enumerate(sys.argv[1:], 1) if not a.startswith("-") and sys.argv[i - 1] not in options_with_values]
    match = sys.argv[sys.argv.index("--match") + 1] if "--match" in sys.argv else ""
    verbose = "-v" in sys.argv
    directory = args[0] if args else os.path.join(HERE, "..", ".benchmarks", "receipts")
    ocr = os.path.join(HERE, "..", ".build", "release", "ocr")
    if "--ocr" in sys.argv:
        ocr = sys.argv[sys.argv.index("--ocr") + 1]
    expected_dir = sys.argv[sys.argv.index("--expected") + 1] if "--expected" in sys.argv else directory
    manifest = {}
    if "--fields" in sys.argv:
        with open(sys.argv[sys.argv.index("--fields") + 1], encoding="utf-8") as f:
            manifest = {entry["image"]: entry for entry in json.load(f)["receipts"]}

    def truth_path(image):
        return os.path.join(expected_dir, os.path.splitext(image)[0] + ".expected.json")

    def has_truth(image):
        return image in manifest if manifest else os.path.exists(truth_path(image))
    images = sorted(f for f in os.listdir(directory)
                    if f.endswith((".png", ".jpg")) and match in f and has_truth(f))
    if "--text" in sys.argv:
        def transcription(image):
            stem = os.path.join(directory, os.path.splitext(image)[0])
            return stem + ".gt.txt" if os.path.exists(stem + ".gt.txt") else stem + ".txt"
        texts = {transcription(f): f for f in images}
        run = subprocess.run([ocr, "extract", "receipt", *texts, "--format", "json"], capture_output=True, text=True)
        reports = json.loads(run.stdout) if run.stdout.strip() else []
        reports = reports if isinstance(reports, list) else [reports]
        records = {texts[r["file"]]: {"result": {"receipt": r["receipt"]}} for r in reports}
    else:
        run = subprocess.run([ocr, "scan", *[os.path.join(directory, f) for f in images], "--extract", "receipt",
                              "--format", "jsonl", "--quiet"], capture_output=True, text=True)
        records = {os.path.basename(json.loads(line)["file"]): json.loads(line) for line in run.stdout.splitlines()}
    tally = {}
    summary = {"required": 0, "every": 0}
    for image in images:
        alternatives = {}
        if manifest:
            truth, alternatives = manifest_fields(manifest[image])
            real = True
        else:
            with open(truth_path(image), encoding="utf-8") as f:
                raw = json.load(f)
            real = "layout" not in raw and isinstance(raw.get("items", []), list) and all(isinstance(i, int) for i in raw.get("items", []))
            truth = expected_real_fields(raw) if real else expected_fields(raw)
        record = records.get(image, {})
        receipt = (record.get("result") or {}).get("receipt") or {}
        reported = reported_fields(receipt)
        if real and "merchantName" in reported:
            reported["merchantName"] = (reported["merchantName"][0].replace(" ", ""), reported["merchantName"][1])
        outcomes = {}
        for key, value in truth.items():
            row = tally.setdefault(key, {"correct": 0, "missing": 0, "wrong": 0, "wrongHigh": 0})
            if key == "discounts" and key not in reported and value in (0, None):
                row["correct"] += 1  # no discount printed, none reported
                outcome = "ok"
            elif key in reported and reported[key][0] in alternatives.get(key, []):
                row["correct"] += 1
                outcome = "ok"
            elif value is None:  # not printed: anything reported is wrong
                if key in reported:
                    row["wrong"] += 1
                    outcome = f"WRONG {reported[key][0]!r} (conf {reported[key][1]}) is not printed"
                    if reported[key][1] >= HIGH:
                        row["wrongHigh"] += 1
                        outcome += " HIGH"
                else:
                    row["correct"] += 1
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
            outcomes[key] = outcome
            if verbose and outcome != "ok":
                print(f"{image}: {key}: expected {value!r}, {outcome}")
        required = [k for k in ("total", "date", "businessRegistrationNumber") if k in truth]
        summary["required"] += all(outcomes[k] == "ok" for k in required)
        summary["every"] += all(o == "ok" for o in outcomes.values())
    print(f"{len(images)} receipts in {directory}")
    print(f"{'field':28} {'correct':>8} {'missing':>8} {'wrong':>6} {'wrong≥0.9':>10}")
    worst_high = 0
    for key, row in tally.items():
        total = row["correct"] + row["missing"] + row["wrong"]
        print(f"{key:28} {row['correct'] / total:8.0%} {row['missing']:8d} {row['wrong']:6d} {row['wrongHigh']:10d}")
        worst_high += row["wrongHigh"]
    checked = sum(row["correct"] + row["missing"] + row["wrong"] for row in tally.values())
    print(f"wrong values reported with high confidence: {worst_high} (of {checked} field values checked)")
    count = max(len(images), 1)
    print(f"total, date and business number all right: {summary['required']}/{len(images)} ({summary['required'] / count:.0%}); "
          f"every field right: {summary['every']}/{len(images)} ({summary['every'] / count:.0%})")


if __name__ == "__main__":
    main()
