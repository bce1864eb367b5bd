"""Shared helpers for the fixture and evaluation-set generators.

Renders text with fonts from Debian packages (fonts-nanum, fonts-unfonts-core,
fonts-baekmuk, fonts-noto-cjk) using Pillow. Output is deterministic for a
given font file and Pillow version.
"""
import io
import os

from PIL import Image, ImageChops, ImageDraw, ImageFilter, ImageFont

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

# The evaluation sets' fonts (none of them used by fixtures), split: tune fonts may be
# looked at while adjusting thresholds, test fonts are only measured.
EVAL_FONT_SPLITS = {
    "tune": ["un-dotum", "noto-serif-kr", "baekmuk-gulim"],
    "test": ["nanum-myeongjo", "un-batang", "baekmuk-batang", "noto-sans-kr"],
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


def with_dark_band(header, body, font_name, size, rng=None, shade=0):
    """`body` below a dark band (level `shade`, or random 0-90 with `rng`) holding
    `header` in light print, as on receipts and signs."""
    shade = rng.randint(0, 90) if rng else shade
    band = render_lines([header], font_name, size=size, width=body.width, margin=max(12, size // 2))
    band = band.point(lambda v: shade + (255 - shade) * v // 255).point(lambda v: 255 - v + shade)
    page = Image.new("L", (body.width, band.height + body.height), 255)
    page.paste(band, (0, 0))
    page.paste(body, (0, band.height))
    return page


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


def desk(size, rng):
    """A textured dark desk surface."""
    w, h = size
    base = rng.randint(60, 130)
    tint = (base + rng.randint(0, 30), base + rng.randint(0, 15), base)
    image = Image.new("RGB", size, tint)
    draw = ImageDraw.Draw(image)
    for _ in range(w * h // 400):
        x, y = rng.randrange(w), rng.randrange(h)
        shade = rng.randint(-25, 25)
        draw.point((x, y), fill=tuple(max(0, min(255, c + shade)) for c in tint))
    for _ in range(12):  # wood-grain-like streaks
        y = rng.randrange(h)
        shade = rng.randint(-20, 20)
        draw.line([(0, y), (w, y + rng.randint(-40, 40))], fill=tuple(max(0, min(255, c + shade)) for c in tint), width=rng.randint(1, 4))
    return image.filter(ImageFilter.GaussianBlur(1.2))


def perspective_coefficients(source, target):
    """Coefficients mapping target quad → source quad for Image.transform(PERSPECTIVE)."""
    matrix, vector = [], []
    for (x, y), (u, v) in zip(target, source):
        matrix.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        matrix.append([0, 0, 0, x, y, 1, -v * x, -v * y])
        vector += [u, v]
    # Solve the 8×8 system by Gaussian elimination (no numpy needed).
    n = 8
    a = [row[:] + [vector[i]] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(n):
            if r != col:
                factor = a[r][col] / a[col][col]
                a[r] = [x - factor * y for x, y in zip(a[r], a[col])]
    return [a[i][n] / a[i][i] for i in range(n)]


def photo(page, rng):
    """Places a page on a desk with perspective, uneven light, blur, noise and JPEG."""
    page = page.convert("RGB")
    pw, ph = page.size
    margin = int(max(pw, ph) * rng.uniform(0.12, 0.25))
    w, h = pw + 2 * margin, ph + 2 * margin
    canvas = desk((w, h), rng)
    jitter = lambda: rng.uniform(-0.05, 0.05) * min(pw, ph)  # noqa: E731
    corners = [(margin + jitter(), margin + jitter()), (margin + pw + jitter(), margin + jitter()),
               (margin + pw + jitter(), margin + ph + jitter()), (margin + jitter(), margin + ph + jitter())]
    coefficients = perspective_coefficients([(0, 0), (pw, 0), (pw, ph), (0, ph)], corners)
    warped = page.transform((w, h), Image.Transform.PERSPECTIVE, coefficients, Image.Resampling.BICUBIC, fillcolor=(0, 0, 0))
    mask = Image.new("L", page.size, 255).transform((w, h), Image.Transform.PERSPECTIVE, coefficients, Image.Resampling.BICUBIC, fillcolor=0)
    canvas.paste(warped, (0, 0), mask)
    # Uneven light: a linear gradient at a random angle, from about 0.55 to 1.0.
    low, high = rng.uniform(0.5, 0.7), rng.uniform(0.95, 1.05)
    gradient = Image.linear_gradient("L").rotate(rng.uniform(0, 360), resample=Image.Resampling.BILINEAR, expand=False, fillcolor=128)
    gradient = gradient.crop((48, 48, 208, 208)).resize((w, h), Image.Resampling.BILINEAR)
    light = Image.eval(gradient, lambda v: max(0, min(255, int(255 * (low + (high - low) * v / 255)))))
    image = ImageChops.multiply(canvas, Image.merge("RGB", [light] * 3))
    image = image.filter(ImageFilter.GaussianBlur(rng.uniform(0.6, 1.3)))
    noise = Image.effect_noise((w, h), rng.uniform(6, 12)).convert("RGB")
    image = Image.blend(image, noise, 0.06)
    buffer = io.BytesIO()
    image.save(buffer, "JPEG", quality=rng.randint(55, 80))
    return Image.open(io.BytesIO(buffer.getvalue()))


def faded(page, rng, ink=None):
    """Faded thermal print: grey ink, light paper, print-head streaks, speckles, blur."""
    ink = ink if ink is not None else rng.randint(70, 150)  # faded: grey instead of black
    page = Image.eval(page, lambda v: 255 - (255 - v) * (255 - ink) // 255)
    paper = Image.new("L", page.size, rng.randint(228, 245))
    page = Image.composite(page, paper, Image.eval(page, lambda v: 255 if v < 250 else 0))
    draw = ImageDraw.Draw(page)
    for _ in range(rng.randint(2, 5)):  # vertical fade streaks
        x = rng.randrange(page.width)
        band = page.crop((x, 0, min(page.width, x + rng.randint(4, 20)), page.height))
        page.paste(Image.eval(band, lambda v: min(255, v + 40)), (x, 0))
    for _ in range(page.width * page.height // 1500):
        draw.point((rng.randrange(page.width), rng.randrange(page.height)), fill=rng.randint(120, 200))
    return page.filter(ImageFilter.GaussianBlur(0.5))


def skewed(page, degrees):
    """The page turned by `degrees` (counter-clockwise), enlarged, on white."""
    return page.rotate(degrees, resample=Image.Resampling.BICUBIC, expand=True, fillcolor=255)
