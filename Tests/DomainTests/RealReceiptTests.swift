import Domain
import OCRTestSupport
import Testing

/// The extractor on receipts nobody here designed: the real receipts of the development set
/// (`../shared/real-dev`), as transcribed and as the engine read them.
@Suite("Receipt extraction on real receipts", .enabled(if: RealReceiptFixture.developmentSetIsPresent, "needs ../shared/real-dev"))
struct RealReceiptTests {
    @Test("Read perfectly, every printed field is found and nothing unprinted is reported", arguments: RealReceiptFixture.all())
    func transcribed(_ fixture: RealReceiptFixture) throws {
        let read = ReceiptExtractor().extract(from: try fixture.transcription())
        let known = try fixture.expected().knownIssues
        let all = try fixture.fieldErrors(in: read)
        let errors = all.filter { error in !known.keys.contains { error.hasPrefix($0 + " ") } }
        let mistakes = try fixture.confidentMistakes(in: read)
        let invented = try fixture.inventedValues(in: read)
        #expect(errors == [])
        for error in all where !errors.contains(error) {
            withKnownIssue(Comment(rawValue: known.first { error.hasPrefix($0.key + " ") }!.value)) { Issue.record(Comment(rawValue: error)) }
        }
        #expect(mistakes == [])
        #expect(invented == [])
    }

    @Test("As the engine read them: no confident mistake, no value printed nowhere", arguments: RealReceiptFixture.recorded())
    func recorded(_ fixture: RealReceiptFixture) throws {
        let result = RecognitionPipeline.fieldExtraction().apply(to: try RecordedResult.load(fixture.linesURL))
        let read = ReceiptExtractor().extract(from: result)
        let mistakes = try fixture.confidentMistakes(in: read)
        let invented = try fixture.inventedValues(in: read, read: result)
        #expect(mistakes == [])
        #expect(invented == [])
    }

    @Test("Every real receipt has its fields written down, and most a recorded reading")
    func fixturesPresent() {
        #expect(RealReceiptFixture.all().count >= 8)
        #expect(RealReceiptFixture.recorded().count >= 7)
    }
}
