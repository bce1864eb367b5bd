"""Shared helpers for the fixture and evaluation-set generators.

Renders text with fonts from Debian packages (fonts-nanum, fonts-unfonts-core,
fonts-baekmuk, fonts-noto-cjk) using Pillow. Output is deterministic for a
given font file and Pillow version.
"""
import os
from PIL import Image, ImageDraw, ImageFont

FONT_DIRS = ["/usr/share/fonts/truetype", "/usr/share/fonts/opentype"]

FONTS = {
    # Used by the committed test fixtures.
    "nanum-gothic": ("nanum/NanumGothic.ttf", 0),
    "nanum-gothic-coding": ("nanum/NanumGothicCoding.ttf", 0),
    "nanum-barun-gothic": ("nanum/NanumBarunGothic.ttf", 0),
    # Never used by fixtures: kept for the evaluation set only.
    "nanum-myeongjo": ("nanum/NanumMyeongjo.ttf", 0),
    "un-batang": ("unfonts-core/UnBatang.ttf", 0),
    "un-dotum": ("unfonts-core/UnDotum.ttf", 0),
    "baekmuk-batang": ("baekmuk/batang.ttf", 0),
    "baekmuk-gulim": ("baekmuk/gulim.ttf", 0),
    "noto-sans-kr": ("noto/NotoSansCJK-Regular.ttc", 1),
    "noto-serif-kr": ("noto/NotoSerifCJK-Regular.ttc", 1),
}


def font(name, size):
    relative, index = FONTS[name]
    for base in FONT_DIRS:
        path = os.path.join(base, relative)
        if os.path.exists(path):
            return ImageFont.truetype(path, size, index=index)
    raise SystemExit(
        f"font {name} ({relative}) not found: apt-get install fonts-nanum "
        "fonts-unfonts-core fonts-baekmuk fonts-noto-cjk")


def render_lines(lines, font_name, size=32, width=None, margin=40,
                 spacing=0.6, columns=None):
    """Renders lines of black text on white, left-aligned.

    `columns` (optional) is a list of (left, right) string pairs rendered with
    the right part right-aligned, as on receipts; plain strings are left-aligned.
    """
    f = font(font_name, size)
    line_height = int(size * (1 + spacing))
    measure = ImageDraw.Draw(Image.new("L", (1, 1)))
    widths = []
    for line in lines:
        text = line if isinstance(line, str) else line[0] + "    " + line[1]
        widths.append(measure.textlength(text, font=f))
    content_width = int(max(widths)) if widths else 0
    width = width or content_width + 2 * margin
    height = line_height * len(lines) + 2 * margin
    image = Image.new("L", (width, height), 255)
    draw = ImageDraw.Draw(image)
    y = margin
    for line in lines:
        if isinstance(line, str):
            draw.text((margin, y), line, font=f, fill=0)
        else:
            left, right = line
            draw.text((margin, y), left, font=f, fill=0)
            right_width = measure.textlength(right, font=f)
            draw.text((width - margin - right_width, y), right, font=f, fill=0)
        y += line_height
    return image


def line_text(line):
    return line if isinstance(line, str) else line[0] + " " + line[1]


def stored_for_rotation(upright, degrees):
    """The stored image that must be turned `degrees` clockwise to stand upright."""
    if degrees == 0:
        return upright
    # Pillow's ROTATE_n turns counter-clockwise, the inverse of the turn to upright.
    return upright.transpose({90: Image.Transpose.ROTATE_90,
                              180: Image.Transpose.ROTATE_180,
                              270: Image.Transpose.ROTATE_270}[degrees])
