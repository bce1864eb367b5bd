import Domain
import Foundation
import OCRTestSupport
import Testing

/// The JSON form of results and receipts: one document, described by
/// Docs/ocr-result.schema.json, that survives a round trip.
@Suite("The result document")
struct ResultDocumentTests {
    static let hanaro = RealReceiptFixture.directory.appendingPathComponent("receipt_hanaro_photo_exif6.lines.json")

    static func encoded(_ value: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(value)
    }

    /// A recorded reading of a real receipt, with a line's candidates and its languages.
    static func result() throws -> OCRResult {
        var result = try RecordedResult.load(Self.hanaro)
        result.languages = ["kor", "eng"]
        result.lines[0].alternatives = [RecognizedText(string: "하나로마트", confidence: 0.41)]
        return result
    }

    @Test("A result and its receipt encode to documents the schema accepts")
    func schemaAcceptsEncodings() throws {
        let schema = try JSONSchema.resultDocument
        let result = try Self.result()
        #expect(try schema.problems(in: Self.encoded(result)) == [])
        let receipt = ReceiptExtractor().extract(from: result)
        #expect(receipt.total != nil && receipt.date != nil)
        #expect(try schema.problems(in: Self.encoded(receipt), definition: "receipt") == [])
    }

    @Test(
        "The schema check finds what breaks the document",
        arguments: [
            ("lines", nil), ("colour", "\"red\""), ("minimumConfidence", "1.5"), ("rotation", "45"), ("width", "true"),
            ("text", "3"), ("lines", "[{\"text\": \"a\"}]"),
        ] as [(String, String?)])
    func schemaRejects(key: String, replacement: String?) throws {
        var document = try #require(try JSONSerialization.jsonObject(with: Self.encoded(Self.result())) as? [String: Any])
        document[key] = try replacement.map { try JSONSerialization.jsonObject(with: Data($0.utf8), options: .fragmentsAllowed) }
        let broken = try JSONSerialization.data(withJSONObject: document)
        #expect(try JSONSchema.resultDocument.problems(in: broken).isEmpty == false)
    }

    @Test("A receipt field with a basis the schema does not name is rejected")
    func schemaRejectsBasis() throws {
        let receipt = ReceiptExtractor().extract(from: try Self.result())
        let text = String(decoding: try Self.encoded(receipt), as: UTF8.self).replacingOccurrences(of: "\"basis\":\"", with: "\"basis\":\"guessed-")
        #expect(try JSONSchema.resultDocument.problems(in: Data(text.utf8), definition: "receipt").isEmpty == false)
    }

    @Test("Decoding a document and encoding it again gives the same document")
    func roundTrip() throws {
        let result = try Self.result()
        let document = try Self.encoded(result)
        let decoded = try JSONDecoder().decode(OCRResult.self, from: document)
        #expect(try Self.encoded(decoded) == document)
        #expect(decoded.lines[0].alternatives == [RecognizedText(string: "하나로마트", confidence: 0.41)])
        #expect(decoded.languages == ["kor", "eng"])

        let receipt = try Self.encoded(ReceiptExtractor().extract(from: result))
        #expect(try Self.encoded(JSONDecoder().decode(Receipt.self, from: receipt)) == receipt)
    }

    @Test("A receipt field says why it is trusted")
    func basis() throws {
        let box = NormalizedRect(x: 0, y: 0, width: 1, height: 0.1)
        #expect(ReceiptField(value: 75_700, confidence: 0.95, lineIndices: [3], boundingBox: box, sourceText: "75,700").basis == .confirmed)
        #expect(ReceiptField(value: 75_700, confidence: 0.7, lineIndices: [3], boundingBox: box, sourceText: "15,700").basis == .mended)
        #expect(ReceiptField(value: 75_700, confidence: 0.7, lineIndices: [3], boundingBox: box, sourceText: "75,700").basis == .read)
    }

    @Test(
        "Receipt dates are written as local date and time, seconds when read",
        arguments: [
            (ReceiptDate(year: 2025, month: 10, day: 18), "2025-10-18"),
            (ReceiptDate(year: 2025, month: 10, day: 18, hour: 21, minute: 2), "2025-10-18 21:02"),
            (ReceiptDate(year: 2025, month: 1, day: 8, hour: 7, minute: 32, second: 4), "2025-01-08 07:32:04"),
        ])
    func dates(date: ReceiptDate, text: String) throws {
        #expect(String(decoding: try JSONEncoder().encode([date]), as: UTF8.self) == "[\"\(text)\"]")
        #expect(try JSONDecoder().decode([ReceiptDate].self, from: Data("[\"\(text)\"]".utf8)) == [date])
    }

    @Test("A date that is not one is a decoding error, not a guess", arguments: ["yesterday", "2025-10", "2025-10-18 21"])
    func badDates(text: String) {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([ReceiptDate].self, from: Data("[\"\(text)\"]".utf8)) }
    }
}
