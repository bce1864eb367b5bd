#!/usr/bin/env python3
"""What each step after the reading is worth: the real images read with every step, then
with each step left out (SWIFTOCR_SKIP=<stage>), in one run.

  /usr/bin/python3 Benchmarks/ablation.py [--ocr PATH] DIR [--stages a,b,...]

Prints, per step left out: the mean CER, the CPU time of `ocr scan` over the images (one
process per image, as evaluate-real.py runs it; user + system, steadier than the clock)
against the full reader's, measured before the steps and again after them, and the images
whose CER rose or fell by more than 0.005. A step whose removal leaves the CER as it is,
or lowers it, does not pay for itself on the set.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
STAGES = ["review", "unread", "korean", "letters", "mixed", "tails", "unsure", "numbers", "pictures"]


def measure(ocr, directory, skipped):
    with tempfile.NamedTemporaryFile(suffix=".json") as out:
        env = dict(os.environ, SWIFTOCR_SKIP=skipped)
        subprocess.run([sys.executable, os.path.join(HERE, "evaluate-real.py"), "--ocr", ocr, "--no-tesseract",
                        "--json", out.name, directory], env=env, check=True, stdout=subprocess.DEVNULL)
        images = json.load(open(out.name))["images"]
    return {i["image"]: (i["ocr_cer"], i["ocr_cpu_seconds"]) for i in images}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("directory")
    parser.add_argument("--ocr", default=os.path.join(HERE, "..", ".build", "release", "ocr"))
    parser.add_argument("--stages", default=",".join(STAGES))
    args = parser.parse_args()
    full = measure(args.ocr, args.directory, "")
    mean = lambda run: sum(c for c, _ in run.values()) / len(run)
    seconds = lambda run: sum(s for _, s in run.values())
    runs = {stage: measure(args.ocr, args.directory, stage) for stage in args.stages.split(",")}
    again = measure(args.ocr, args.directory, "")
    baseline = (seconds(full) + seconds(again)) / 2
    print(f"all steps: mean CER {mean(full):.3f}, CPU {seconds(full):.1f} s then {seconds(again):.1f} s over {len(full)} images")
    print("| left out | mean CER | Δ | CPU vs all | images worse | images better |")
    print("| --- | --- | --- | --- | --- | --- |")
    for stage, run in runs.items():
        worse = sorted(k for k in run if run[k][0] > full[k][0] + 0.005)
        better = sorted(k for k in run if run[k][0] < full[k][0] - 0.005)
        print(f"| {stage} | {mean(run):.3f} | {mean(run) - mean(full):+.3f} | {seconds(run) / baseline:.2f}× "
              f"| {len(worse)} | {len(better)} |", flush=True)
        for name in worse + better:
            print(f"    {stage}: {name}: {full[name][0]:.3f} → {run[name][0]:.3f}", file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()
