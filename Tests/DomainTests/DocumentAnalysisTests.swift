import Domain
import Foundation
import Testing

@Suite("The document view: ruled and aligned tables, lists, paragraphs and headings from lines and rules")
struct DocumentAnalysisTests {
    static let size = ImageSize(width: 1000, height: 1000)

    /// A line of `parts` (text, left edge, width in pixels), each part a word, `top` and
    /// `height` pixels from the top.
    static func line(_ parts: [(String, Int, Int)], top: Int, height: Int = 24) -> RecognizedLine {
        let words = parts.map { text, x, width in
            RecognizedWord(
                text: text, boundingBox: NormalizedRect(topLeftPixelRect: PixelRect(x: x, y: top, width: width, height: height), in: size),
                confidence: 0.95)
        }
        let box = words.dropFirst().reduce(words[0].boundingBox) { $0.union($1.boundingBox) }
        return RecognizedLine(text: parts.map(\.0).joined(separator: " "), boundingBox: box, confidence: 0.95, words: words)
    }

    static func rule(x: Int, y: Int, width: Int, height: Int) -> NormalizedRect {
        NormalizedRect(topLeftPixelRect: PixelRect(x: x, y: y, width: width, height: height), in: size)
    }

    static func result(_ lines: [RecognizedLine], rules: [NormalizedRect] = []) -> OCRResult {
        var result = OCRResult(lines: lines, imageSize: size)
        result.rulingLines = rules
        return result
    }

    @Test("A ruled grid is a table; a cell whose rule is missing spans its neighbour")
    func ruledTable() throws {
        // Rows at 100, 150, 200, 250; columns at 100, 400, 600, 900; the rule between the first two
        // columns starts at the second row, so the header's first cell spans two columns.
        var rules = [100, 150, 200, 250].map { Self.rule(x: 100, y: $0, width: 800, height: 2) }
        rules += [(100, 100), (400, 150), (600, 100), (900, 100)].map { Self.rule(x: $0.0, y: $0.1, width: 2, height: 250 - $0.1) }
        let lines = [
            Self.line([("구매 품목", 120, 150), ("단가", 620, 60)], top: 112),
            Self.line([("모니터", 120, 90), ("18", 420, 30), ("275,000원", 620, 140)], top: 162),
            Self.line([("키보드", 120, 90), ("20", 420, 30), ("39,000원", 620, 130)], top: 212),
        ]
        let document = Self.result(lines, rules: rules).document
        let table = try #require(document.tables.first)
        #expect(document.tables.count == 1)
        #expect(table.isRuled && table.rowCount == 3 && table.columnCount == 3)
        let header = try #require(table.cell(row: 0, column: 0))
        #expect(header.text == "구매 품목" && header.columnRange == 0...1)
        #expect(table.cell(row: 1, column: 2)?.text == "275,000원")
        #expect(table.cell(row: 2, column: 1)?.text == "20")
        #expect(table.rows.map(\.count) == [2, 3, 3])
        #expect(document.paragraphs.isEmpty)
    }

    @Test("Rows of text in aligned columns, read across, are a table; two columns of prose are not")
    func alignedTable() throws {
        let items = [("바나나우유", "1,500"), ("삼각김밥", "1,200"), ("생수 500ml", "900"), ("합계", "3,600")]
        let receipt = items.enumerated().map { row, item in
            Self.line([(item.0, 100, 150), (item.1, 600, 80)], top: 100 + row * 40)
        }
        let table = try #require(Self.result(receipt).document.tables.first)
        #expect(!table.isRuled && table.rowCount == 4 && table.columnCount == 2)
        #expect(table.cell(row: 2, column: 0)?.text == "생수 500ml" && table.cell(row: 3, column: 1)?.text == "3,600")

        // The layout reads two columns of prose down, one after the other.
        let left = ["상승장에서는 누구나 투자의", "천재처럼 보이지만 하락장이", "오면 원칙을 지킨 사람만이"]
        let right = ["판단까지 걸린 시간이 결국", "수익률을 좌우하기 때문에", "미리 정한 규칙대로 움직이는"]
        let prose =
            left.enumerated().map {
                Self.line(
                    $0.element.split(separator: " ").enumerated().map { (String($0.element), 100 + $0.offset * 110, 100) }, top: 100 + $0.offset * 40)
            }
            + right.enumerated().map {
                Self.line(
                    $0.element.split(separator: " ").enumerated().map { (String($0.element), 550 + $0.offset * 110, 100) }, top: 100 + $0.offset * 40)
            }
        let document = Self.result(prose).document
        #expect(document.tables.isEmpty)
        #expect(document.paragraphs.count == 2)
    }

    @Test("Lines that start with markers of one kind are a list; an indented line continues an item")
    func lists() throws {
        let lines = [
            Self.line([("1.", 100, 20), ("모니터는", 130, 100), ("27인치", 240, 80)], top: 100),
            Self.line([("2.", 100, 20), ("키보드는", 130, 100), ("무선입니다.", 240, 120)], top: 140),
            Self.line([("설치는", 130, 80), ("다음", 220, 50), ("주입니다.", 280, 100)], top: 180),
            Self.line([("•", 100, 12), ("납품", 130, 50), ("후", 190, 20), ("수리합니다.", 220, 120)], top: 260),
            Self.line([("•", 100, 12), ("비용은", 130, 70), ("공급업체가", 210, 120), ("냅니다.", 340, 80)], top: 300),
        ]
        let lists = Self.result(lines).document.lists
        #expect(lists.count == 2)
        let numbered = try #require(lists.first)
        #expect(numbered.isNumbered && numbered.items.map(\.marker) == ["1.", "2."])
        #expect(numbered.items[1].text == "키보드는 무선입니다. 설치는 다음 주입니다." && numbered.items[1].lineIndices == [1, 2])
        #expect(lists.last?.isNumbered == false && lists.last?.items.count == 2)
    }

    @Test("A large line at the top is the title; body lines close together are one paragraph")
    func paragraphs() throws {
        let lines = [
            Self.line([("장비", 100, 120), ("구매", 240, 120), ("안내", 380, 120)], top: 60, height: 60),
            Self.line([("올해", 100, 60), ("연구실", 170, 90), ("장비를", 270, 90), ("구매하려고", 370, 150), ("합니다.", 530, 370)], top: 180),
            Self.line([("알려", 100, 60), ("주시기", 170, 90), ("바랍니다.", 270, 120)], top: 218),
            Self.line([("문의", 100, 60), ("02-1234-5678", 170, 200)], top: 320),
        ]
        let document = Self.result(lines).document
        #expect(document.title?.text == "장비 구매 안내")
        #expect(document.paragraphs.count == 3)
        #expect(document.paragraphs[1].text == "올해 연구실 장비를 구매하려고 합니다. 알려 주시기 바랍니다." && document.paragraphs[1].role == .body)
        #expect(document.detectedData.map(\.value) == ["02-1234-5678"] && document.detectedData.first?.lineIndex == 3)
    }

    @Test("A page of tens of thousands of rules (a mesh) is analysed from its longest, and gives its table")
    func manyRules() throws {
        var rules =
            [100, 150, 200].map { Self.rule(x: 100, y: $0, width: 800, height: 2) }
            + [100, 500, 900].map { Self.rule(x: $0, y: 100, width: 2, height: 100) }
        for index in 0..<20_000 { rules.append(Self.rule(x: 20 + index % 900, y: 400 + (index / 900) * 20, width: 60, height: 1)) }
        let lines = [Self.line([("품목", 120, 60), ("단가", 520, 60)], top: 112), Self.line([("모니터", 120, 90), ("275,000", 520, 140)], top: 162)]
        let table = try #require(Self.result(lines, rules: rules).document.tables.first)
        #expect(table.cell(row: 1, column: 1)?.text == "275,000")
    }

    @Test("Lines under the minimum confidence are not in the document")
    func filtered() {
        var unsure = Self.line([("010-1234-5678", 100, 200)], top: 100)
        unsure.confidence = 0.1
        unsure.words = unsure.words.map { RecognizedWord(text: $0.text, boundingBox: $0.boundingBox, confidence: 0.1) }
        #expect(Self.result([unsure]).document == DocumentObservation())
    }

    @Test("Markdown: the title, the table as a pipe table under its header row, the list")
    func markdown() {
        let rules =
            [100, 150, 200].map { Self.rule(x: 100, y: $0, width: 800, height: 2) }
            + [100, 500, 900].map { Self.rule(x: $0, y: 100, width: 2, height: 100) }
        let lines = [
            Self.line([("안내", 100, 200)], top: 20, height: 60),
            Self.line([("품목", 120, 60), ("단가", 520, 60)], top: 112),
            Self.line([("모니터", 120, 90), ("275|000", 520, 140)], top: 162),
            Self.line([("1.", 100, 20), ("설치는", 130, 80)], top: 260),
            Self.line([("2.", 100, 20), ("납품은", 130, 80)], top: 300),
        ]
        let expected = """
            # 안내

            | 품목 | 단가 |
            | --- | --- |
            | 모니터 | 275\\|000 |

            1. 설치는
            2. 납품은

            """
        #expect(MarkdownRenderer().page(Self.result(lines, rules: rules)) == expected)
    }

    @Test("The JSON carries the document; its barcodes and the ruling lines are read back")
    func coding() throws {
        var result = Self.result(
            [Self.line([("문의", 100, 60), ("02-1234-5678", 170, 200)], top: 100)], rules: [Self.rule(x: 0, y: 500, width: 1000, height: 2)])
        result.barcodes = [
            DetectedBarcode(symbology: "QR-Code", payload: "https://example.com", boundingBox: Self.rule(x: 10, y: 10, width: 100, height: 100))
        ]
        let data = try JSONEncoder().encode(result)
        let decoded = try JSONDecoder().decode(OCRResult.self, from: data)
        #expect(decoded.barcodes == result.barcodes)
        #expect(decoded.rulingLines.count == 1)
        #expect(decoded.document.detectedData.first?.value == "02-1234-5678")
        let document = try JSONDecoder().decode(DocumentObservation.self, from: JSONEncoder().encode(result.document))
        #expect(document.detectedData.first?.characterRange == 3..<15)
    }
}
