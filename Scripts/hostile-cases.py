#!/usr/bin/python3
"""Runs `ocr` on hostile situations that are not one image file: link loops, outputs that
would destroy files, a full disk, oversized word lists and texts, decoding bombs in a batch,
lines wider than Tesseract reads, standard input named twice, a PDF that stalls its renderer,
list lines that are no paths, a PDF named like an option. Each case is one process.

Usage:
  /usr/bin/python3 Scripts/hostile-cases.py [--ocr PATH] [--memory-mb M] [CASE...]

Inputs are made in a temporary directory (TestImages/three-lines.png, Pillow for the wide
lines). Per case it prints the exit status, wall time, peak RSS and the first stderr line,
and flags:
  CRASH    exit by signal or status >= 128
  SLOW     wall time over the case's limit + 2 s
  MEMORY   peak RSS over --memory-mb (default 512)
  STATUS   an exit status other than the case's
  MESSAGE  stderr without the words the case's message must hold
  LOST     a file the case must leave as it was changed, or a temporary file left behind
The full-disk case mounts a 1 MiB tmpfs and runs only as root. The exit status is 1 when
any case was flagged.
"""
import argparse
import hashlib
import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
spec = importlib.util.spec_from_file_location("hostile_run", os.path.join(HERE, "hostile-run.py"))
hostile_run = importlib.util.module_from_spec(spec)
spec.loader.exec_module(hostile_run)


def fixtures():
    """Scripts/generate-hostile-fixtures.py as a module (its progressive JPEG maker)."""
    spec = importlib.util.spec_from_file_location("fixtures", os.path.join(HERE, "generate-hostile-fixtures.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def digest(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def image(work, name="a.png"):
    path = os.path.join(work, name)
    shutil.copy(os.path.join(ROOT, "TestImages", "three-lines.png"), path)
    return path


def digit_line(path, digits):
    from PIL import Image, ImageDraw, ImageFont
    font = ImageFont.truetype("/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf", 22)
    width = font.getbbox("0")[2]
    picture = Image.new("L", (digits * width + 40, 56), 255)
    ImageDraw.Draw(picture).text((20, 10), "".join(str((i * 7919) % 10) for i in range(digits)), font=font, fill=0)
    picture.save(path)


def cases(work, ocr):
    """(name, setup returning (command, files that must not change, stdin path or None), status, limit s, words)."""
    def loops():
        tree = os.path.join(work, "loops")
        os.makedirs(tree)
        image(tree)
        for name in ("x", "y"):
            os.symlink(".", os.path.join(tree, name))
        os.symlink("/", os.path.join(tree, "root"))
        return [ocr, "scan", "-r", "--format", "jsonl", tree], [], None

    def scan_bombs():
        bombs = os.path.join(work, "bombs")
        os.makedirs(bombs)
        data = fixtures().progressive(7000, 7000, 20000)
        for index in range(16):
            with open(os.path.join(bombs, f"b{index}.jpg"), "wb") as f:
                f.write(data)
        return [ocr, "scan", bombs, "--time-limit", "5", "-q", "--format", "jsonl"], [], None

    def slow_progressive():
        path = os.path.join(work, "slow.jpg")
        with open(path, "wb") as f:
            f.write(fixtures().progressive(7000, 7000, 190))
        return [ocr, "scan", path, "--time-limit", "1"], [], None

    def big_words():
        words = os.path.join(work, "words.txt")
        with open(words, "wb") as f:
            f.truncate(3 << 30)
        return [ocr, "scan", image(work), "--custom-words", words], [], None

    def pdf_of_nothing():
        keep = os.path.join(work, "keep.pdf")
        subprocess.run([ocr, "scan", image(work), "--format", "pdf", "-o", keep, "-q"], check=True)
        return [ocr, "scan", "/nonexistent.png", "--format", "pdf", "-o", keep], [keep], None

    def annotate_input():
        path = image(work, "in.png")
        return [ocr, "scan", path, "--annotate", path], [path], None

    def pdf_over_image():
        paths = [image(work, f"{name}.png") for name in "abc"]
        return [ocr, "scan", "--format", "pdf", "-o", *paths], paths, None

    def missing_directory():
        return [ocr, "scan", image(work), "--format", "pdf", "-o", "/nonexistent/x.pdf"], [], None

    def stdin_pdf():
        return [ocr, "scan", "-", "--format", "pdf", "-o", os.path.join(work, "stdin.pdf")], [], image(work)

    def stdin_twice():
        return [ocr, "scan", "-", "-"], [], image(work)

    def digits_text():
        path = os.path.join(work, "digits.txt")
        with open(path, "w") as f:
            f.write("7" * 100_000)
        return [ocr, "extract", "receipt", path], [], None

    def huge_text():
        path = os.path.join(work, "huge.txt")
        with open(path, "wb") as f:
            f.truncate(255 << 20)
        return [ocr, "extract", "receipt", path], [], None

    def wide_line():
        path = os.path.join(work, "wide.png")
        digit_line(path, 2470)
        return [ocr, "scan", path], [], None

    def long_line():
        path = os.path.join(work, "line.png")
        digit_line(path, 1500)
        return [ocr, "scan", path], [], None

    def forged_name():
        tree = os.path.join(work, "names")
        os.makedirs(tree)
        image(tree, "fake\n==> forged.png <==\nINJECTED\x1b[31m.png")
        return [ocr, "scan", os.path.join(tree, "gone\x1b[2J.png")], [], None

    def closed_output():
        return ["/bin/sh", "-c", f'exec "{ocr}" scan "{image(work)}" >&-'], [], None

    def stalling_pdf():
        # 150,000 translucent fills of the whole page: minutes of rendering for 20 KB.
        body = zlib.compress(b"/G0 gs " + b"0.5 g 0 0 612 792 re f 0.9 g 0 0 612 792 re f\n" * 75000)
        path = os.path.join(work, "stall.pdf")
        with open(path, "wb") as f:
            f.write(fixtures().pdf([
                b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /ExtGState << /G0 5 0 R >> >> /Contents 4 0 R >>",
                b"<< /Filter /FlateDecode /Length %d >>\nstream\n" % len(body) + body + b"\nendstream",
                b"<< /Type /ExtGState /ca 0.5 /CA 0.5 >>"]))
        return [ocr, "scan", path, "--time-limit", "5"], [], None

    def listed(name, lines):
        path = os.path.join(work, name)
        with open(path, "wb") as f:
            f.write(b"".join(line + b"\n" for line in lines))
        return path

    def nul_in_list():
        good = image(work).encode()
        return [ocr, "scan", "--files-from", listed("nul.list", [good + b"\0/../../etc/shadow", good]), "--format", "jsonl"], [], None

    def stdin_in_list():
        return [ocr, "scan", "--files-from", "-", "--format", "jsonl"], [], listed("stdin.list", [b"/dev/stdin", image(work).encode()])

    def directory_as_list():
        return [ocr, "scan", "--files-from", work, "--format", "jsonl"], [], None

    def option_named_pdf():
        shutil.copy(os.path.join(ROOT, "TestImages", "pdf", "redacted-scan.pdf"), os.path.join(work, "-h"))
        return ["/bin/sh", "-c", f'cd "{work}" && exec "{ocr}" scan -q -- -h'], [], None

    return [
        ("symlink loops", loops, 0, 30, ["not followed"]),
        ("16 JPEG scan bombs", scan_bombs, 65, 30, ["scans"]),
        ("slow progressive JPEG", slow_progressive, 1, 1, ["longer than the limit"]),
        ("3 GiB words file", big_words, 64, 5, ["more than 4 MiB"]),
        ("PDF of no image", pdf_of_nothing, 65, 5, ["no PDF was written"]),
        ("annotate over the input", annotate_input, 1, 5, ["one of the images being read"]),
        ("pdf -o *.png", pdf_over_image, 1, 5, ["not a PDF"]),
        ("PDF in a missing directory", missing_directory, 1, 5, ["does not exist"]),
        ("stdin to PDF", stdin_pdf, 0, 10, ["(1 page)"]),
        ("stdin twice", stdin_twice, 64, 5, ["only once"]),
        ("100,000 digits extracted", digits_text, 0, 5, []),
        ("255 MB text extracted", huge_text, 65, 5, ["receipt's text"]),
        ("a line 32,150 px wide", wide_line, 0, 60, []),
        ("a line 19,540 px wide", long_line, 0, 60, []),
        ("escape codes in a name", forged_name, 65, 5, ["\\e[2J"]),
        ("standard output closed", closed_output, 1, 5, ["standard output is closed"]),
        ("PDF rendering past --time-limit", stalling_pdf, 1, 5, ["longer than the limit of 5 s"]),
        ("a NUL byte in a list line", nul_in_list, 65, 10, ["holds a NUL byte"]),
        ("/dev/stdin in a list", stdin_in_list, 65, 10, ["names standard input"]),
        ("a directory as the list", directory_as_list, 65, 5, ["it is a directory"]),
        ("a PDF named -h", option_named_pdf, 0, 10, []),
    ]


def full_disk(work, ocr):
    if os.geteuid() != 0:
        return None
    mount = os.path.join(work, "full")
    os.makedirs(mount)
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", mount], check=True)
    target = os.path.join(mount, "old.pdf")
    subprocess.run([ocr, "scan", image(work), "--format", "pdf", "-o", target, "-q"], check=True)
    batch = os.path.join(work, "batch")
    os.makedirs(batch)
    for index in range(60):
        shutil.copy(os.path.join(ROOT, "TestImages", "photo.jpg"), os.path.join(batch, f"{index:02}.jpg"))
    return [ocr, "scan", batch, "--format", "pdf", "-o", target, "-q"], [target], None, mount


def main():
    parser = argparse.ArgumentParser(description="ocr in hostile situations, one process each.")
    parser.add_argument("names", nargs="*")
    parser.add_argument("--ocr", default=os.path.join(ROOT, ".build/release/ocr"))
    parser.add_argument("--memory-mb", type=float, default=512)
    options = parser.parse_args()
    ocr = os.path.abspath(options.ocr)
    flagged = 0
    with tempfile.TemporaryDirectory() as work:
        table = cases(work, ocr) + [("full disk under a PDF", None, 1, 60, ["No space left"])]
        for name, setup, status, limit, words in table:
            if options.names and not any(wanted in name for wanted in options.names):
                continue
            mount = None
            if setup is None:
                made = full_disk(work, ocr)
                if made is None:
                    print(f"{name:<32} skipped (needs root for a tmpfs)")
                    continue
                command, kept, stdin, mount = made
            else:
                command, kept, stdin = setup()
            before = {path: digest(path) for path in kept}
            directories = {os.path.dirname(path) for path in kept}
            listed = {directory: sorted(os.listdir(directory)) for directory in directories}
            if stdin:
                with open(stdin, "rb") as f:
                    code, elapsed, rss, err, hung = hostile_run.run_measured(command, limit + 60, stdin=f)
            else:
                code, elapsed, rss, err, hung = hostile_run.run_measured(command, limit + 60)
            flags = hostile_run.bound_flags(code, elapsed, rss, hung, limit, options.memory_mb)
            if code != status:
                flags.append("STATUS")
            if not all(word in err for word in words):
                flags.append("MESSAGE")
            if any(digest(path) != before[path] for path in kept) or any(sorted(os.listdir(d)) != listed[d] for d in directories):
                flags.append("LOST")
            if mount:
                subprocess.run(["umount", mount], check=False)
            flagged += bool(flags)
            first = next((line for line in err.splitlines() if line.strip()), "")[:90]
            print(f"{name:<32}{code:>5}{elapsed:>7.1f}s{rss:>7.0f}MB  {' '.join(flags):<14} {first}", flush=True)
    print(f"flagged: {flagged}")
    sys.exit(1 if flagged else 0)


if __name__ == "__main__":
    main()
