import Domain
import Foundation
import Testing

@Suite("Data detection: the kinds Korean documents print, and nothing the text does not hold")
struct DataDetectorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let text: String
        let kind: DataKind
        let matched: String
        let value: String
        var testDescription: String { text }
    }

    @Test(
        "Each kind is found with its normalised value",
        arguments: [
            Case(text: "TEL 02-1234-5678", kind: .phoneNumber, matched: "02-1234-5678", value: "02-1234-5678"),
            Case(text: "대표전화 (031) 916-9200", kind: .phoneNumber, matched: "(031) 916-9200", value: "031-916-9200"),
            Case(text: "휴대폰 010.1234.5678 로 연락", kind: .phoneNumber, matched: "010.1234.5678", value: "010-1234-5678"),
            Case(text: "H·P : 010·4125·3335", kind: .phoneNumber, matched: "010·4125·3335", value: "010-4125-3335"),
            Case(text: "사업자번호 458-66-80382  053-2101-7181", kind: .phoneNumber, matched: "053-2101-7181", value: "053-2101-7181"),
            Case(text: "고객센터 1588-1234", kind: .phoneNumber, matched: "1588-1234", value: "1588-1234"),
            Case(text: "Tel. +82 2 1234 5678", kind: .phoneNumber, matched: "+82 2 1234 5678", value: "+82-2-1234-5678"),
            Case(text: "전화 0212345678", kind: .phoneNumber, matched: "0212345678", value: "02-1234-5678"),
            Case(text: "문의: help@Example.co.kr", kind: .emailAddress, matched: "help@Example.co.kr", value: "help@example.co.kr"),
            Case(text: "https://www.gov.kr/portal 참고", kind: .link, matched: "https://www.gov.kr/portal", value: "https://www.gov.kr/portal"),
            Case(text: "홈페이지 www.emart24.co.kr.", kind: .link, matched: "www.emart24.co.kr", value: "http://www.emart24.co.kr"),
            Case(text: "naver.com 에서 검색", kind: .link, matched: "naver.com", value: "http://naver.com"),
            Case(text: "2025년 12월 26일 (금)", kind: .date, matched: "2025년 12월 26일", value: "2025-12-26"),
            Case(text: "거래일시 2025.12.26 21:22", kind: .date, matched: "2025.12.26", value: "2025-12-26"),
            Case(text: "25/12/26", kind: .date, matched: "25/12/26", value: "2025-12-26"),
            Case(text: "거래일시 2025.12.26 21:22", kind: .time, matched: "21:22", value: "21:22"),
            Case(text: "영업 오후 3시 30분까지", kind: .time, matched: "오후 3시 30분", value: "15:30"),
            Case(text: "합계 12,500원", kind: .moneyAmount, matched: "12,500원", value: "12500"),
            Case(text: "₩12,500", kind: .moneyAmount, matched: "₩12,500", value: "12500"),
            Case(text: "KRW 3,000", kind: .moneyAmount, matched: "KRW 3,000", value: "3000"),
            Case(text: "참가비 3만 5천원", kind: .moneyAmount, matched: "3만 5천원", value: "35000"),
            Case(text: "$12.50 each", kind: .moneyAmount, matched: "$12.50", value: "12.50"),
            Case(text: "사업자번호: 104-81-45235", kind: .businessRegistrationNumber, matched: "104-81-45235", value: "104-81-45235"),
            Case(text: "사업자등록번호 1048145235", kind: .businessRegistrationNumber, matched: "1048145235", value: "104-81-45235"),
            Case(text: "(우) 06236 서울특별시 강남구", kind: .postalCode, matched: "06236", value: "06236"),
            Case(text: "서울특별시 강남구 테헤란로 152 (06236)", kind: .postalCode, matched: "06236", value: "06236"),
        ])
    func finds(_ example: Case) throws {
        let matches = DataDetector().matches(in: example.text).filter { $0.kind == example.kind }
        let match = try #require(matches.first, "no \(example.kind) in \(example.text)")
        #expect(matches.count == 1)
        #expect(String(Array(example.text)[match.range]) == example.matched)
        #expect(match.value == example.value)
    }

    @Test(
        "Text that holds no data gives no match",
        arguments: [
            "국민의 생활을 돕기 위하여 정부는 다음과 같이 시행한다.", "아메리카노 4,500", "1시간 30분 소요", "제3조 1항",
            "모델No. 27BK550Y S2719H", "카드번호 1234-5678-****-9012", "승인번호 30012345", "16:9 화면", "123-45-67890",
            "2025-13-45", "주문번호 2023-08-20-49D345", "파일명 image.png", "회원 가입", "1,000명 참가", "버전 1.2.3", "원칙 3원칙",
        ])
    func nothing(text: String) {
        #expect(DataDetector().matches(in: text).isEmpty, "\(DataDetector().matches(in: text))")
    }

    @Test("An e-mail address is not also a link, nor a registration number a phone number")
    func precedence() {
        let kinds = DataDetector().matches(in: "help@example.com 220-81-62517").map(\.kind)
        #expect(kinds == [.emailAddress, .businessRegistrationNumber])
    }

    @Test("A match's box is the part of the line's words it covers")
    func box() throws {
        let line = RecognizedLine(
            text: "TEL 02-1234-5678", boundingBox: NormalizedRect(x: 0.1, y: 0.5, width: 0.8, height: 0.05), confidence: 0.9,
            words: [
                RecognizedWord(text: "TEL", boundingBox: NormalizedRect(x: 0.1, y: 0.5, width: 0.15, height: 0.05), confidence: 0.9),
                RecognizedWord(text: "02-1234-5678", boundingBox: NormalizedRect(x: 0.3, y: 0.5, width: 0.6, height: 0.05), confidence: 0.9),
            ])
        let found = try #require(DataDetector().detectedData(in: [(index: 4, line: line)]).first)
        #expect(found.lineIndex == 4)
        #expect(found.characterRange == 4..<16)
        #expect(abs(found.boundingBox.x - 0.3) < 1e-9 && abs(found.boundingBox.width - 0.6) < 1e-9)
    }

    @Test("A date's moment is read in Korea's time zone")
    func moment() throws {
        let found = try #require(
            DataDetector(kinds: [.date]).detectedData(in: [
                (0, RecognizedLine(text: "2025.12.26", boundingBox: .init(x: 0, y: 0, width: 1, height: 1), confidence: 1))
            ]).first)
        let date = try #require(found.date())
        #expect(date.timeIntervalSince1970 == 1_766_674_800)
    }
}
