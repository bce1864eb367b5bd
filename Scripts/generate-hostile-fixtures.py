#!/usr/bin/python3
"""Regenerates the fixtures of hostile and unusual inputs that the suite decodes.

Usage: /usr/bin/python3 Scripts/generate-hostile-fixtures.py
Needs: apt-get install python3-pil qpdf

- TestImages/three-lines-exif{2,4,5,7}.jpg: three-lines.png stored mirrored, with the EXIF
  orientation that stands it upright (a phone's front camera, a scanner's mirrored output).
- TestImages/fuzz/scan-bomb.jpg: a progressive JPEG of 2000x2000 blank pixels in 300 scans,
  each an end-of-block run over every block (a few kilobytes; each scan costs a pass over
  the whole image).
- TestImages/fuzz/many-scans.jpg: the same in 150 scans (a legal, slow file).
- TestImages/pdf/scan-2pages.pdf: receipt.png and three-lines.png, each a page of its own at
  its resolution (a scanner's PDF); TestImages/pdf/text-page.pdf: a page that carries text.
- TestImages/pdf/encrypted.pdf (qpdf, a user password), page-bomb.pdf (a 200 x 200 inch page
  holding a 4x4 image), javascript.pdf (an open action running JavaScript), broken-xref.pdf
  (the cross-reference table's offsets wrong), too-many-pages.pdf (1,001 blank pages).
- TestImages/pdf/redacted-scan.pdf: three-lines.png as a scan with a black box drawn over its
  second line; stamped-scan.pdf: the same scan with a one-line text layer (a Bates stamp).
"""
import os
import struct
import subprocess
import zlib

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


def pdf(objects, root=1):
    """A PDF of numbered `objects` (bytes, in order from 1) with a right cross-reference table."""
    out = bytearray(b"%PDF-1.5\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    for offset in offsets:
        out += b"%010d 00000 n \n" % offset
    out += b"trailer\n<< /Size %d /Root %d 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, root, xref)
    return bytes(out)


def gray_image_object(image):
    """A Flate-compressed 8-bit gray image XObject of a Pillow image."""
    data = zlib.compress(image.convert("L").tobytes())
    return (b"<< /Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceGray /BitsPerComponent 8 "
            b"/Filter /FlateDecode /Length %d >>\nstream\n" % (image.width, image.height, len(data)) + data + b"\nendstream")


def image_pages(images, resolution=None, extra_catalog=b""):
    """One page per image, each the image filling it (at `resolution`, else its own)."""
    count = len(images)
    kids = b" ".join(b"%d 0 R" % (3 + 3 * index) for index in range(count))
    objects = [b"<< /Type /Catalog /Pages 2 0 R " + extra_catalog + b">>", b"<< /Type /Pages /Kids [" + kids + b"] /Count %d >>" % count]
    for index, (image, ppi) in enumerate(images):
        ppi = resolution or ppi
        width, height = image.width * 72 / ppi, image.height * 72 / ppi
        page, content, xobject = 3 + 3 * index, 4 + 3 * index, 5 + 3 * index
        stream = b"q %.2f 0 0 %.2f 0 0 cm /Im0 Do Q" % (width, height)
        objects.append(b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %.2f %.2f] /Resources << /XObject << /Im0 %d 0 R >> >> "
                       b"/Contents %d 0 R >>" % (width, height, xobject, content))
        objects.append(b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream")
        objects.append(gray_image_object(image))
    return objects


def pdfs():
    directory = os.path.join(TEST_IMAGES, "pdf")
    os.makedirs(directory, exist_ok=True)
    receipt = Image.open(os.path.join(TEST_IMAGES, "receipt.png"))
    three = Image.open(os.path.join(TEST_IMAGES, "three-lines.png"))
    scan = pdf(image_pages([(receipt, 200), (three, 300)]))
    with open(os.path.join(directory, "scan-2pages.pdf"), "wb") as f:
        f.write(scan)
    text = b"BT /F1 24 Tf 72 720 Td (Invoice 2025-10-18 total 3,600) Tj ET"
    with open(os.path.join(directory, "text-page.pdf"), "wb") as f:
        f.write(pdf([b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                     b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
                     b"<< /Length %d >>\nstream\n" % len(text) + text + b"\nendstream",
                     b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"]))
    subprocess.run(["qpdf", "--encrypt", "user", "owner", "256", "--", os.path.join(directory, "scan-2pages.pdf"),
                    os.path.join(directory, "encrypted.pdf")], check=True)
    tiny = Image.new("L", (4, 4), 255)
    with open(os.path.join(directory, "page-bomb.pdf"), "wb") as f:
        f.write(pdf(image_pages([(tiny, 4 / 200)])))  # 4 pixels over 200 inches
    with open(os.path.join(directory, "javascript.pdf"), "wb") as f:
        objects = image_pages([(three, 300)], extra_catalog=b"/OpenAction 6 0 R ")
        objects.append(b"<< /S /JavaScript /JS (app.alert('hello'); while (true) {}) >>")
        f.write(pdf(objects))
    broken = bytearray(scan)
    xref = broken.rindex(b"\nxref\n") + 1  # the table, not "startxref"
    broken[xref:] = broken[xref:].replace(b"0000000", b"0009999", 4)  # the first objects' offsets past the file
    with open(os.path.join(directory, "broken-xref.pdf"), "wb") as f:
        f.write(bytes(broken))
    # 1,001 pages drawing one shared blank image: small, and one page past the limit.
    count = 1001
    kids = b" ".join(b"%d 0 R" % (5 + index) for index in range(count))
    stream = b"q 8 0 0 8 0 0 cm /Im0 Do Q"
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [" + kids + b"] /Count %d >>" % count,
               b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream", gray_image_object(Image.new("L", (8, 8), 255))]
    objects += [b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 8 8] /Resources << /XObject << /Im0 4 0 R >> >> /Contents 3 0 R >>"] * count
    with open(os.path.join(directory, "too-many-pages.pdf"), "wb") as f:
        f.write(pdf(objects))


def shown_pdfs():
    """Scans with something drawn over them: what the page shows is what is read."""
    directory = os.path.join(TEST_IMAGES, "pdf")
    three = Image.open(os.path.join(TEST_IMAGES, "three-lines.png"))
    scale = 72 / 300  # points per pixel at 300 ppi
    # A black box over the second line (rows 96-126 of 233): a redaction.
    box = b"0 g 0 %.2f %.2f %.2f re f" % ((233 - 130) * scale, three.width * scale, 38 * scale)
    # One line of text, drawn in the blank strip under the last line: a Bates stamp.
    stamp = b"BT /F1 6 Tf 4 3 Td (ABC-000123) Tj ET"
    for name, drawn in (("redacted-scan.pdf", box), ("stamped-scan.pdf", stamp)):
        objects = image_pages([(three, 300)])
        stream = b"q %.2f 0 0 %.2f 0 0 cm /Im0 Do Q " % (three.width * scale, three.height * scale) + drawn
        objects[2] = objects[2].replace(b">> >> /Contents", b">> /Font << /F1 6 0 R >> >> /Contents")
        objects[3] = b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream"
        objects.append(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
        with open(os.path.join(directory, name), "wb") as f:
            f.write(pdf(objects))


def main():
    mirrored_exif()
    pdfs()
    shown_pdfs()
    for name, scans in (("scan-bomb", 300), ("many-scans", 150)):
        with open(os.path.join(TEST_IMAGES, "fuzz", name + ".jpg"), "wb") as f:
            f.write(progressive(2000, 2000, scans))


if __name__ == "__main__":
    main()
