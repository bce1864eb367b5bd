import Domain
import Foundation
import Testing

@Suite("Language codes: BCP-47 tags as Apple Vision takes them, and errors that say what to pass")
struct LanguageCodeTests {
    @Test(
        "BCP-47 tags become Tesseract's models; Tesseract's own codes stay as they are",
        arguments: [
            (["ko-KR", "en-US"], ["kor", "eng"]), (["ko", "en"], ["kor", "eng"]), (["ja-JP"], ["jpn"]),
            (["zh-Hans"], ["chi_sim"]), (["zh-Hant-TW"], ["chi_tra"]), (["zh-TW"], ["chi_tra"]),
            (["kor", "eng", "script/Hangul", "chi_sim", "osd"], ["kor", "eng", "script/Hangul", "chi_sim", "osd"]),
        ])
    func mapped(codes: [String], expected: [String]) {
        #expect(RecognitionOptions.tesseractLanguages(codes) == expected)
    }

    @Test("Several languages joined in one element are named, with the elements to pass instead")
    func joinedInOne() {
        #expect(throws: OCRError.self) { try RecognitionOptions.validate(languages: ["kor+eng"]) }
        let message = OCRError.invalidLanguage("kor+eng").description
        #expect(message.contains(#"["kor", "eng"]"#), "\(message)")
        #expect(OCRError.invalidLanguage("kor+").description.contains("not a valid language list"))
    }

    @Test("A receipt's date is a Date in Korea's time, at midnight without a printed time")
    func receiptDate() throws {
        let seoul = try #require(TimeZone(identifier: "Asia/Seoul"))
        let date = try #require(ReceiptDate(year: 2025, month: 10, day: 18, hour: 21, minute: 22).date())
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = seoul
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        #expect([parts.year, parts.month, parts.day, parts.hour, parts.minute] == [2025, 10, 18, 21, 22])
        #expect(date.timeIntervalSince1970 == 1_760_790_120)  // 12:22 UTC
        #expect(ReceiptDate(year: 2025, month: 2, day: 30).date() == nil)
    }
}
