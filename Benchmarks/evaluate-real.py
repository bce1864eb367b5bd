#!/usr/bin/python3
"""Real-image benchmark: `ocr scan` against plain `tesseract`, per image, same run.

Usage:
  /usr/bin/python3 Benchmarks/evaluate-real.py [--ocr PATH] [--no-tesseract] [--json OUT]
                                               [--match TEXT] DIR [-- OCR_ARGS...]

DIR holds images (png, jpg, jpeg, tif, tiff, bmp, gif, webp) with their transcriptions
beside them as NAME.gt.txt (one printed line per line), e.g. ../shared/real-dev. Images
stay where they are: third-party images are never copied into this repository.

Each image is read by one `ocr scan IMAGE` process (default options plus OCR_ARGS; no
hints) and by one `tesseract IMAGE - -l kor+eng` process with OMP_THREAD_LIMIT=1,
alternately, so both see the same machine. Per image: CER capped at 1 (edit distance over
NFC text without whitespace / expected characters), the uncapped CER, wall time, CPU time
(user + system, all threads), peak RSS, and whether the output holds more than twice the
page's characters plus 10 ("invented").

--json OUT writes every measurement, so two runs (before/after) can be compared with
`--compare OLD.json`, which prints the per-image change; `--markdown` then also prints the
comparison as a Markdown table (for Docs/Benchmarks.md).
"""
import argparse
import json
import os
import subprocess
import sys
import time

from cer import score

IMAGE_EXTENSIONS = (".png", ".jpg", ".jpeg", ".tif", ".tiff", ".bmp", ".gif", ".webp")


def run_measured(command, env=None):
    """Runs a command; returns stdout, exit status, wall seconds, peak RSS in MB and CPU seconds
    (user + system, all threads; from wait4)."""
    start = time.monotonic()
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
    chunks = []
    while True:
        chunk = process.stdout.read(65536)
        if not chunk:
            break
        chunks.append(chunk)
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    elapsed = time.monotonic() - start
    cpu = usage.ru_utime + usage.ru_stime
    return b"".join(chunks).decode("utf-8", "replace"), process.returncode, elapsed, usage.ru_maxrss / 1024, cpu


def ocr_text(binary, path, extra):
    out, status, elapsed, rss, cpu = run_measured([binary, "scan", "--format", "json", *extra, path])
    text = ""
    if out.strip():
        report = json.loads(out)
        if isinstance(report, list):
            report = report[0]
        text = "\n".join(line["text"] for line in report.get("lines", []))
    return text, status, elapsed, rss, cpu


def tesseract_text(path):
    env = dict(os.environ, OMP_THREAD_LIMIT="1")
    return run_measured(["tesseract", path, "-", "-l", "kor+eng"], env=env)


def main():
    argv = sys.argv[1:]
    extra = argv[argv.index("--") + 1:] if "--" in argv else []
    parser = argparse.ArgumentParser(description="ocr scan against tesseract on real images with transcriptions.")
    parser.add_argument("directory")
    parser.add_argument("--ocr", default=".build/release/ocr")
    parser.add_argument("--json", dest="json_out")
    parser.add_argument("--compare")
    parser.add_argument("--match", default="")
    parser.add_argument("--no-tesseract", dest="with_tesseract", action="store_false")
    parser.add_argument("--markdown", action="store_true")
    options = parser.parse_args(argv[:argv.index("--")] if "--" in argv else argv)
    binary, json_out, compare, match = options.ocr, options.json_out, options.compare, options.match
    with_tesseract, markdown = options.with_tesseract, options.markdown
    directory = options.directory
    names = sorted(name for name in os.listdir(directory)
                   if name.lower().endswith(IMAGE_EXTENSIONS) and match in name
                   and os.path.exists(os.path.join(directory, os.path.splitext(name)[0] + ".gt.txt")))
    previous = {}
    if compare:
        with open(compare, encoding="utf-8") as f:
            previous = {row["image"]: row for row in json.load(f)["images"]}

    rows = []
    header = (f"{'image':<38}{'chars':>6}{'ocr CER':>9}{'tess CER':>9}{'Δ':>7}"
              f"{'ocr s':>7}{'tess s':>7}{'ocr MB':>7}{'out/gt':>7}" + (f"{'was':>7}{'was s':>7}" if previous else ""))
    print(f"ocr: {binary} scan {' '.join(extra)}   tesseract: -l kor+eng, OMP_THREAD_LIMIT=1   images: {len(names)}")
    print(header)
    for name in names:
        path = os.path.join(directory, name)
        with open(os.path.join(directory, os.path.splitext(name)[0] + ".gt.txt"), encoding="utf-8") as f:
            expected = f.read()
        ours, status, our_time, our_rss, our_cpu = ocr_text(binary, path, extra)
        theirs, _, their_time, _, their_cpu = tesseract_text(path) if with_tesseract else ("", 0, float("nan"), 0, float("nan"))
        our, their = score(ours, expected), score(theirs, expected)
        invented = our["got_chars"] > 2 * our["chars"] + 10
        row = {"image": name, "chars": our["chars"], "ocr_cer": our["cer"], "ocr_raw_cer": our["raw_cer"],
               "tesseract_cer": their["cer"], "ocr_seconds": our_time, "tesseract_seconds": their_time,
               "ocr_cpu_seconds": our_cpu, "tesseract_cpu_seconds": their_cpu,
               "ocr_rss_mb": our_rss, "ocr_chars": our["got_chars"], "ocr_exit": status,
               "invented": invented, "ocr_recall": our["recall"], "tesseract_recall": their["recall"]}
        rows.append(row)
        line = (f"{name[:37]:<38}{our['chars']:>6}{our['cer']:>9.3f}{their['cer']:>9.3f}"
                f"{our['cer'] - their['cer']:>+7.2f}{our_time:>7.1f}{their_time:>7.1f}{our_rss:>7.0f}"
                f"{our['got_chars'] / max(1, our['chars']):>7.2f}")
        if previous.get(name):
            line += f"{previous[name]['ocr_cer']:>7.3f}{previous[name]['ocr_seconds']:>7.1f}"
        if status != 0:
            line += f"  exit {status}"
        if invented:
            line += "  INVENTED"
        print(line, flush=True)

    n = max(1, len(rows))
    mean = lambda key: sum(row[key] for row in rows) / n
    worse = [row["image"] for row in rows if row["ocr_cer"] > row["tesseract_cer"] + 0.05]
    our_total = sum(row["ocr_seconds"] for row in rows)
    their_total = sum(row["tesseract_seconds"] for row in rows)
    print(f"mean CER: ocr {mean('ocr_cer'):.3f} (uncapped {mean('ocr_raw_cer'):.3f}), tesseract {mean('tesseract_cer'):.3f}")
    print(f"line recall: ocr {mean('ocr_recall'):.2f}, tesseract {mean('tesseract_recall'):.2f}")
    print(f"worse than tesseract by > 0.05: {len(worse)} {worse}")
    print(f"invented text: {sum(row['invented'] for row in rows)}")
    ratio = lambda ours, theirs: f"{ours / theirs:.2f}" if with_tesseract and theirs > 0 else "-"
    print(f"time: ocr {our_total:.1f} s, tesseract {their_total:.1f} s, ratio {ratio(our_total, their_total)}; "
          f"slowest ocr image {max(row['ocr_seconds'] for row in rows):.1f} s; "
          f"peak RSS {max(row['ocr_rss_mb'] for row in rows):.0f} MB")
    our_cpu, their_cpu = sum(row["ocr_cpu_seconds"] for row in rows), sum(row["tesseract_cpu_seconds"] for row in rows)
    print(f"CPU (user + system, all threads): ocr {our_cpu:.1f} s, tesseract {their_cpu:.1f} s, "
          f"ratio {ratio(our_cpu, their_cpu)}")
    if previous:
        before = sum(previous[r["image"]]["ocr_cer"] for r in rows if r["image"] in previous) / n
        print(f"before: mean CER {before:.3f}, time {sum(previous[r['image']]['ocr_seconds'] for r in rows if r['image'] in previous):.1f} s")
    if markdown and previous:
        print("\n| image | chars | CER before | CER now | tesseract CER | s before | s now | tesseract s |")
        print("| --- | --- | --- | --- | --- | --- | --- | --- |")
        for row in rows:
            was = previous.get(row["image"], {})
            print(f"| {row['image']} | {row['chars']} | {was.get('ocr_cer', float('nan')):.3f} | **{row['ocr_cer']:.3f}** | "
                  f"{row['tesseract_cer']:.3f} | {was.get('ocr_seconds', float('nan')):.1f} | {row['ocr_seconds']:.1f} | "
                  f"{row['tesseract_seconds']:.1f} |")
        before = [previous[r["image"]] for r in rows if r["image"] in previous]
        print(f"| **mean / total** | | {sum(r['ocr_cer'] for r in before) / max(1, len(before)):.3f} | "
              f"**{mean('ocr_cer'):.3f}** | {mean('tesseract_cer'):.3f} | {sum(r['ocr_seconds'] for r in before):.1f} | "
              f"{our_total:.1f} | {their_total:.1f} |")
    if json_out:
        with open(json_out, "w", encoding="utf-8") as f:
            json.dump({"ocr": binary, "args": extra, "images": rows}, f, ensure_ascii=False, indent=1)


if __name__ == "__main__":
    main()
