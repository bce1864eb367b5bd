import Domain
import OCRTestSupport
import Testing

@Suite("Rules and extractor on arbitrary text")
struct ReceiptRobustnessTests {
    /// Pieces OCR output is made of: digits, separators, Hangul, labels, masks, jamo, junk.
    static let pieces = [
        "0", "1", "7", "9", "12", "2025", "-", ".", ",", ":", "/", " ", "  ", "원", "₩", "*", "**", "x", "O", "l", "S", "B",
        "합계", "부가세", "결제금액", "과세물품가액", "할인", "사업자번호", "카드번호", "승인번호", "단가", "수량", "현금", "신용카드",
        "년", "월", "일", "시", "분", "ㅋ", "ㅡ", "|", "~", "(", ")", "[", "]", "—", "１２", "　", "e\u{301}", "🙂", "\u{0}", "\t",
    ]

    /// The lines of ../shared/hostile/receipt-overflow-{price,items}.png, and sums that
    /// would overflow `Int` if each amount were accepted.
    @Test(
        "Amounts past Int's range neither trap nor become values",
        arguments: [
            ["COFFEE 9,000,000,000,000,000,000 2 1,000", "MILK 1,500"],
            ["COFFEE 5,000,000,000,000,000,000", "MILK 5,000,000,000,000,000,000"],
            ["커피 999,999,999,999 999 999,999,999,999", "우유 999,999,999,999", "할인 -999,999,999,999", "할인 -999,999,999,999", "합계 999,999,999,999"],
            ["A 9,223,372,036,854,775,807", "B 9,223,372,036,854,775,807", "합계 -9,223,372,036,854,775,808", "부가세 9,223,372,036,854,775,807"],
        ])
    func overflowingAmounts(texts: [String]) {
        let lines = texts.enumerated().map { index, text in
            RecognizedLine(
                text: text, boundingBox: NormalizedRect(x: 0, y: 1 - Double(index + 1) / 10, width: 1, height: 0.05), confidence: 0.95)
        }
        let receipt = ReceiptExtractor().extract(from: OCRResult(lines: lines, minimumConfidence: 0, imageSize: ImageSize(width: 1400, height: 260)))
        let values =
            receipt.items.map(\.amount) + receipt.items.compactMap(\.unitPrice) + receipt.discounts.map(\.value)
            + [receipt.total?.value, receipt.vat?.value, receipt.taxableAmount?.value].compactMap { $0 }
        #expect(values.allSatisfy { abs($0) <= KoreanAmount.maximum })
        _ = receipt.discountTotal
    }

    @Test("1,000 random readings: no crash, confidences in 0...1, every field points at a real line")
    func randomReadings() {
        var generator = SeededGenerator(seed: 2025)
        for _ in 0..<1_000 {
            let lineCount = Int.random(in: 0...14, using: &generator)
            let lines = (0..<lineCount).map { index in
                let text = (0..<Int.random(in: 0...12, using: &generator)).map { _ in Self.pieces.randomElement(using: &generator)! }.joined()
                return RecognizedLine(
                    text: text, boundingBox: NormalizedRect(x: 0, y: 1 - Double(index + 1) / 15, width: 1, height: 0.05),
                    confidence: Float.random(in: 0...1, using: &generator))
            }
            let result = RecognitionPipeline.standard().apply(
                to: OCRResult(lines: lines, minimumConfidence: 0, imageSize: ImageSize(width: 500, height: 900)))
            let receipt = ReceiptExtractor().extract(from: result)
            var confidences: [Float] = receipt.items.map(\.confidence) + receipt.discounts.map(\.confidence)
            var indices: [Int] = receipt.items.map(\.lineIndex) + receipt.discounts.flatMap(\.lineIndices)
            for field in [receipt.merchantName, receipt.businessRegistrationNumber, receipt.phoneNumber, receipt.cardNumber, receipt.approvalNumber] {
                confidences += field.map { [$0.confidence] } ?? []
                indices += field?.lineIndices ?? []
            }
            for field in [receipt.total, receipt.vat, receipt.taxableAmount] {
                confidences += field.map { [$0.confidence] } ?? []
                indices += field?.lineIndices ?? []
            }
            #expect(confidences.allSatisfy { (0...1).contains($0) })
            #expect(indices.allSatisfy { result.lines.indices.contains($0) })
            if let date = receipt.date { #expect(date.value.isValid) }
            if let number = receipt.businessRegistrationNumber { #expect(number.value.count == 12) }
        }
    }
}
