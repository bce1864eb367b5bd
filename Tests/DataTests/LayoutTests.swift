import Domain
import Foundation
import OCRTestSupport
import Testing

@testable import Data

/// Pages read in their layout: columns one after the other, tables and receipts across,
/// pages of any height and strips of any thinness.
@Suite("Layout: text lines, reading order, blocks")
struct LayoutTests {
    static func box(_ x: Int, _ y: Int, _ width: Int, _ height: Int) -> PixelRect {
        PixelRect(x: x, y: y, width: width, height: height)
    }

    /// Lines of `count` rows starting at `top`, `pitch` apart, at `x` and `width` wide.
    static func rows(x: Int, width: Int, top: Int, count: Int, pitch: Int, height: Int = 20) -> [PixelRect] {
        (0..<count).map { box(x, top + $0 * pitch, width, height) }
    }

    @Test("Two columns of prose are read one after the other, even where their lines share rows")
    func proseColumns() {
        let left = Self.rows(x: 40, width: 300, top: 40, count: 5, pitch: 32)
        let right = Self.rows(x: 400, width: 310, top: 40, count: 5, pitch: 32)
        let blocks = ReadingOrder.blocks(of: (left + right).shuffled(), textHeight: 20)
        let order = blocks.flatMap { $0 }
        #expect(Array(order.prefix(5)).allSatisfy { $0.x == 40 })
        #expect(Array(order.suffix(5)).allSatisfy { $0.x == 400 })
    }

    @Test("A table's rows and a receipt's labels and amounts are read across, row by row")
    func rowsAcross() {
        let labels = Self.rows(x: 40, width: 90, top: 40, count: 6, pitch: 30)
        let amounts = Self.rows(x: 420, width: 60, top: 40, count: 6, pitch: 30)
        let blocks = ReadingOrder.blocks(of: labels + amounts, textHeight: 20)
        // Row by row: each row's label comes right before its amount.
        let order = blocks.flatMap { $0 }.sorted { ($0.y, $0.x) < ($1.y, $1.x) }
        #expect(blocks.flatMap { $0 }.count == 12)
        let layout = PageLayout(lines: labels + amounts, textHeight: 20, size: ImageSize(width: 520, height: 260))
        #expect(layout.blocks.count == 1, "\(layout.blocks)")
        #expect(order.first?.x == 40)
    }

    @Test("Amounts beside short labels stay on their rows, though the lines around the labels are long enough to be prose")
    func amountsBesideShortLabelsAmongLongLines() {
        // A taxi slip: long "label: value" lines, then two short labels whose amounts stand
        // far to the right, then long lines again.
        let long = Self.rows(x: 40, width: 300, top: 40, count: 6, pitch: 32)
        let labels = [Self.box(40, 232, 50, 20), Self.box(40, 264, 90, 20)]
        let after = Self.rows(x: 40, width: 320, top: 296, count: 3, pitch: 32)
        let amounts = [Self.box(470, 232, 90, 20), Self.box(470, 264, 90, 20)]
        let blocks = ReadingOrder.blocks(of: long + labels + after + amounts, textHeight: 20)
        #expect(blocks.count >= 1)
        for (label, amount) in zip(labels, amounts) {
            let block = blocks.first { $0.contains(label) }
            #expect(block?.contains(amount) == true, "each amount is read in its label's block: \(blocks)")
        }

        // Two prose columns with a short right column whose lines sit beside full lines stay columns.
        let prose = Self.rows(x: 40, width: 300, top: 40, count: 6, pitch: 32)
        let beside = Self.rows(x: 400, width: 120, top: 40, count: 2, pitch: 32)
        let order = ReadingOrder.blocks(of: prose + beside, textHeight: 20).flatMap { $0 }
        #expect(Array(order.prefix(6)).allSatisfy { $0.x == 40 })
        #expect(Array(order.suffix(2)).allSatisfy { $0.x == 400 })
    }

    @Test("A table's cells beside long row labels stay on their rows; prose columns sharing rows stay columns")
    func cellsBesideLongRowLabels() {
        // A specification table without rules: long requirement lines, and three "yes" cells
        // on each of their rows, far to the right.
        let labels = [445, 387, 267, 440, 508, 321].enumerated().map { Self.box(376, 859 + 33 * $0.offset, $0.element, 19) }
        let cells = [953, 1120, 1294].flatMap { x in Self.rows(x: x, width: 42, top: 859, count: 6, pitch: 33, height: 18) }
        let blocks = ReadingOrder.blocks(of: labels + cells, textHeight: 17)
        for label in labels {
            let block = blocks.first { $0.contains(label) }
            let row = cells.filter { ReadingOrder.sameRow($0, label) }
            #expect(row.count == 3 && row.allSatisfy { block?.contains($0) == true }, "each row's cells are read with it: \(blocks)")
        }

        // Two prose columns whose lines share rows stay columns.
        let right = labels.map { Self.box($0.x + 600, $0.y, $0.width, $0.height) }
        let order = ReadingOrder.blocks(of: labels + right, textHeight: 17).flatMap { $0 }
        #expect(Array(order.prefix(6)).allSatisfy { $0.x == 376 })
    }

    @Test("Item names with their amounts on the row below, far to the right, are read name, amounts, name, amounts")
    func staggeredRows() {
        let names = Self.rows(x: 34, width: 180, top: 324, count: 6, pitch: 60, height: 19)
        // Amounts found as pieces of a row: unit price, quantity, amount.
        let amounts = [452, 549, 594].flatMap { Self.rows(x: $0, width: $0 == 549 ? 5 : 28, top: 357, count: 6, pitch: 60, height: 17) }
        // Within a block Tesseract reads top to bottom: the blocks are in order, and each
        // holds whole rows.
        let blocks = ReadingOrder.blocks(of: (names + amounts).shuffled(), textHeight: 14)
        let order = blocks.flatMap { $0.sorted { $0.y < $1.y } }
        #expect(order.map(\.y) == (names + amounts).map(\.y).sorted(), "\(blocks)")

        // Two columns of lists whose lines happen to alternate in height stay columns when
        // each holds runs of lines the other has none beside.
        let left = Self.rows(x: 34, width: 180, top: 300, count: 8, pitch: 30, height: 19)
        let right = Self.rows(x: 452, width: 170, top: 315, count: 3, pitch: 90, height: 17)
        let columns = ReadingOrder.blocks(of: left + right, textHeight: 14).flatMap { $0 }
        #expect(Array(columns.prefix(8)) == left)
    }

    @Test("Menu boards side by side, each a column of names and one of prices, are read board by board, each row across")
    func boardsSideBySide() {
        // Rows 36 px apart on both boards, nearly level with each other; a gutter of 18 text heights.
        let names = Self.rows(x: 100, width: 160, top: 200, count: 7, pitch: 36, height: 23)
        let prices = Self.rows(x: 365, width: 40, top: 200, count: 7, pitch: 36, height: 23)
        let otherNames = Self.rows(x: 820, width: 200, top: 204, count: 9, pitch: 36, height: 23)
        let otherPrices = Self.rows(x: 1100, width: 40, top: 204, count: 9, pitch: 36, height: 23)
        let blocks = ReadingOrder.blocks(of: (names + prices + otherNames + otherPrices).shuffled(), textHeight: 23)
        let order = blocks.flatMap { $0.sorted { ($0.y, $0.x) < ($1.y, $1.x) } }
        let firstBoard = zip(names, prices).flatMap { [$0, $1] }
        #expect(Array(order.prefix(14)) == firstBoard, "\(blocks)")
        // A receipt's labels and amounts, the labels with no columns of their own, stay rows.
        let labels = Self.rows(x: 40, width: 150, top: 100, count: 5, pitch: 30)
        let amounts = Self.rows(x: 600, width: 90, top: 100, count: 5, pitch: 30)
        let rows = ReadingOrder.blocks(of: labels + amounts, textHeight: 20).map { Set($0) }
        #expect(rows == zip(labels, amounts).map { Set([$0, $1]) })
    }

    @Test("A payment's amount beside its short label, under running lines, stays on the label's row though its comma's tail is a speck below it")
    func amountWithSpeckBesideLabel() {
        // s23_rcpt_15: `현금IC` and `21,000`, then the card's lines; the comma's tail found apart.
        let label = PixelRect(x: 37, y: 1130, width: 66, height: 21)
        let lines = [
            PixelRect(x: 37, y: 1165, width: 317, height: 22), PixelRect(x: 38, y: 1200, width: 237, height: 22),
            PixelRect(x: 36, y: 1235, width: 282, height: 21), PixelRect(x: 36, y: 1270, width: 305, height: 22),
        ]
        let amount = PixelRect(x: 502, y: 1133, width: 70, height: 17)
        let speck = PixelRect(x: 528, y: 1147, width: 5, height: 6)
        #expect(!ReadingOrder.isColumnBoundary(left: [label] + lines, right: [amount, speck], textHeight: 15))
        let blocks = ReadingOrder.blocks(of: [label] + lines + [amount, speck], textHeight: 15)
        #expect(blocks.first?.contains(label) == true && blocks.first?.contains(amount) == true, "\(blocks)")
    }

    @Test("One found line that a block reading broke into pieces is read as a line, when that reads as confidently")
    func oneLineReadInPieces() {
        func lines(_ texts: [(String, Float)]) -> [PreparedLine] {
            texts.enumerated().map { index, item in
                let box = NormalizedRect(x: 0.1, y: 0.9 - 0.05 * Double(index), width: 0.1, height: 0.04)
                let word = RecognizedWord(text: item.0, boundingBox: box, confidence: item.1)
                return PreparedLine(
                    line: RecognizedLine(text: item.0, boundingBox: box, confidence: item.1, words: [word]),
                    preparedBox: Self.box(0, 40 * index, 100, 30))
            }
        }
        // Read as a block: the line, then its characters again one per line (vertical text).
        let pieces = lines([("계로 로 괴", 0.6), ("부터 직각으로 산출한다. 다만, 역의 승강장 위치가 도로의 선형", 0.8), ("Al", 0.4), ("a}", 0.3), ("도", 0.9)])
        let line = lines([("경계로부터 직각으로 산출한다. 다만, 역의 승강장 위치가 도로의 선형과", 0.91)])
        #expect(PageReader.reading(ofOneLine: pieces, asLine: line).map(\.line) == line.map(\.line))
        // A line that really was two, read less confidently as one, stays two.
        let two = lines([("합계", 0.95), ("12,000", 0.93)])
        #expect(PageReader.reading(ofOneLine: two, asLine: lines([("합계 12.0o0", 0.6)])).map(\.line) == two.map(\.line))
        #expect(PageReader.reading(ofOneLine: two, asLine: []).map(\.line) == two.map(\.line))
    }

    @Test("Cells of one row that a block reading returned as lines of their own, in any order, stay one row")
    func oneRowReadInPieces() {
        // A sales table's row (dimmed, JPEG): `2분기 … 인천 … 60`, read right to left as three lines.
        func cell(_ text: String, x: Int, confidence: Float) -> PreparedLine {
            let box = NormalizedRect(x: Double(x) / 800, y: 0.8, width: 0.05, height: 0.03)
            let word = RecognizedWord(text: text, boundingBox: box, confidence: confidence)
            return PreparedLine(
                line: RecognizedLine(text: text, boundingBox: box, confidence: confidence, words: [word]), preparedBox: Self.box(x, 163, 40, 20))
        }
        let pieces = [cell("60", x: 720, confidence: 0.93), cell("인천", x: 363, confidence: 0.92), cell("2분기", x: 45, confidence: 0.9)]
        let asLine = [cell("2분기 인천 Go", x: 45, confidence: 0.7)]
        #expect(PageReader.reading(ofOneLine: pieces, asLine: asLine).map(\.line.text) == ["2분기 인천 60"])
        #expect(PageReader.reading(ofOneLine: pieces, asLine: []).map(\.line.text) == ["2분기 인천 60"])
    }

    @Test(
        "Orientation detection is asked about upside down when sampled lines settle nothing or the page read as good as nothing",
        arguments: [
            (0.0, 0.7, true),  // the sample neither turns the page nor settles it upright
            (-0.19, 0.67, true),
            (-0.38, 0.41, true),  // settled upright by lines that are noise: the page read under 0.5
            (-0.38, 0.71, false),  // settled upright by a page read fairly well
            (-0.5, 0.3, true),
        ])
    func upsideDownQuestion(gain: Double, meanConfidence: Double, asks: Bool) {
        #expect(PageReader.asksDetectionIfUpsideDown(gain: gain, meanConfidence: meanConfidence) == asks)
    }

    @Test("Pieces of one printed line are joined; lines of one column close together form one paragraph")
    func fragmentsAndParagraphs() {
        let joined = ReadingOrder.joiningFragments([Self.box(40, 40, 100, 20), Self.box(150, 41, 80, 19), Self.box(40, 80, 200, 20)], textHeight: 20)
        #expect(joined.count == 2)
        #expect(joined.contains(Self.box(40, 40, 190, 20)))
        let layout = PageLayout(
            lines: Self.rows(x: 40, width: 300, top: 40, count: 4, pitch: 30), textHeight: 20, size: ImageSize(width: 400, height: 200))
        #expect(layout.blocks.count == 1)
        // Half a text height of margin, inside the image.
        #expect(layout.blocks.first == Self.box(30, 30, 320, 130))
    }

    @Test("A picture bridging a menu board's gutters leaves its columns read one after the other, itself a block of its own")
    func pictureBetweenColumns() throws {
        // Three columns of "name … price" rows on the same rows, a photo under the first two.
        let columns = [40, 280, 520].map { Self.rows(x: $0, width: 200, top: 40, count: 8, pitch: 32) }
        let photo = Self.box(150, 230, 250, 90)
        let size = ImageSize(width: 760, height: 420)
        let lines = columns.flatMap { $0 } + [photo]
        let layout = PageLayout(lines: lines, pictures: [photo], textHeight: 20, size: size)
        let order = layout.blockLines.flatMap { $0 }
        #expect(Array(order.prefix(8)).allSatisfy { $0.x == 40 }, "\(order)")
        #expect(Array(order.suffix(8)).allSatisfy { $0.x == 520 }, "\(order)")
        #expect(layout.blockLines.contains([photo]))
        // Taken for a line, the photo joins the first two columns: their rows are read across.
        let across = PageLayout(lines: lines, textHeight: 20, size: size).blockLines.flatMap { $0 }
        #expect(!Array(across.prefix(8)).allSatisfy { $0.x == 40 })
    }

    @Test("A picture a cut runs through that covers most of the page is not read as a block: it is the photograph")
    func pagePictureNotRead() {
        let columns = [40, 280, 520].map { Self.rows(x: $0, width: 200, top: 40, count: 8, pitch: 32) }
        let photo = Self.box(20, 20, 720, 380)
        let layout = PageLayout(lines: columns.flatMap { $0 } + [photo], pictures: [photo], textHeight: 20, size: ImageSize(width: 760, height: 420))
        #expect(!layout.blockLines.flatMap { $0 }.contains(photo))
        #expect(layout.pictureBlocks.isEmpty)
        #expect(layout.blockLines.flatMap { $0 }.count == 24)
    }

    @Test("A picture no cut between columns runs through stays in its block; one a cut runs through is a block of its own")
    func picturesInBlocks() {
        // A logo above one column of text, inside its gap-free area: read with the column.
        let column = Self.rows(x: 40, width: 300, top: 140, count: 5, pitch: 32)
        let logo = Self.box(60, 40, 120, 80)
        let layout = PageLayout(lines: column + [logo], pictures: [logo], textHeight: 20, size: ImageSize(width: 400, height: 320))
        #expect(layout.pictureBlocks.isEmpty)
        #expect(layout.blockLines.flatMap { $0 }.contains(logo))
    }

    @Test("Words read inside a picture are kept only where read reliably; lines elsewhere are untouched")
    func wordsInsidePictures() {
        func word(_ text: String, _ confidence: Float) -> RecognizedWord {
            RecognizedWord(text: text, boundingBox: NormalizedRect(x: 0, y: 0, width: 0.1, height: 0.1), confidence: confidence)
        }
        func line(_ words: [RecognizedWord], at box: PixelRect) -> PreparedLine {
            PreparedLine(
                line: RecognizedLine(
                    text: words.map(\.text).joined(separator: " "), boundingBox: NormalizedRect(x: 0, y: 0, width: 1, height: 0.1),
                    confidence: words.map(\.confidence).min() ?? 0, words: words),
                preparedBox: box)
        }
        let picture = Self.box(0, 0, 400, 200)
        let title = line([word("Beye", 0.25), word("김지형", 0.93), word("전문점", 0.97)], at: Self.box(20, 20, 300, 30))
        let bricks = line([word("af", 0.6), word("4", 0.7)], at: Self.box(20, 120, 100, 30))
        let outside = line([word("af", 0.6)], at: Self.box(20, 260, 100, 30))
        let kept = PageReader.reliableWords(of: [title, bricks, outside], inside: [picture])
        #expect(kept.map(\.line.text) == ["김지형 전문점", "af"])
    }

    @Test("A tall chain holding a blob or little of character size is a picture; tightly set lines chained into one box are not")
    func picturesAmongLines() {
        let text = Self.box(40, 40, 200, 20)
        // Three rows of 20 px characters chained into one box 70 px tall, with a rule beside them.
        let tightRows = Self.box(40, 100, 200, 70)
        let tightInk = (0..<3).flatMap { row in (0..<8).map { Self.box(40 + $0 * 24, 100 + row * 25, 20, 20) } } + [Self.box(238, 100, 2, 70)]
        // A food photo: a large blob among specks and odd shapes.
        let photo = Self.box(300, 40, 200, 100)
        let photoInk = [Self.box(320, 50, 80, 70), Self.box(420, 60, 8, 30), Self.box(440, 100, 30, 6)]
        // Photo texture: no blob, but hardly anything of character size.
        let texture = Self.box(540, 40, 120, 90)
        let textureInk = (0..<10).map { Self.box(545 + $0 * 11, 45 + $0 * 8, 6, 40) } + [Self.box(560, 120, 10, 10)]
        let pictures = TextLineFinder.pictures(
            among: [text, tightRows, photo, texture], components: tightInk + photoInk + textureInk + [text], textHeight: 20)
        #expect(pictures == [photo, texture])
    }

    @Test("Characters are chained into lines; a syllable's stacked jamo are one character")
    func lineFinding() throws {
        // Two lines of five "syllables", each a consonant above a vowel bar, 24 px tall.
        var parts: [PixelRect] = []
        for line in 0..<2 {
            for syllable in 0..<5 {
                let x = 40 + syllable * 30
                let y = 40 + line * 50
                parts += [Self.box(x, y, 22, 14), Self.box(x + 2, y + 16, 18, 8)]
            }
        }
        let lines = try #require(TextLineFinder.lines(in: parts, textHeight: 24))
        #expect(lines.count == 2)
        #expect(lines.contains(Self.box(40, 40, 142, 24)))
    }

    @Test("The skew of a page is measured along its lines, in the sign Leptonica uses (turn clockwise to level)")
    func skewAlongLines() throws {
        // Lines falling to the right by 1 px in 10: level them by turning counter-clockwise.
        let parts = (0..<3).flatMap { line in (0..<8).map { Self.box(40 + $0 * 30, 40 + line * 60 + $0 * 3, 22, 22) } }
        let skew = try #require(TextLineFinder.skew(in: parts, textHeight: 22))
        #expect(abs(skew + atan(0.1) * 180 / .pi) < 0.1)
    }

    @Test("A page of noise has no text lines: it is not read at all")
    func noise() async throws {
        // 1200 × 1200 of random specks and blobs: more components than any page of text.
        var generator = SystemRandomNumberGenerator()
        let parts = (0..<70_000).map { _ in
            Self.box(Int.random(in: 0..<1200, using: &generator), Int.random(in: 0..<1200, using: &generator), 6, 6)
        }
        #expect(TextLineFinder.lines(in: parts, textHeight: 10) == nil)
    }

    @Test("Two columns of prose, read end to end, come out column after column")
    func twoColumnPage() async throws {
        let fixture = Fixture("two-columns.png")
        let result = try await SharedRepository.get().recognizeText(in: fixture.data(), rotation: .upright, options: .suite)
        #expect(CharacterErrorRate.between(result.text, try fixture.expectedText()) <= 0.05, "\(result.text)")
        let first = try #require(result.lines.first?.text.first)
        #expect(first == "상")
    }

    @Test("A ruled table is read row by row, its rules neither joining rows nor read as characters")
    func ruledTable() async throws {
        let fixture = Fixture("ruled-table.png")
        let result = try await SharedRepository.get().recognizeText(in: fixture.data(), rotation: .upright, options: .suite)
        #expect(CharacterErrorRate.between(result.text, try fixture.expectedText()) <= 0.05, "\(result.text)")
        #expect(result.lines.count == 5)
    }

    @Test("A ruled table's row is read across its cells, first lines first; without its rules, as two columns")
    func ruledRowAcrossCells() {
        // A cell of two lines (a label, its value) beside an amount centred in the row.
        let label = Self.box(40, 100, 120, 20)
        let value = Self.box(40, 140, 140, 20)
        let amount = Self.box(520, 120, 160, 20)
        let rules = [Self.box(20, 80, 700, 2), Self.box(20, 178, 700, 2)]
        let across = ReadingOrder.blocks(of: [value, amount, label], pictures: [], textHeight: 20, rules: rules).blocks
        #expect(across == [[label], [amount], [value]])
        let columns = ReadingOrder.blocks(of: [value, amount, label], textHeight: 20)
        #expect(columns.flatMap { $0 } == [label, value, amount])
        // Rules far from the lines (more than 1.5 text heights) do not make a row of them.
        let far = [Self.box(20, 40, 700, 2), Self.box(20, 230, 700, 2)]
        let apart = ReadingOrder.blocks(of: [value, amount, label], pictures: [], textHeight: 20, rules: far).blocks
        #expect(apart.flatMap { $0 } == [label, value, amount])
    }

    @Test("A rule across the lines cuts between them first; prose columns between two rules stay columns")
    func rulesCutRowsNotColumns() {
        // Two prose columns between a rule under a heading and one over a footer.
        let heading = Self.box(40, 20, 300, 24)
        let left = Self.rows(x: 40, width: 300, top: 80, count: 5, pitch: 32)
        let right = Self.rows(x: 400, width: 310, top: 80, count: 5, pitch: 32)
        let footer = Self.box(40, 260, 200, 20)
        let rules = [Self.box(30, 60, 690, 2), Self.box(30, 244, 690, 2)]
        let order = ReadingOrder.blocks(of: [heading, footer] + right + left, pictures: [], textHeight: 20, rules: rules).blocks.flatMap { $0 }
        #expect(order == [heading] + left + right + [footer])
        // A rule that runs through a line (struck through) cuts nothing.
        let struck = [Self.box(30, 90, 690, 2)]
        let lines = Self.rows(x: 40, width: 300, top: 80, count: 2, pitch: 32) + Self.rows(x: 420, width: 90, top: 80, count: 2, pitch: 32)
        #expect(ReadingOrder.blocks(of: lines, pictures: [], textHeight: 20, rules: struck).blocks == ReadingOrder.blocks(of: lines, textHeight: 20))
    }

    @Test("A card slip's ruled rows are read as printed: each cell's first line across, then the value under its label")
    func ruledSlip() async throws {
        let fixture = Fixture("layout/ruled-slip.png")
        let result = try await SharedRepository.get().recognizeText(in: fixture.data(), rotation: .upright, options: .suite)
        let texts = result.lines.map { $0.text.filter { !$0.isWhitespace } }
        let expected = try fixture.expectedText().split(separator: "\n").map { $0.filter { !$0.isWhitespace } }
        #expect(texts == expected, "\(result.text)")
    }

    @Test("A final period too small to be a character extends its line, so it stays in view; other specks do not")
    func finalStops() {
        let line = (box: Self.box(100, 200, 400, 24), characters: 12, slope: Double?.none)
        let period = Self.box(504, 218, 4, 4)  // low on the line, just after its end
        let apostrophe = Self.box(504, 200, 3, 4)  // high on the line
        let far = Self.box(540, 218, 4, 4)  // past half a text height
        let extended = TextLineFinder.endingWithStops([line], specks: [period], textHeight: 24)
        #expect(extended.first?.box == Self.box(100, 200, 408, 24))
        for speck in [apostrophe, far] {
            #expect(TextLineFinder.endingWithStops([line], specks: [speck], textHeight: 24).first?.box == line.box)
        }
    }

    @Test("A key-value slip is read row by row: each label with its amount, never a column of labels then one of amounts")
    func keyValueSlip() async throws {
        let fixture = Fixture("layout/key-value-slip.png")  // Tesseract's own layout analysis reads it as two columns
        let result = try await SharedRepository.get().recognizeText(in: fixture.data(), rotation: .upright, options: .suite)
        let texts = result.lines.map { $0.text.filter { !$0.isWhitespace } }
        for row in ["과세금액24,182", "청구금액26,600", "카드결제26,600"] {
            #expect(texts.contains(row), "\(result.text)")
        }
        #expect(RowSplitting.rowsReadApart(result.lines) == 0)
    }

    @Test("A till roll 40,000 px long is read whole, its last line boxed at the bottom")
    func tillRoll() async throws {
        let fixture = Fixture("till-roll.png")
        // 400 lines: the suite's limit, since the time is not what is tested (the default
        // 60 s was reached under the parallel suite on two busy cores).
        let options = RecognitionOptions.suite
        let result = try await SharedRepository.get().recognizeText(in: fixture.data(), rotation: .upright, options: options, progress: nil)
        #expect(CharacterErrorRate.between(result.text, try fixture.expectedText()) <= 0.05)
        let last = try #require(result.lines.last)
        #expect(last.text.contains("399"))
        // Row 399 is drawn at y = 40 + 399 × 99 of 40,000 px: 0.013 of the height from the bottom.
        #expect(abs(last.boundingBox.midY - (1 - (40 + 399 * 99 + 14) / 40_000.0)) < 0.002, "\(last.boundingBox)")
    }

    @Test("A single line cropped 15 px high is read")
    func thinStrip() async throws {
        let fixture = Fixture("thin-strip.png")
        let result = try await SharedRepository.get().recognizeText(in: fixture.data(), rotation: .upright, options: .suite)
        #expect(CharacterErrorRate.between(result.text, try fixture.expectedText()) <= 0.1, "\(result.text)")
    }
}
