#!/usr/bin/python3
"""Regenerates the fixtures of hostile and unusual inputs that the suite decodes.

Usage: /usr/bin/python3 Scripts/generate-hostile-fixtures.py
Needs: apt-get install python3-pil

- TestImages/three-lines-exif{2,4,5,7}.jpg: three-lines.png stored mirrored, with the EXIF
  orientation that stands it upright (a phone's front camera, a scanner's mirrored output).
- TestImages/fuzz/scan-bomb.jpg: a progressive JPEG of 2000x2000 blank pixels in 300 scans,
  each an end-of-block run over every block (a few kilobytes; each scan costs a pass over
  the whole image).
- TestImages/fuzz/many-scans.jpg: the same in 150 scans (a legal, slow file).
"""
import os
import struct

from PIL import Image

TEST_IMAGES = os.path.join(os.path.dirname(__file__), "..", "TestImages")

# PIL's transpose for each mirrored orientation is its own inverse (exif_transpose uses it).
MIRRORED = {2: Image.Transpose.FLIP_LEFT_RIGHT, 4: Image.Transpose.FLIP_TOP_BOTTOM,
            5: Image.Transpose.TRANSPOSE, 7: Image.Transpose.TRANSVERSE}


def mirrored_exif():
    upright = Image.open(os.path.join(TEST_IMAGES, "three-lines.png")).convert("RGB")
    text = open(os.path.join(TEST_IMAGES, "three-lines.txt"), encoding="utf-8").read()
    for orientation, method in MIRRORED.items():
        exif = Image.Exif()
        exif[0x0112] = orientation
        name = f"three-lines-exif{orientation}"
        upright.transpose(method).save(os.path.join(TEST_IMAGES, name + ".jpg"), quality=92, exif=exif)
        with open(os.path.join(TEST_IMAGES, name + ".txt"), "w", encoding="utf-8") as f:
            f.write(text)


class Bits:
    def __init__(self):
        self.accumulator, self.count, self.out = 0, 0, bytearray()

    def put(self, value, count):
        for index in range(count - 1, -1, -1):
            self.accumulator = (self.accumulator << 1) | ((value >> index) & 1)
            self.count += 1
            if self.count == 8:
                self.out.append(self.accumulator)
                if self.accumulator == 0xFF:
                    self.out.append(0)
                self.accumulator, self.count = 0, 0

    def flush(self):
        while self.count:
            self.put(1, 1)
        return bytes(self.out)


def segment(marker, payload):
    return struct.pack(">BBH", 0xFF, marker, len(payload) + 2) + payload


def progressive(width, height, scans):
    """A gray SOF2 JPEG: one DC scan, then `scans` AC scans of end-of-block runs (EOB14)."""
    blocks = ((width + 7) // 8) * ((height + 7) // 8)
    out = bytearray(b"\xff\xd8")
    out += segment(0xDB, b"\x00" + b"\x01" * 64)
    out += segment(0xC2, struct.pack(">BHHB", 8, height, width, 1) + b"\x01\x11\x00")
    out += segment(0xC4, b"\x00" + bytes([1] + [0] * 15) + b"\x00")
    out += segment(0xC4, b"\x10" + bytes([1] + [0] * 15) + b"\xe0")
    out += segment(0xDA, b"\x01\x01\x00\x00\x00\x00")
    dc = Bits()
    for _ in range(blocks):
        dc.put(0, 1)
    out += dc.flush()
    ac = Bits()
    left = blocks
    while left > 0:  # runs of 16384 to 32767 blocks; a last shorter run overshoots, which libjpeg allows
        run = min(left, 32767)
        ac.put(0, 1)
        ac.put(run - 16384 if run >= 16384 else 0, 14)
        left -= run
    scan = segment(0xDA, b"\x01\x01\x00\x01\x3f\x00") + ac.flush()
    out += scan * scans + b"\xff\xd9"
    return bytes(out)


def main():
    mirrored_exif()
    for name, scans in (("scan-bomb", 300), ("many-scans", 150)):
        with open(os.path.join(TEST_IMAGES, "fuzz", name + ".jpg"), "wb") as f:
            f.write(progressive(2000, 2000, scans))


if __name__ == "__main__":
    main()
