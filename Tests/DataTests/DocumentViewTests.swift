import Domain
import Foundation
import OCRTestSupport
import Testing

@testable import Data

/// The document view of pages read by the real Tesseract: a rendered page's title,
/// paragraph, lists, ruled table with a merged header cell and contact data
/// (`TestImages/document/page.json`), and barcodes read by the real zbar
/// (`TestImages/document/barcodes.json`; both made by Scripts/generate-document-fixtures.py).
@Suite("Document view: structure, data and barcodes of real readings")
struct DocumentViewTests {
    /// Whether zbar is installed here (setup.sh installs it; CI's library-absent run turns it
    /// off with `SWIFTOCR_BARCODES=0`).
    static var readsBarcodes: Bool { (try? BarcodeReader.shared.get()) != nil }

    struct Expected: Decodable {
        struct Table: Decodable {
            let rows: Int
            let columns: Int
            let cells: [[Value]]
        }
        enum Value: Decodable {
            case number(Int)
            case text(String)
            init(from decoder: any Decoder) throws {
                let container = try decoder.singleValueContainer()
                if let number = try? container.decode(Int.self) { self = .number(number) } else { self = .text(try container.decode(String.self)) }
            }
            var number: Int? { if case .number(let value) = self { value } else { nil } }
            var text: String? { if case .text(let value) = self { value } else { nil } }
        }
        let title: String
        let paragraph: String
        let numbered: [String]
        let bullets: [String]
        let table: Table
        let detectedData: [[String]]
    }

    static func read(_ name: String) async throws -> OCRResult {
        try await SharedRepository.get().recognizeText(
            in: Fixture("document/\(name).png").data(), rotation: .upright, options: RecognitionOptions(timeLimit: nil))
    }

    @Test("A rendered page reads as its title, paragraph, lists, table and contact data")
    func page() async throws {
        let expected = try JSONDecoder().decode(Expected.self, from: Data(contentsOf: Fixture("document/page.json").url))
        let document = try await Self.read("page").document
        #expect(document.title?.text == expected.title)
        #expect(document.paragraphs.contains { $0.text == expected.paragraph && $0.role == .body })
        #expect(document.lists.count == 2)
        #expect(document.lists.first?.isNumbered == true && document.lists.first?.items.map(\.text) == expected.numbered)
        #expect(document.lists.last?.isNumbered == false && document.lists.last?.items.map(\.text) == expected.bullets)
        let table = try #require(document.tables.first)
        #expect(document.tables.count == 1 && table.isRuled)
        #expect(table.rowCount == expected.table.rows && table.columnCount == expected.table.columns)
        #expect(table.cell(row: 0, column: 0)?.text == "구매 품목" && table.cell(row: 0, column: 0)?.columnRange == 0...1)
        for cell in expected.table.cells {
            let (row, column, text) = (try #require(cell[0].number), try #require(cell[1].number), try #require(cell[2].text))
            #expect(table.cell(row: row, column: column)?.text == text, "row \(row), column \(column)")
        }
        let found = document.detectedData.map { [$0.kind.rawValue, $0.value] }
        #expect(found == expected.detectedData.sorted { found.firstIndex(of: $0) ?? 0 < found.firstIndex(of: $1) ?? 0 })
        #expect(Set(found) == Set(expected.detectedData))
    }

    @Test("The QR code, the EAN-13 and the quarter-turned Code 128 are decoded where they are", .enabled(if: readsBarcodes))
    func barcodes() async throws {
        struct Barcode: Decodable, Hashable {
            let symbology: String
            let payload: String
        }
        let expected = try JSONDecoder().decode([Barcode].self, from: Data(contentsOf: Fixture("document/barcodes.json").url))
        let result = try await Self.read("barcodes")
        #expect(Set(result.document.barcodes.map { Barcode(symbology: $0.symbology, payload: $0.payload) }) == Set(expected))
        // The QR code is drawn at (60, 240), 4 px a module: its box is there, in Vision's coordinates.
        let qr = try #require(result.barcodes.first { $0.symbology == "QR-Code" })
        let box = qr.boundingBox.topLeftPixelRect(in: result.imageSize)
        #expect(abs(box.x - 60) <= 12 && abs(box.y - 240) <= 12)
        // The receipt's text is read as before.
        #expect(result.text.contains("합계 12,500원"))
    }

    @Test("A page turned a quarter has its barcodes' boxes turned with it", .enabled(if: readsBarcodes))
    func turnedBarcodes() async throws {
        let upright = try await Self.read("barcodes")
        let image = try ImageDecoder.decode(Fixture("document/barcodes.png").data(), maximumPixelCount: RecognitionOptions.defaultMaximumPixelCount)
            .rotated(by: .clockwise270)
        let turned = try await SharedRepository.get().recognizeText(
            in: try image.pngData(), rotation: .clockwise90, options: RecognitionOptions(timeLimit: nil))
        let a = try #require(upright.barcodes.first { $0.symbology == "QR-Code" }?.boundingBox)
        let b = try #require(turned.barcodes.first { $0.symbology == "QR-Code" }?.boundingBox)
        #expect(abs(a.x - b.x) < 0.02 && abs(a.y - b.y) < 0.02 && abs(a.width - b.width) < 0.02)
    }
}
