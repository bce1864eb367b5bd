import Domain
import Testing

@Suite("Latin letters in Hangul words: the digit or bracket the Korean model wrote for them")
struct LatinLetterRepairTests {
    @Test(
        "Suspect runs: one or two digits beside a Hangul syllable, not a count before its unit, not brackets",
        arguments: [
            ("카카오7", [3..<4]), ("쇼]파크여의도점", []), ("(억", []), ("매출전표(고객용)", []), ("카카오7블루", [3..<4]), ("서울12사3150", [2..<4]),
            ("2층", []), ("365열린약국", []), ("10개", []), ("블루", []), ("7", []), ("ABC", []), ("12,000원", []),
            ("제1회", [1..<2]), ("강남123", []),
        ] as [(String, [Range<Int>])])
    func suspectRuns(word: String, expected: [Range<Int>]) {
        #expect(LatinLetterRepair.suspectRuns(in: word) == expected)
    }

    @Test(
        "Taken: letters the English model is sure of, one for each character, not a digit's look-alike",
        arguments: [("T", "7", Float(0.9)), ("AJ", "41", 0.85), ("T", "1", 0.9)])
    func taken(english: String, run: String, confidence: Float) {
        #expect(LatinLetterRepair.accepts(english, confidence: confidence, insteadOf: run))
    }

    @Test(
        "Refused: digits, unsure or look-alike letters, another length, symbols",
        arguments: [
            ("1", "1", Float(0.95)),  // a digit it is: 제1회
            ("I", "1", 0.95),  // the English model's own look-alike of 1
            ("O", "0", 0.95), ("S", "5", 0.9), ("B", "8", 0.9), ("Z", "2", 0.9),
            ("T", "7", 0.5),  // unsure
            ("TT", "7", 0.9),  // one character for one
            ("=", "7", 0.9),  // no letter
            ("", "7", 0.9),
        ] as [(String, String, Float)])
    func refused(english: String, run: String, confidence: Float) {
        #expect(!LatinLetterRepair.accepts(english, confidence: confidence, insteadOf: run))
    }

    @Test("The run's place in the word, by the width of its characters (a syllable a full square, a Latin letter or digit less)")
    func span() throws {
        let end = try #require(LatinLetterRepair.span(of: 3..<4, in: "카카오7"))
        #expect(end.upperBound == 1)
        #expect(end.lowerBound > 0.8 && end.lowerBound < 0.85)
        let middle = try #require(LatinLetterRepair.span(of: 1..<2, in: "쇼]파크"))
        #expect(middle.lowerBound > 0.25 && middle.upperBound < 0.45)
    }

    @Test("A repaired word keeps its box and confidence, with the letters in place of the run")
    func replaced() {
        #expect(LatinLetterRepair.replacing(3..<4, in: "카카오7", with: "T") == "카카오T")
        #expect(LatinLetterRepair.replacing(0..<2, in: "41파크", with: "AJ") == "AJ파크")
    }
}
