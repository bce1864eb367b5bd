import Data
import Domain
import OCRTestSupport
import Testing

@Suite("Receipts end to end: image → engine → rules → extractor")
struct ReceiptImageTests {
    @Test(
        "Each receipt fixture gives its total, date and registration number, and no confident mistake",
        arguments: ReceiptFixture.all())
    func receipt(_ fixture: ReceiptFixture) async throws {
        let options = RecognitionOptions(rules: .fieldExtraction(), timeLimit: SuiteLimits.timeLimit)  // as `ocr scan --extract receipt` reads them
        let result = try await SharedRepository.get().recognizeText(in: try fixture.imageData(), options: options)
        let read = ReceiptExtractor().extract(from: result)
        #expect(try fixture.requiredFieldErrors(in: read) == [])
        #expect(try fixture.confidentMistakes(in: read) == [])
        // Every field points back at the line it was read from.
        if let total = read.total {
            let line = try #require(total.lineIndices.first.map { result.lines[$0] })
            #expect(line.text.contains(total.sourceText))
        }
    }
}
