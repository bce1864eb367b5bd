import Domain
import Testing

@Suite("Receipt values: amounts, registration numbers, dates")
struct ReceiptParsingTests {
    @Test(
        "Korean amounts parse; other tokens do not",
        arguments: [
            ("12,500", 12_500), ("12,500원", 12_500), ("₩12,500", 12_500), ("-3,980", -3_980), ("900", 900),
            ("1,234,567", 1_234_567), ("12.500", 12_500), ("0", 0),
        ] as [(String, Int)])
    func amounts(token: String, value: Int) {
        #expect(KoreanAmount.parse(token) == value)
    }

    @Test(
        "Not amounts",
        arguments: [
            "12,50", "1,2345", "원", "abc", "12a", "-", "", "5입", "1234567890",
            // Past any receipt's range (over 10^12 won), and past Int's: never a value to add up.
            "1,000,000,000,000", "9,000,000,000,000,000,000", "-9,223,372,036,854,775,808", "99,999,999,999,999,999,999,999",
        ])
    func notAmounts(token: String) {
        #expect(KoreanAmount.parse(token) == nil)
    }

    @Test("The largest amount a receipt can print is accepted, with its sign")
    func largestAmount() {
        #expect(KoreanAmount.parse("999,999,999,999") == KoreanAmount.maximum)
        #expect(KoreanAmount.parse("-999,999,999,999") == -KoreanAmount.maximum)
    }

    @Test(
        "Registration numbers are checked by their check digit",
        arguments: [
            ("214-86-12345", false), ("220-81-62517", true), ("1048145235", true), ("104-81-45235", true), ("104-81-45237", false),
            ("104-81-4523", false), ("104-81-452355", false),
        ])
    func checkDigit(number: String, valid: Bool) {
        #expect(BusinessRegistrationNumber.isValid(number) == valid)
    }

    @Test("A number one likely confusion from exactly one valid number is repaired to it")
    func repair() {
        // 104-81-45235 is valid; the engine read its 8 as 6 (a likely confusion), and no
        // other single likely confusion of the misread is valid.
        #expect(BusinessRegistrationNumber.repaired("104-61-45235") == "104-81-45235")
        // 123-45-67890 is one likely confusion from two valid numbers (…67800, …67590):
        // ambiguous, so not repaired.
        #expect(BusinessRegistrationNumber.repaired("123-45-67890") == nil)
        #expect(BusinessRegistrationNumber.repaired("214-86-12345") == "214-88-12345")
        // Already valid numbers have several valid neighbours or none: not "repaired" blindly.
        #expect(BusinessRegistrationNumber.repaired("12345") == nil)
    }

    @Test(
        "Dates in the common Korean formats, with the time on the same line",
        arguments: [
            ("2025-10-18 21:22", "2025-10-18 21:22"), ("일시: 2025.10.18 21:22:05", "2025-10-18 21:22"),
            ("25/10/18 09:12", "2025-10-18 09:12"), ("2025년 10월 18일 14:05", "2025-10-18 14:05"),
            ("2025/1/8", "2025-01-08"), ("판매일 25.10.18", "2025-10-18"), ("2025년 3월 1일 9시 5분", "2025-03-01 09:05"),
            ("Paul 20240313 21:48:46", "2024-03-13 21:48"),
        ])
    func dates(text: String, expected: String) {
        #expect(ReceiptDateParser.date(in: text)?.date.description == expected)
    }

    @Test(
        "Dates as engines misread them: a space lost before the time, a separator lost or read as a quote",
        arguments: [
            ("[등록]2025-01-1117:26 POS 08-4336", "2025-01-11 17:26"), ("[등록]202607-28 08:24 POS", "2026-07-28 08:24"),
            ("거래일시 : 2025/09'26 11:04:37", "2025-09-26 11:04"), ("거래일시 : 2018/01/30 12.46:24", "2018-01-30 12:46"),
            ("2025년 8월 4 05:44", "2025-08-04 05:44"), ("2025년 8월 4잎 05:44", "2025-08-04 05:44"),
            ("거래일시 : 2023704/05 21:07:09", "2023-04-05 21:07"), ("2023104-05 21:07", "2023-04-05 21:07"),
            ("판매일시: 25/08/21 12135", "2025-08-21 12:35"),
        ])
    func misreadDates(text: String, expected: String) {
        #expect(ReceiptDateParser.date(in: text)?.date.description == expected)
    }

    @Test(
        "Impossible dates and lookalikes are not dates",
        arguments: [
            "2025-13-01", "2025-02-30", "214-86-12345", "02-555-1234", "1234-56**-****-7890", "12,500", "25/10/189", "2025-0117", "20251012",
            "주문번호 20251012 1234", "2023704/05", "2023704/0521:07", "20251312 10:30",
        ])
    func notDates(text: String) {
        #expect(ReceiptDateParser.date(in: text) == nil)
    }

    @Test(
        "Five digits after a date are its time with the colon read as a 1 only right after it, a valid time",
        arguments: [
            ("25/08/21 12195", "2025-08-21"), ("25/08/21 25135", "2025-08-21"), ("25/08/21 POS 12135", "2025-08-21"),
            ("25/08/21 121356", "2025-08-21"),
        ])
    func colonReadAsOne(text: String, expected: String) {
        #expect(ReceiptDateParser.date(in: text)?.date.description == expected)
    }
}
