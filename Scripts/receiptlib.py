"""Synthetic Korean store receipts with their true fields, for the receipt extractor.

A receipt is drawn from one of several layouts (convenience store, restaurant with
unit prices, cafe, pharmacy, mart with discounts), each with its own way of writing
the date, the labels of the totals and the payment block. `make_receipt` returns the
rows to draw and the truth (the values `ocr scan --extract receipt` should report);
`render_receipt` draws the rows on a 576-pixel thermal roll.

Business registration numbers are generated valid (check digit) so a reader can tell
a misread from a real number.
"""
from PIL import Image, ImageDraw

from fixturelib import font

STORES = ["한빛마트 강남점", "새벽베이커리", "우리동네약국", "푸른채소가게", "다온식당", "행운문구 종로점",
          "GS25 역삼센터점", "CU 신촌명물점", "초록한의원", "바다횟집", "하늘서점 광화문점", "별빛카페"]
GOODS = ["서울우유 1L", "신라면 5입", "햇반 210g", "계란 10구", "두부 300g", "바나나 1송이", "생수 2L",
         "삼겹살 500g", "양파 1.5kg", "식빵", "커피믹스 20T", "감자칩", "볼펜 0.5mm", "건전지 AA",
         "김밥", "떡볶이", "크루아상", "감기약", "밴드 20매", "치약 120g", "휴지 30롤", "참치캔 3입"]
DISHES = ["김치찌개", "된장찌개", "제육볶음", "비빔밥", "냉면", "공기밥", "돈까스", "순두부찌개", "소주", "맥주"]
DRINKS = ["아메리카노", "카페라떼", "바닐라라떼", "녹차라떼", "자몽에이드", "치즈케이크", "마들렌", "레몬티"]
HYPERMARTS = ["대형마트 성수점", "홈마트 월드컵점", "메가마트 동래점", "빅마켓 금천점"]
OWNERS = ["김철수", "이영희", "박민준", "최서연", "정하늘", "한지우"]
WEIGHTS = [1, 3, 7, 1, 3, 7, 1, 3, 5]


def business_number(rng):
    """A valid ###-##-##### number (the tenth digit is the check digit)."""
    digits = [rng.randint(1, 9)] + [rng.randint(0, 9) for _ in range(8)]
    total = sum(d * w for d, w in zip(digits, WEIGHTS)) + digits[8] * 5 // 10
    digits.append((10 - total % 10) % 10)
    text = "".join(map(str, digits))
    return f"{text[:3]}-{text[3:5]}-{text[5:]}"


def phone_number(rng):
    area = rng.choice(["02", "031", "032", "051", "053", "042", "070"])
    middle = rng.randint(200, 999) if area == "02" or rng.random() < 0.5 else rng.randint(2000, 9999)
    return f"{area}-{middle}-{rng.randint(0, 9999):04d}"


def money(value):
    return f"{value:,}"


def date_text(rng, year, month, day, hour, minute, style):
    if style == "iso":
        return f"{year}-{month:02d}-{day:02d} {hour:02d}:{minute:02d}"
    if style == "dots":
        return f"{year}.{month:02d}.{day:02d} {hour:02d}:{minute:02d}:{rng.randint(0, 59):02d}"
    if style == "short":
        return f"{year % 100:02d}/{month:02d}/{day:02d} {hour:02d}:{minute:02d}"
    return f"{year}년 {month}월 {day}일 {hour:02d}:{minute:02d}"


def make_receipt(rng, layout=None):
    """Returns (rows, truth). A row is a string (left-aligned) or a list of cells
    (text, right edge as a fraction of the printable width; None = left-aligned)."""
    layout = layout or rng.choice(["store", "restaurant", "cafe", "pharmacy", "mart", "hypermart"])
    merchant = rng.choice(HYPERMARTS if layout == "hypermart" else STORES)
    number = business_number(rng)
    phone = phone_number(rng)
    year, month, day = rng.choice([2024, 2025, 2026]), rng.randint(1, 12), rng.randint(1, 28)
    hour, minute = rng.randint(8, 22), rng.randint(0, 59)
    style = {"store": "iso", "restaurant": "dots", "cafe": "korean", "pharmacy": "short",
             "mart": rng.choice(["iso", "dots"]), "hypermart": "dots"}[layout]
    when = date_text(rng, year, month, day, hour, minute, style)

    pool = {"restaurant": DISHES, "cafe": DRINKS}.get(layout, GOODS)
    items = []
    for name in rng.sample(pool, rng.randint(3, 6)):
        quantity = rng.choice([1, 1, 1, 2, 3]) if layout != "cafe" else rng.choice([1, 1, 2])
        unit = rng.randint(5, 180) * 100 if layout != "restaurant" else rng.randint(10, 120) * 500
        items.append({"name": name, "quantity": quantity, "unit_price": unit, "amount": unit * quantity})
    subtotal = sum(item["amount"] for item in items)
    discounts = []
    if layout in ("mart", "hypermart") or (layout == "store" and rng.random() < 0.4):
        for _ in range(rng.randint(1, 2)):
            discounts.append(rng.randint(3, 30) * 100)
    total = subtotal - sum(discounts)
    taxable = round(total / 1.1)
    vat = total - taxable
    paid_by_card = layout != "pharmacy" or rng.random() < 0.5
    card = f"{rng.randint(1000, 9999)}-{rng.randint(10, 99)}**-****-{rng.randint(0, 9999):04d}"
    approval = f"{rng.randint(10000000, 99999999)}"

    rows = []
    if layout == "store":
        rows += [merchant, f"사업자번호 {number}", f"대표 {rng.choice(OWNERS)}  TEL {phone}", when,
                 "-" * 30, [("상품명", None), ("수량", 0.62), ("금액", 1.0)]]
        rows += [[(i["name"], None), (str(i["quantity"]), 0.62), (money(i["amount"]), 1.0)] for i in items]
        rows += [[("행사할인", None), (money(-d), 1.0)] for d in discounts]
        rows += ["-" * 30, [("과세물품가액", None), (money(taxable), 1.0)], [("부가세", None), (money(vat), 1.0)],
                 [("합계", None), (money(total), 1.0)]]
    elif layout == "restaurant":
        rows += [merchant, f"사업자등록번호: {number}", f"전화: {phone}", f"일시: {when}", "=" * 30,
                 [("메뉴", None), ("단가", 0.55), ("수량", 0.72), ("금액", 1.0)]]
        rows += [[(i["name"], None), (money(i["unit_price"]), 0.55), (str(i["quantity"]), 0.72), (money(i["amount"]), 1.0)]
                 for i in items]
        rows += ["=" * 30, [("공급가액", None), (money(taxable), 1.0)], [("부가세", None), (money(vat), 1.0)],
                 [("합계금액", None), (money(total) + "원", 1.0)]]
    elif layout == "cafe":
        rows += [f"[{merchant}]", f"사업자번호 {number}  {phone}", when, "-" * 30]
        rows += [[(f"{i['name']} x{i['quantity']}" if i["quantity"] > 1 else i["name"], None), (money(i["amount"]), 1.0)]
                 for i in items]
        rows += ["-" * 30, [("합계액", None), (money(total), 1.0)], [("부가세", None), (money(vat), 1.0)]]
    elif layout == "pharmacy":
        rows += [merchant, f"사업자번호 {number}", f"TEL {phone}", f"판매일 {when}",
                 [("품명", None), ("수량", 0.62), ("금액", 1.0)]]
        rows += [[(i["name"], None), (str(i["quantity"]), 0.62), (money(i["amount"]), 1.0)] for i in items]
        rows += ["-" * 30, [("부가세", None), (money(vat), 1.0)], [("받을금액", None), (money(total), 1.0)]]
    elif layout == "hypermart":  # two rows per item: number and name, then barcode and prices
        rows += [merchant, f"사업자등록번호 {number}", f"대표전화 {phone}", f"[구매] {when}", "-" * 30,
                 [("상품명", None)], [("단가", 0.55), ("수량", 0.72), ("금액", 1.0)], "-" * 30]
        for index, item in enumerate(items, start=1):
            barcode = "880" + "".join(str(rng.randint(0, 9)) for _ in range(10))
            rows.append(f"{index:02d} {item['name']}")
            rows.append([(barcode, None), (money(item["unit_price"]), 0.55), (str(item["quantity"]), 0.72),
                         (money(item["amount"]), 1.0)])
        rows += ["-" * 30, f"총품목수량 {sum(i['quantity'] for i in items)}",
                 [("상품할인", None), (money(-sum(discounts)), 1.0)],
                 [("과세물품가액", None), (money(taxable), 1.0)], [("부가세", None), (money(vat), 1.0)],
                 [("결제대상금액", None), (money(total), 1.0)]]
    else:  # mart
        rows += [merchant, f"사업자번호 {number}", f"고객센터 {phone}", when, "-" * 30]
        for item, index in zip(items, range(len(items))):
            rows.append([(item["name"], None), (str(item["quantity"]), 0.62), (money(item["amount"]), 1.0)])
            if index < len(discounts):
                rows.append([("  할인", None), (money(-discounts[index]), 1.0)])
        rows += ["-" * 30, [("총구매액", None), (money(subtotal), 1.0)],
                 [("할인합계", None), (money(-sum(discounts)), 1.0)],
                 [("과세물품", None), (money(taxable), 1.0)], [("부가세", None), (money(vat), 1.0)],
                 [("결제금액", None), (money(total), 1.0)]]
    if paid_by_card:
        rows += [[("신용카드", None), (money(total), 1.0)], f"카드번호 {card}", f"승인번호 {approval}"]
    else:
        rows += [[("현금", None), (money(total), 1.0)]]
    rows += ["감사합니다"]

    truth = {
        "layout": layout,
        "merchant": merchant.strip("[]"),
        "businessNumber": number,
        "phone": phone,
        "date": f"{year}-{month:02d}-{day:02d}",
        "time": f"{hour:02d}:{minute:02d}",
        "total": total,
        "vat": vat,
        "discount": sum(discounts),
        "items": items,
        "payment": "card" if paid_by_card else "cash",
        "cardNumber": card if paid_by_card else None,
        "approvalNumber": approval if paid_by_card else None,
    }
    if layout in ("store", "restaurant", "mart", "hypermart"):
        truth["taxable"] = taxable
    return rows, truth


def row_text(row):
    return row if isinstance(row, str) else " ".join(text for text, _ in row)


def render_receipt(rows, font_name, size=24, width=576, margin=24, spacing=0.45):
    """Draws receipt rows in black on white (degrade afterwards with fixturelib)."""
    f = font(font_name, size)
    line_height = int(size * (1 + spacing))
    image = Image.new("L", (width, line_height * len(rows) + 2 * margin), 255)
    draw = ImageDraw.Draw(image)
    printable = width - 2 * margin
    y = margin
    for row in rows:
        cells = [(row, None)] if isinstance(row, str) else row
        for text, right in cells:
            if right is None:
                draw.text((margin, y), text, font=f, fill=0)
            else:
                draw.text((margin + printable * right - draw.textlength(text, font=f), y), text, font=f, fill=0)
        y += line_height
    return image
