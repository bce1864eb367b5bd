import Domain
import Testing

@testable import Data

@Suite("Found lines the reading missed: read alone, joined to their row")
struct UnreadLineReviewTests {
    static func line(_ text: String, _ box: PixelRect, confidence: Float = 0.9) -> PreparedLine {
        let rect = NormalizedRect(x: Double(box.x) / 1000, y: 0.5, width: Double(box.width) / 1000, height: 0.02)
        let word = RecognizedWord(text: text, boundingBox: rect, confidence: confidence)
        return PreparedLine(line: RecognizedLine(text: text, boundingBox: rect, confidence: confidence, words: [word]), preparedBox: box)
    }

    @Test("Only found lines no read line covers, shaped like text, are read; pieces of a row join; those beside a read line come first")
    func unreadLines() {
        let reading = [Self.line("부가세", PixelRect(x: 140, y: 354, width: 120, height: 20))]
        let found = [
            PixelRect(x: 150, y: 356, width: 100, height: 17),  // the label, read
            PixelRect(x: 562, y: 354, width: 65, height: 18),  // `682`, beside it
            PixelRect(x: 656, y: 353, width: 37, height: 21),  // `원`, wider apart than the page's text
            PixelRect(x: 100, y: 700, width: 300, height: 22),  // a line of its own, further down
            PixelRect(x: 100, y: 800, width: 400, height: 3),  // a rule: not shaped like text
            PixelRect(x: 100, y: 900, width: 10, height: 40),  // taller than wide
        ]
        let unread = UnreadLineReview.unreadLines(found, reading: reading, textHeight: 17)
        #expect(unread == [PixelRect(x: 562, y: 353, width: 131, height: 21), PixelRect(x: 100, y: 700, width: 300, height: 22)])
    }

    @Test("One character alone on the row of a line read (a lone amount far right of its label) is read after the lines; not off a row, nor a bar")
    func loneCharacters() {
        let reading = [Self.line("공급가액", PixelRect(x: 40, y: 500, width: 90, height: 20))]
        let found = [
            PixelRect(x: 40, y: 501, width: 88, height: 18),  // the label, read
            PixelRect(x: 620, y: 501, width: 11, height: 18),  // `0`, far right on its row
            PixelRect(x: 100, y: 700, width: 300, height: 22),  // a line of its own, further down
            PixelRect(x: 620, y: 560, width: 11, height: 18),  // a character on no row read
            PixelRect(x: 600, y: 501, width: 3, height: 18),  // a bar on the row
        ]
        let unread = UnreadLineReview.unreadLines(found, reading: reading, textHeight: 18)
        #expect(unread == [PixelRect(x: 100, y: 700, width: 300, height: 22), PixelRect(x: 620, y: 501, width: 11, height: 18)])
    }

    @Test("The ends of a found line that its row's reading stops short of are read too, when a few characters long")
    func unreadEnds() {
        // `레이크타운 지하1층` read as `레이크타문` alone (a receipt photo); a footnote read
        // without its first characters.
        let reading = [
            ("레이크타문", PixelRect(x: 154, y: 271, width: 95, height: 22)),
            ("식단은 식자재 수급 사정에 의해 변경", PixelRect(x: 200, y: 835, width: 332, height: 28)),
            ("주문번호: 13", PixelRect(x: 120, y: 400, width: 190, height: 22)),
        ].map { Self.line($0, $1) }
        let found = [
            PixelRect(x: 154, y: 271, width: 175, height: 22),
            PixelRect(x: 120, y: 835, width: 412, height: 28),
            PixelRect(x: 118, y: 399, width: 200, height: 23),  // a character's width beyond: read
        ]
        let unread = UnreadLineReview.unreadLines(found, reading: reading, textHeight: 20)
        #expect(unread == [PixelRect(x: 120, y: 835, width: 80, height: 28), PixelRect(x: 249, y: 271, width: 80, height: 22)])
    }

    @Test("At most a dozen found lines are read on a page")
    func bounded() {
        let found = (0..<40).map { PixelRect(x: 10, y: $0 * 40, width: 200, height: 20) }
        #expect(UnreadLineReview.unreadLines(found, reading: [], textHeight: 20).count == UnreadLineReview.mostLines)
    }

    @Test("A piece joins the line before it on its row, its words in order; one on no row stands in its place from the top")
    func adding() {
        var lines = [
            Self.line("합 계", PixelRect(x: 140, y: 380, width: 100, height: 20)),
            Self.line("카드번호", PixelRect(x: 140, y: 460, width: 100, height: 20)),
            Self.line("다른 단", PixelRect(x: 900, y: 380, width: 80, height: 20)),
        ]
        UnreadLineReview.add(Self.line("7,500 원", PixelRect(x: 518, y: 377, width: 176, height: 22)), to: &lines)
        #expect(lines.map(\.line.text) == ["합 계 7,500 원", "카드번호", "다른 단"])
        #expect(lines[0].preparedBox == PixelRect(x: 140, y: 377, width: 554, height: 23))
        UnreadLineReview.add(Self.line("6,818 원", PixelRect(x: 517, y: 420, width: 110, height: 18)), to: &lines)
        #expect(lines.map(\.line.text) == ["합 계 7,500 원", "6,818 원", "카드번호", "다른 단"])
    }

    @Test("Small print a logo's line was read over, without a word of it, is read; print its words lie in is not")
    func swallowedByATallLine() throws {
        // A business card: `www.fantatech.co.kr` above `FANTA TECH` in letters four times its
        // height, read as one line `FANTA ECH` whose box takes the address in; beside it, a
        // found line the tall line's words do lie in.
        let frame = PreparedFrame(identityOf: ImageSize(width: 1000, height: 1000))
        func word(_ text: String, _ box: PixelRect) -> RecognizedWord {
            RecognizedWord(text: text, boundingBox: frame.uprightRect(box), confidence: 0.9)
        }
        let logoBox = PixelRect(x: 140, y: 64, width: 600, height: 217)
        let words = [
            word("FANTA", PixelRect(x: 150, y: 110, width: 300, height: 90)), word("ECH", PixelRect(x: 470, y: 190, width: 250, height: 90)),
        ]
        let logo = PreparedLine(
            line: RecognizedLine(text: "FANTA ECH", boundingBox: frame.uprightRect(logoBox), confidence: 0.9, words: words), preparedBox: logoBox)
        let address = PixelRect(x: 155, y: 64, width: 352, height: 36)
        let letters = PixelRect(x: 150, y: 110, width: 300, height: 90)
        let unread = UnreadLineReview.unreadLines([address, letters], reading: [logo], textHeight: 32, frame: frame)
        #expect(unread == [address])
        #expect(UnreadLineReview.unreadLines([address, letters], reading: [logo], textHeight: 32).isEmpty)

        var lines = [logo]
        UnreadLineReview.add(
            PreparedLine(
                line: RecognizedLine(text: "www.fantatech.co.kr", boundingBox: frame.uprightRect(address), confidence: 0.9), preparedBox: address),
            to: &lines)
        #expect(lines.map(\.line.text) == ["www.fantatech.co.kr", "FANTA ECH"])
    }

    @Test("A found line taller than text that no read line touches (small print chained to a logo's letters) is read as sparse text")
    func tallLinesUnread() {
        // The same card halved: its edge chains the address and `FANTA` into one box five text
        // heights tall, read as nothing; the name's row below is read.
        let reading = [Self.line("대표이사 유 종 선", PixelRect(x: 337, y: 196, width: 270, height: 40))]
        let chained = PixelRect(x: 20, y: 16, width: 355, height: 79)
        let found = [
            chained,
            PixelRect(x: 330, y: 187, width: 281, height: 52),  // tall, but the name's row is read over it
            PixelRect(x: 20, y: 300, width: 30, height: 90),  // taller than wide
            PixelRect(x: 20, y: 400, width: 600, height: 120),  // taller than six text heights
            PixelRect(x: 335, y: 259, width: 284, height: 18),  // of text height: not this review's
        ]
        #expect(UnreadLineReview.unreadTallLines(found, reading: reading, textHeight: 16) == [chained])
        #expect(UnreadLineReview.unreadTallLines(found, reading: reading + [Self.line("www", chained)], textHeight: 16).isEmpty)
    }
}
