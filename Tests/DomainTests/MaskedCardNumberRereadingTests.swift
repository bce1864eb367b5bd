import Domain
import Testing

@Suite("Card numbers whose mask was read out of shape, and their readings looked at again")
struct MaskedCardNumberRereadingTests {
    @Test(
        "A run out of shape: after a card-number label, or holding masks; none when the line reads a card number",
        arguments: [
            (["카드번호", "9752-99*", "*-*", "**", "*_7246"], "9752-99* *-* ** *_7246"),
            (["카드번호", "7701.77싸.차야.7576"], "7701.77싸.차야.7576"), (["CARD", "NO", ":", "54167632ee0e0e80"], "54167632ee0e0e80"),
            (["8국민카드:46784817121*", "(APP)"], "46784817121*"), (["Card", "No.", "2354-53", "**-***", "*", "294"], "2354-53 **-*** * 294"),
            (["카드번호", ":", "7792-78", "일시불"], "7792-78"), (["4468-42**-****_-90164"], "4468-42**-****_-90164"),
            (["결제", "2354-53", "**-***", "*", "294"], "2354-53 **-*** * 294"),
        ])
    func doubtfulRun(words: [String], expected: String) throws {
        let run = try #require(MaskedCardNumber.doubtfulRun(in: words))
        #expect(run.text(in: words) == expected)
    }

    @Test(
        "No run: a card number in shape, no label and no masks, too few digits",
        arguments: [
            ["카드번호", "4468-42**-****-0164"], ["신용카드", "180,500"], ["승인번호", "25954738"], ["12,500"], ["***-52"],
            ["8987—32%%—%%%%—4943"], ["CARD", "NO", ":", "94166149********"], ["수량", "2", "*", "3,000", "6,000"], ["카드번호", "12"],
        ])
    func noRun(words: [String]) {
        #expect(MaskedCardNumber.doubtfulRun(in: words) == nil)
    }

    @Test("The run replaced: its words made one, what lies outside it kept")
    func replacing() {
        let words = ["8국민카드:46784817121*", "(APP)"].enumerated().map { index, text in
            RecognizedWord(text: text, boundingBox: NormalizedRect(x: 0.1 + 0.4 * Double(index), y: 0.5, width: 0.3, height: 0.05), confidence: 0.5)
        }
        let run = MaskedCardNumber.DoubtfulRun(words: 0...0, start: 6, end: 18)
        #expect(run.replacing(in: words, with: "46784817****121*").map { $0.text } == ["8국민카드:46784817****121*", "(APP)"])
        let split = ["카드번호", "9752-99*", "*-*", "*_7246"].enumerated().map { index, text in
            RecognizedWord(text: text, boundingBox: NormalizedRect(x: 0.2 * Double(index), y: 0.5, width: 0.15, height: 0.05), confidence: 0.6)
        }
        let joined = MaskedCardNumber.DoubtfulRun(words: 1...3, start: 0, end: 6).replacing(in: split, with: "9752-99**-****-7246")
        #expect(joined.map { $0.text } == ["카드번호", "9752-99**-****-7246"])
        #expect(abs(joined[1].boundingBox.x - 0.2) < 1e-9 && abs(joined[1].boundingBox.width - 0.55) < 1e-9)
    }

    @Test(
        "Taken: the shape read alone (an underscore for its dash), its digits the first reading's within one",
        arguments: [
            ("4468-42**-****_0164", "4468-42**-****_-90164", "4468-42**-****-0164"),
            ("5 9710-23**-****_7577", "9710-23차.****-7577", "9710-23**-****-7577"),
            ("2443-40**-****-1181", "443-40**-****-1181", "2443-40**-****-1181"),
            ("CARD NO : 54167632********", "54167632ee0e0e80", "54167632********"),
            ("신한카드:1892-64**-****-1304", "18692-064**-****-1304", "1892-64**-****-1304"),
            ("7101-77**-****-7576", "7701.77싸.차야.7576", "7101-77**-****-7576"),
            // Its last 1 read as a closing bracket or a bar (a photographed receipt, both models).
            ("2443-40* *-****-118]", "443-40**-****-1181", "2443-40**-****-1181"),
            ("2443-40\" *-** **-118)", "443-40**-****-1181", "2443-40**-****-1181"),
        ])
    func taken(reread: String, original: String, expected: String) {
        #expect(MaskedCardNumber.reshaped(reread, insteadOf: original) == expected)
    }

    @Test(
        "Not taken: no shape read, or other digits",
        arguments: [
            ("7905-4] sees et #5115", "79065-41**-***%*-5115"), ("2443-40\" *-** **-118(", "443-40**-****-1181"),
            ("1234-56**-****-7890", "4468-42**-****_-90164"), ("4907-72**-****-0241", "4907-7"),
            ("7101-79**-****-7576", "7701.77싸.차야.7576"),
        ])
    func notTaken(reread: String, original: String) {
        #expect(MaskedCardNumber.reshaped(reread, insteadOf: original) == nil)
    }

    @Test("A card number in shape but read unsurely takes the digits both models read it with alone, one changed at most")
    func agreedMaskedNumber() {
        // A clean pharmacy receipt: `7133` read `7733` in its line; the page's engine and the
        // English model, each alone, read `.7133-32**-****-183*` (a speck at the margin, the
        // masks: both less sure than the line).
        let readings: [(text: String, confidence: Float)] = [(".7133-32**-****-183*", 0.20), (".7133-32**-****-183*", 0.21)]
        #expect(MaskedCardNumber.agreedDigits(readings, insteadOf: "7733-32******-183*") == "7133-32******-183*")
        // Not when the models disagree, read it out of shape, or differ from the line in two digits.
        #expect(MaskedCardNumber.agreedDigits([("7133-32**-****-183*", 0.2), ("7183-32**-****-183*", 0.2)], insteadOf: "7733-32******-183*") == nil)
        #expect(MaskedCardNumber.agreedDigits([("7133-32 183", 0.2), ("7133-32 183", 0.2)], insteadOf: "7733-32******-183*") == nil)
        #expect(MaskedCardNumber.agreedDigits([("7134-32**-****-183*", 0.2), ("7134-32**-****-183*", 0.2)], insteadOf: "7733-32******-183*") == nil)
        #expect(MaskedCardNumber.agreedDigits([("7133-32**-****-183*", 0.2)], insteadOf: "7733-32******-183*") == nil)
    }
}
