#!/usr/bin/python3
"""`ocr scan --files-from -` as the map step of real distributed engines, on this machine.

Usage:
  python3 Benchmarks/scale-check.py [--ocr PATH] [--cores N] DIR

Reads every image of DIR (its files, sorted) three ways and compares them:
  local     one `ocr scan DIR --format jsonl` (the reference);
  spark     Apache Spark in local mode (pyspark from PyPI, Java 17 from Debian):
            sc.parallelize(paths, P).pipe("ocr scan --files-from - --format jsonl --jobs 1"),
            P partitions of about 3 paths;
  parallel  GNU Parallel: paths on standard input, `parallel --pipe -N 3 --sshlogin : -j N
            ocr scan --files-from - --format jsonl --jobs 1` (`:` is this machine over no ssh).
Each engine's worker runs one image at a time (`--jobs 1`), N of them at once (N = cores):
the cores are used as the local batch uses them. Small chunks (`--chunk`) balance images of
very different cost across the workers, as the local batch's queue does, for one engine
start per chunk. Checks, per engine: every input gives
exactly one JSON line, the text of each is the local batch's, and the time (throughput
ratio to the local batch's; the target is within 10%). Exit status 1 when a check fails.
Not part of `swift test`: it needs pyspark (`pip install pyspark`) and GNU Parallel
(`apt-get install parallel`).
"""
import argparse
import json
import os
import subprocess
import sys
import time


def records(lines):
    """file -> (text or None, error) from JSON lines."""
    found = {}
    for line in lines:
        if not line.strip():
            continue
        record = json.loads(line)
        text = record["result"]["text"] if "result" in record else None
        found.setdefault(record["file"], []).append((text, record.get("error")))
    return found


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("directory")
    parser.add_argument("--ocr", default=os.path.join(os.path.dirname(__file__), "..", ".build", "release", "ocr"))
    parser.add_argument("--cores", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--chunk", type=int, default=3, help="paths per GNU Parallel job and per Spark partition (default 3)")
    options = parser.parse_args()
    ocr = os.path.abspath(options.ocr)
    directory = os.path.abspath(options.directory)
    paths = [os.path.join(directory, name) for name in sorted(os.listdir(directory))
             if name.lower().endswith((".png", ".jpg", ".jpeg", ".tif", ".tiff", ".bmp", ".gif", ".webp", ".pdf"))]
    worker = f"{ocr} scan --files-from - --format jsonl --jobs 1 -q"
    runs = {}

    start = time.monotonic()
    local = subprocess.run([ocr, "scan", directory, "--format", "jsonl", "-q", "--jobs", str(options.cores)],
                           capture_output=True, text=True)
    runs["local"] = (time.monotonic() - start, local.stdout.splitlines())

    start = time.monotonic()
    piped = subprocess.run(["parallel", "--pipe", "-N", str(options.chunk), "--sshlogin", ":", "-j", str(options.cores), worker],
                           input="\n".join(paths) + "\n", capture_output=True, text=True)
    runs["parallel"] = (time.monotonic() - start, piped.stdout.splitlines())

    from pyspark import SparkConf, SparkContext
    conf = SparkConf().setMaster(f"local[{options.cores}]").setAppName("ocr-scale-check").set("spark.ui.enabled", "false")
    context = SparkContext(conf=conf)
    context.setLogLevel("ERROR")
    start = time.monotonic()
    partitions = max(options.cores, (len(paths) + options.chunk - 1) // options.chunk)
    lines = context.parallelize(paths, partitions).pipe(worker).collect()
    runs["spark"] = (time.monotonic() - start, lines)
    context.stop()

    reference = records(runs["local"][1])
    failed = False
    print(f"{len(paths)} inputs, {options.cores} cores")
    print(f"{'engine':<10}{'lines':>7}{'seconds':>9}{'images/s':>10}{'ratio':>8}  checks")
    for name, (seconds, output) in runs.items():
        found = records(output)
        problems = []
        missing = [path for path in paths if not any(key.startswith(path) for key in found)]
        repeated = [key for key, values in found.items() if len(values) != 1]
        differing = [key for key, values in found.items() if key in reference and values[0] != reference[key][0]]
        if missing:
            problems.append(f"{len(missing)} inputs without a line ({os.path.basename(missing[0])} …)")
        if repeated:
            problems.append(f"{len(repeated)} inputs with several lines")
        if differing:
            problems.append(f"{len(differing)} texts differ from the local batch ({os.path.basename(differing[0])} …)")
        ratio = runs["local"][0] / seconds
        if name != "local" and ratio < 0.9:
            problems.append(f"throughput {ratio:.2f}x the local batch's (target >= 0.90)")
        failed |= bool(problems)
        print(f"{name:<10}{len(output):>7}{seconds:>9.1f}{len(found) / seconds:>10.2f}{ratio:>8.2f}  {'; '.join(problems) or 'ok'}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
