import Domain
import Testing

@Suite("Unsure numbers read again alone: the digits two models agree on")
struct NumberRereadingTests {
    @Test(
        "Worth a second look: unsure, four digits or more, only the marks of dates, times, amounts, codes and masks",
        arguments: [
            ("2020-03-27", Float(0.84), true), ("14:49:55", 0.78, true), ("1337-01**-****-8607", 0.59, true), ("21996303", 0.78, true),
            ("10.590", 0.44, true), ("2020-03-27", 0.86, false), ("123", 0.5, false), ("12,500원", 0.5, false), ("서울12사3150", 0.5, false),
            ("12,500", 0.5, true),
            // A masked card number in its shape, its masks read as lookalikes.
            ("3332-96°*-****.909°", 0.41, true), ("3332-96°*-****.909°", 0.9, false),
        ])
    func doubtful(word: String, confidence: Float, expected: Bool) {
        #expect(NumberRereading.isDoubtful(word, confidence: confidence) == expected)
    }

    @Test(
        "Taken: two readings with the same digits, as many as the first's, one of them surer; the first's marks kept",
        arguments: [
            ([("21896303", Float(0.87)), ("21896303", 0.54)], "21996303", Float(0.78), "21896303"),
            ([("| 2024-04-24", 0.84), ("} 2024-04-24", 0.49)], "2021-04-24", 0.68, "2024-04-24"),
            ([("\"10,540", 0.56), ("\"10,540", 0.55)], "10.590", 0.44, "10.540"),
            ([("11:49:55", 0.78), ("11:49:55", 0.95)], "14:49:55", 0.785, "11:49:55"),
            ([("3,980", 0.9), ("3,980", 0.8)], "3,080", 0.7, "3,980"),
        ] as [([(String, Float)], String, Float, String)])
    func taken(readings: [(String, Float)], original: String, confidence: Float, expected: String) {
        let readings = readings.map { (text: $0.0, confidence: $0.1) }
        #expect(NumberRereading.agreedDigits(readings, insteadOf: original, confidence: confidence) == expected)
    }

    @Test(
        "Not taken: one reading, readings that disagree, a digit more or fewer, the same digits, or none surer than the first",
        arguments: [
            ([("21896303", Float(0.87))], "21996303", Float(0.78)),
            ([("3061-46**-****-4320", 0.9), ("3061-46* *-** **-4390", 0.9)], "3061-46**-****-4320", 0.76),
            ([("589190908", 0.9), ("589190908", 0.9)], "58919908", 0.65),
            ([("07:12", 0.95), ("07:12", 0.95)], "07:12", 0.92),
            // `1544` read `1844` by both models alone, both less sure than the line was.
            ([("|) 1844-4700", 0.63), ("|) 1844-4700", 0.39)], "1544-4700", 0.78),
        ] as [([(String, Float)], String, Float)])
    func notTaken(readings: [(String, Float)], original: String, confidence: Float) {
        let readings = readings.map { (text: $0.0, confidence: $0.1) }
        #expect(NumberRereading.agreedDigits(readings, insteadOf: original, confidence: confidence) == nil)
    }

    @Test("A reading alone drops the specks its margin picked up at either end: one-character words beside the number")
    func specks() throws {
        let first = try #require(NumberRereading.withoutSpecks([("1", 0.2), ("21241294", 0.88)]))
        #expect(first.text == "21241294" && first.confidence == 0.88)
        let second = try #require(NumberRereading.withoutSpecks([(".", 0.1), ("21241294", 0.5), ("|", 0.3)]))
        #expect(second.text == "21241294" && second.confidence == 0.5)
        // Words of the number itself stay (a card number read in pieces, a count before a time).
        #expect(NumberRereading.withoutSpecks([("2443-40\"", 0.4), ("*-**", 0.3), ("**-118)", 0.5)])?.text == "2443-40\" *-** **-118)")
        #expect(NumberRereading.withoutSpecks([("7", 0.9)])?.text == "7")
        #expect(NumberRereading.withoutSpecks([]) == nil)
    }
}
