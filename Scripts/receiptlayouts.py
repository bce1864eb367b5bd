"""Receipt layouts the extractor was not written from (issue 14), with their true fields.

`receiptlib.py` draws the six layouts the extractor grew up on. These are other shops'
layouts, wordings, date formats, totals and payment blocks: card-terminal slips, a
convenience store, a supermarket with a company discount, an English-Korean cafe, a taxi,
a parking lot, an online order printout and a pharmacy. Split by layout:

- `TUNE` layouts may be looked at while changing the extractor;
- `HELDOUT` layouts are only measured and reported, never tuned on.

The truth is in the real-receipt format of `TestImages/receipts-real` (a field set to
None is not printed; a field left out is not scored); `items` are the item amounts.
"""
from receiptlib import OWNERS, business_number, money, phone_number

TUNE = ["card_slip", "convenience", "supermarket", "cafe_en"]
HELDOUT = ["taxi", "parking", "online", "pharmacy2"]

CONVENIENCE = ["GS25 역삼타워점", "CU 판교테크원점", "emart24 선릉역점", "세븐일레븐 강남역점"]
SUPERMARKETS = ["농협하나로마트 양재점", "롯데마트 잠실점", "홈플러스 영등포점", "이마트 성수점"]
CAFES = ["STARBUCKS 광화문점", "Blue Bottle 삼청점", "TWOSOME PLACE 역삼점", "Paul Bassett 서초점"]
SHOPS = ["김태준의 탕탕집", "논현돈까스", "평창옥 본점", "치즈웨이브", "고향칼국수"]
PHARMACIES = ["온누리약국", "튼튼약국", "365열린약국"]
TAXIS = ["서울개인택시", "(주)한성운수", "카카오T 블루"]
PARKINGS = ["(주)하이파킹 강남점", "나이스파크 서초점", "AJ파크 여의도점"]
ONLINE = ["(주)에스에스지닷컴", "(주)우아한형제들", "쿠팡(주)"]
GOODS_CVS = ["삼각김밥 참치마요", "바나나우유 240ml", "컵라면 육개장", "생수 500ml", "초코바", "커피 캔"]
GOODS_MART = ["방울토마토(국산)", "대파 1단", "국산콩두부", "한우 불고기 300g", "우유 1L", "계란 15구", "라면 5입"]
DRINKS_EN = ["Americano", "Cafe Latte", "Cold Brew", "Vanilla Latte", "Croissant", "Cheese Cake"]
MEDICINE = ["타이레놀 500mg", "판콜에이 3병", "까스활명수", "마데카솔 연고", "밴드 20매"]
CARD_ISSUERS = ["신한카드", "KB국민카드", "현대카드", "삼성카드", "BC카드", "롯데카드", "하나카드"]


def _masked_card(rng, shape):
    bin6 = f"{rng.randint(1000, 9999)}{rng.randint(10, 99)}"
    last = f"{rng.randint(0, 9999):04d}"
    if shape == "grouped":
        return f"{bin6[:4]}-{bin6[4:]}**-****-{last}"
    if shape == "grouped-tail":
        return f"{bin6[:4]}-{bin6[4:]}**-****-{last[:3]}*"
    if shape == "eight":
        return f"{bin6}{rng.randint(10, 99)}********"
    return f"{bin6}{rng.randint(10, 99)}****{last[:3]}*"


def _when(rng):
    year, month, day = rng.choice([2023, 2024, 2025, 2026]), rng.randint(1, 12), rng.randint(1, 28)
    hour, minute, second = rng.randint(0, 23), rng.randint(0, 59), rng.randint(0, 59)
    return year, month, day, hour, minute, second


def _items(rng, pool, count, low, high, step=100):
    items = []
    for name in rng.sample(pool, count):
        quantity = rng.choice([1, 1, 1, 2, 3])
        unit = rng.randint(low, high) * step
        items.append((name, quantity, unit, unit * quantity))
    return items


def _vat(total):
    taxable = round(total / 1.1)
    return taxable, total - taxable


def make_other_receipt(rng, layout):
    """Returns (rows, truth) for one of TUNE + HELDOUT (rows as in receiptlib)."""
    number = business_number(rng)
    phone = phone_number(rng)
    year, month, day, hour, minute, second = _when(rng)
    date, time = f"{year}-{month:02d}-{day:02d}", f"{hour:02d}:{minute:02d}"
    owner = rng.choice(OWNERS)
    approval = f"{rng.randint(10000000, 99999999)}"
    issuer = rng.choice(CARD_ISSUERS)
    rows, truth = [], {"businessNumber": number, "date": date, "time": time}

    if layout == "card_slip":
        merchant = rng.choice(SHOPS)
        total = rng.randint(30, 900) * 100
        taxable, vat = _vat(total)
        card = _masked_card(rng, rng.choice(["grouped", "grouped-tail"]))
        rows += ["IC신용승인 (고 객 용)", f"단말기 : 1A{rng.randint(10**7, 10**8 - 1)} 전표번호 : {rng.randint(10**5, 10**6 - 1):06d}",
                 f"가맹점 : {merchant}", f"대표자 : {owner}", f"사업자 : {number} TEL : {phone}",
                 [("금 액", None), (f"{money(taxable)} 원", 1.0)], [("부가세", None), (f"{money(vat)} 원", 1.0)],
                 [("합 계", None), (f"{money(total)} 원", 1.0)], issuer, f"카드번호 : {card} 일시불",
                 f"거래일시 : {year}/{month:02d}/{day:02d} {time}:{second:02d}", f"승인번호 : {approval}",
                 f"매입 : {issuer}사 가맹 : {rng.randint(10**8, 10**9 - 1)}", "* 감사합니다 *"]
        truth.update(merchant=merchant, phone=phone, total=total, vat=vat, taxable=taxable, payment="card",
                     cardNumber=card, approvalNumber=approval, items=[])
    elif layout == "convenience":
        merchant = rng.choice(CONVENIENCE)
        items = _items(rng, GOODS_CVS, rng.randint(2, 4), 8, 40)
        subtotal = sum(i[3] for i in items)
        discount = rng.randint(2, 20) * 10
        total = subtotal - discount
        taxable, vat = _vat(total)
        card = _masked_card(rng, "eight")
        pos = f"POS {rng.randint(1, 9):02d}-{rng.randint(1000, 9999)} NO.{rng.randint(1, 9999):04d}"
        rows += ["영 수 증", merchant, f"{owner} {number}", f"TEL {phone}", f"[등록] {date} {time} {pos}", "-" * 30]
        rows += [[(name, None), (str(q), 0.65), (money(amount), 1.0)] for name, q, _, amount in items]
        rows += ["-" * 30, [("상품합계", None), (money(subtotal), 1.0)], [("자사할인", None), (money(-discount), 1.0)],
                 [("판매금액", None), (money(total), 1.0)], [("과세매출", None), (money(taxable), 1.0)],
                 [("부 가 세", None), (money(vat), 1.0)], [("신용카드", None), (money(total), 1.0)],
                 f"CARD NO : {card}", f"승인번호 : {approval} (일시불)", [("승인금액:", None), (money(total), 1.0)]]
        truth.update(merchant=merchant, phone=phone, total=total, vat=vat, discount=discount, payment="card",
                     cardNumber=card, approvalNumber=approval, items=[i[3] for i in items])
    elif layout == "supermarket":
        merchant = rng.choice(SUPERMARKETS)
        items = _items(rng, GOODS_MART, rng.randint(2, 5), 10, 150)
        subtotal = sum(i[3] for i in items)
        total = subtotal
        card = _masked_card(rng, rng.choice(["tail", "grouped"]))
        rows += [merchant, f"주소:서울특별시 서초구 양재대로 {rng.randint(1, 300)}", f"대표: {owner} 전화:{phone}",
                 f"사업자번호:{number}", f"김*순 {date} {time}:{second:02d} 0001-{rng.randint(0, 99999):05d}",
                 [("상품(코드)", None), ("단가", 0.55), ("수량", 0.72), ("금액", 1.0)]]
        for index, (name, q, unit, amount) in enumerate(items, start=1):
            rows.append(f"{index:03d} {name}")
            rows.append([(f"*{rng.randint(100000, 999999)}", None), (money(unit), 0.55), (str(q), 0.72), (money(amount), 1.0)])
        rows += [[("총 구 매 액:", None), (money(subtotal), 1.0)], [("◆ 내 실 금 액:", None), (money(total), 1.0)],
                 [("신 용 액:", None), (money(total), 1.0)], "신용카드 매출전표(고객용)",
                 f"{issuer}:{card} (APP)", f"할부:00개월 매출금액: {money(total)}원", f"승인No:{approval} 가맹점:000000{rng.randint(10**8, 10**9 - 1)}",
                 f"승인일자:{year}{month:02d}{day:02d}"]
        truth.update(merchant=merchant, phone=phone, total=total, payment="card", cardNumber=card,
                     approvalNumber=approval, items=[i[3] for i in items])
    elif layout == "cafe_en":
        merchant = rng.choice(CAFES)
        items = _items(rng, DRINKS_EN, rng.randint(1, 4), 35, 75)
        total = sum(i[3] for i in items)
        taxable, vat = _vat(total)
        card = _masked_card(rng, "grouped")
        rows += [merchant, f"{merchant.split()[0]} {date} {time}:{second:02d}", f"사업자번호:{number.replace('-', '')}",
                 f"대표:{owner}", "주소:서울특별시 종로구 삼청로 " + str(rng.randint(1, 200)),
                 [("상품명", None), ("단가", 0.55), ("수량", 0.72), ("금액", 1.0)]]
        rows += [[(name, None), (money(unit), 0.55), (str(q), 0.72), (money(amount), 1.0)] for name, q, unit, amount in items]
        rows += [[("Subtotal", None), (money(total), 1.0)], [("공급가금액", None), (money(taxable), 1.0)],
                 [("VAT", None), (money(vat), 1.0)], [("TOTAL", None), (money(total), 1.0)],
                 [(f"{issuer}", None), (money(total), 1.0)], f"Card No. {card}", f"Approval No. {approval}"]
        truth.update(merchant=merchant, total=total, vat=vat, taxable=taxable, payment="card", cardNumber=card,
                     approvalNumber=approval, items=[i[3] for i in items])
    elif layout == "taxi":  # the sale is at drop-off (하차), as a parking lot's is at exit (출차)
        merchant = rng.choice(TAXIS)
        total = rng.randint(48, 400) * 100
        card = _masked_card(rng, "grouped")
        plate = f"서울{rng.randint(10, 99)}사{rng.randint(1000, 9999)}"
        rows += ["택시 영수증", f"상호: {merchant}", f"차량번호: {plate}", f"사업자번호: {number}",
                 f"승차: {date} {max(hour - 1, 0):02d}:{minute:02d}", f"하차: {date} {time}",
                 f"주행거리: {rng.randint(2, 40)}.{rng.randint(0, 9)}km", [("요금", None), (f"{money(total)}원", 1.0)],
                 [("결제금액", None), (f"{money(total)}원", 1.0)], f"카드번호: {card}", f"승인번호: {approval}",
                 "이용해 주셔서 감사합니다"]
        # The fare is the one charge: whether it is an "item" is a matter of definition, not scored.
        truth.update(merchant=merchant, total=total, payment="card", cardNumber=card, approvalNumber=approval)
    elif layout == "parking":
        merchant = rng.choice(PARKINGS)
        total = rng.randint(10, 300) * 100
        rows += ["주차 영수증", merchant, f"사업자등록번호 {number}", f"TEL {phone}",
                 f"입차 {date} {max(hour - 2, 0):02d}:{minute:02d}", f"출차 {date} {time}",
                 f"차량번호 {rng.randint(10, 399)}가{rng.randint(1000, 9999)}",
                 [("주차요금", None), (money(total), 1.0)], [("받을금액", None), (money(total), 1.0)],
                 [("현금", None), (money(total), 1.0)]]
        truth.update(merchant=merchant, phone=phone, total=total, payment="cash", cardNumber=None, approvalNumber=None)
    elif layout == "online":
        merchant = rng.choice(ONLINE)
        items = _items(rng, GOODS_MART, rng.randint(1, 3), 20, 300)
        shipping = rng.choice([0, 2500, 3000])
        total = sum(i[3] for i in items) + shipping
        rows += ["영수증 (공급받는자 보관용)", f"주문번호 {date}-{rng.randint(10000, 99999)}", merchant,
                 f"대표자 {owner} 사업자등록번호 {number}", f"고객센터 {phone}", f"주문일시 {date} {time}:{second:02d}", "구매내역"]
        rows += [[(f"{name} {q}개", None), (f"{money(amount)}원", 1.0)] for name, q, _, amount in items]
        rows += [[("배송비", None), (f"{money(shipping)}원", 1.0)], [("총 결제금액", None), (f"{money(total)}원", 1.0)],
                 [("카카오페이", None), (f"{money(total)}원", 1.0)]]
        truth.update(merchant=merchant, phone=phone, total=total, payment="mobile", cardNumber=None, approvalNumber=None)
    elif layout == "pharmacy2":
        merchant = rng.choice(PHARMACIES)
        items = _items(rng, MEDICINE, rng.randint(1, 4), 20, 150)
        total = sum(i[3] for i in items)
        taxable, vat = _vat(total)
        card = _masked_card(rng, "grouped-tail")
        rows += [f"** {merchant} **", f"약국개설자 {owner}", f"사업자 {number}", f"☎ {phone}",
                 f"{year}년 {month}월 {day}일 {time}", [("품 명", None), ("수량", 0.65), ("금액", 1.0)]]
        rows += [[(name, None), (str(q), 0.65), (money(amount), 1.0)] for name, q, _, amount in items]
        rows += [[("과세금액", None), (money(taxable), 1.0)], [("세 액", None), (money(vat), 1.0)],
                 [("청구금액", None), (money(total), 1.0)], [("카드결제", None), (money(total), 1.0)],
                 f"{issuer} {card}", f"승인 {approval}"]
        truth.update(merchant=merchant, phone=phone, total=total, vat=vat, taxable=taxable, payment="card",
                     cardNumber=card, items=[i[3] for i in items])
    else:
        raise ValueError(layout)
    return rows, truth
