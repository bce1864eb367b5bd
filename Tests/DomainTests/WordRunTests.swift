import Domain
import Testing

@Suite("A run of characters inside a word")
struct WordRunTests {
    @Test("The run's place in the word, by the width of its characters (a syllable a full square, a Latin letter or digit less)")
    func span() throws {
        let end = try #require(WordRun.span(of: 3..<4, in: "카카오7"))
        #expect(end.upperBound == 1)
        #expect(end.lowerBound > 0.8 && end.lowerBound < 0.85)
        let middle = try #require(WordRun.span(of: 1..<2, in: "쇼]파크"))
        #expect(middle.lowerBound > 0.25 && middle.upperBound < 0.45)
        #expect(WordRun.span(of: 2..<2, in: "카카오") == nil)
    }

    @Test("The run replaced, the rest of the word as it was")
    func replaced() {
        #expect(WordRun.replacing(3..<4, in: "카카오7", with: "T") == "카카오T")
        #expect(WordRun.replacing(0..<2, in: "41파크", with: "AJ") == "AJ파크")
        #expect(WordRun.replacing(2..<8, in: "합계13.150원", with: "13,150") == "합계13,150원")
    }
}
