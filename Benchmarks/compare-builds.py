#!/usr/bin/python3
"""Two (or more) builds of `ocr` timed against each other, alternating per image.

Usage:
  /usr/bin/python3 Benchmarks/compare-builds.py [--rounds N] DIR BINARY BINARY... [-- OCR_ARGS...]

Times on this machine drift by 10% from one hour to the next, so two benchmark runs made
one after the other do not compare code. This runs every image of DIR (png, jpg, jpeg, tif,
tiff, bmp, gif, webp; e.g. ../shared/real-dev) through each binary in turn, one
`BINARY scan [OCR_ARGS] IMAGE` process each, the order of the binaries reversed every
round, and prints each binary's mean total wall and CPU seconds (user + system, all
threads) over the rounds, then every image's mean seconds per binary. It does not check
the text: compare that with `evaluate-real.py --json`.

Example, a build kept before a change against the new one:
  cp .build/release/ocr /tmp/ocr-before   # then change, rebuild
  /usr/bin/python3 Benchmarks/compare-builds.py --rounds 2 ../shared/real-dev /tmp/ocr-before .build/release/ocr
"""
import argparse
import os
import subprocess
import sys
import time

IMAGE_EXTENSIONS = (".png", ".jpg", ".jpeg", ".tif", ".tiff", ".bmp", ".gif", ".webp")


def timed(command):
    """Wall and CPU seconds of one process, its output discarded; exits on failure."""
    start = time.monotonic()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"failed: {' '.join(command)}")
    return time.monotonic() - start, usage.ru_utime + usage.ru_stime


def main():
    arguments = sys.argv[1:]
    extra = []
    if "--" in arguments:
        extra = arguments[arguments.index("--") + 1:]
        arguments = arguments[:arguments.index("--")]
    parser = argparse.ArgumentParser(description="Alternating per-image timing of ocr builds.")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("directory")
    parser.add_argument("binaries", nargs="+")
    options = parser.parse_args(arguments)
    if options.rounds < 1:
        sys.exit("--rounds must be at least 1")
    for binary in options.binaries:
        if not os.access(binary, os.X_OK):
            sys.exit(f"not an executable: {binary}")
    if not os.path.isdir(options.directory):
        sys.exit(f"not a directory: {options.directory}")
    images = sorted(
        os.path.join(options.directory, name) for name in os.listdir(options.directory)
        if name.lower().endswith(IMAGE_EXTENSIONS))
    if not images:
        sys.exit(f"no images in {options.directory}")
    wall = {binary: {} for binary in options.binaries}
    cpu = {binary: 0.0 for binary in options.binaries}
    for round_index in range(options.rounds):
        order = options.binaries if round_index % 2 == 0 else options.binaries[::-1]
        for image in images:
            for binary in order:
                seconds, cpu_seconds = timed([binary, "scan", *extra, image])
                name = os.path.basename(image)
                wall[binary][name] = wall[binary].get(name, 0.0) + seconds
                cpu[binary] += cpu_seconds
    rounds = options.rounds
    for binary in options.binaries:
        print(f"{binary}: wall {sum(wall[binary].values()) / rounds:.2f} s, CPU {cpu[binary] / rounds:.2f} s "
              f"(mean over {rounds} rounds, {len(images)} images)")
    for name in sorted(wall[options.binaries[0]]):
        print(f"{name:40s} " + " ".join(f"{wall[binary][name] / rounds:6.2f}" for binary in options.binaries))


if __name__ == "__main__":
    main()
