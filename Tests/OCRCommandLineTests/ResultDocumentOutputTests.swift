import Domain
import Foundation
import OCRCommandLine
import OCRTestSupport
import Testing

/// `ocr scan --format json` and `jsonl` print the document the library's types encode to.
@Suite("ocr's JSON is the library's result document")
struct ResultDocumentOutputTests {
    static func object(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static func data(_ object: Any) throws -> Data {
        try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    }

    @Test("A receipt read with candidates: the schema accepts it, and OCRResult and Receipt decode it and encode it back unchanged")
    func scanDocument() async throws {
        let captured = CapturedConsole()
        let status = await OCRCommandLine.run(
            SuiteLimits.commandLine(
                ["scan", Fixture("receipt.png").path, "--extract", "receipt", "--candidates", "2", "--format", "json"]),
            console: captured.console)
        #expect(status == .success)
        let printed = Data(captured.standardOutput.utf8)
        #expect(try JSONSchema.resultDocument.problems(in: printed) == [])

        var document = try Self.object(printed)
        let receipt = try #require(document["receipt"])
        document["receipt"] = nil
        #expect(document.removeValue(forKey: "file") as? String == Fixture("receipt.png").path)
        let result = try JSONDecoder().decode(OCRResult.self, from: printed)
        #expect(result.lines.contains { $0.alternatives != nil })
        // The document view is derived from the lines (as `text` is): from the decoded lines
        // it is the same document, its boxes perhaps a rounding apart.
        var encoded = try Self.object(JSONEncoder().encode(result))
        let printedView = try #require(document.removeValue(forKey: "document") as? [String: Any])
        let derivedView = try #require(encoded.removeValue(forKey: "document") as? [String: Any])
        #expect(try Self.data(encoded) == Self.data(document))
        let texts = { (view: [String: Any]) in
            ((view["tables"] as? [[String: Any]]) ?? []).flatMap { ($0["cells"] as? [[String: Any]]) ?? [] }.compactMap { $0["text"] as? String }
        }
        #expect(texts(printedView) == texts(derivedView) && texts(printedView).contains("3,600"))
        let decodedReceipt = try JSONDecoder().decode(Receipt.self, from: Self.data(receipt))
        #expect(decodedReceipt.total?.value == 3_600)
        #expect(try Self.data(Self.object(JSONEncoder().encode(decodedReceipt))) == Self.data(receipt))
    }

    @Test("Each jsonl record, a result or a failure, is a batch record of the schema")
    func jsonlRecords() async throws {
        let captured = CapturedConsole()
        let status = await OCRCommandLine.run(
            SuiteLimits.commandLine(
                ["scan", Fixture("receipt.png").path, "/nonexistent/receipt.png", "--format", "jsonl"]), console: captured.console)
        #expect(status != .success)
        let records = captured.standardOutput.split(separator: "\n")
        try #require(records.count == 2)
        for record in records {
            #expect(try JSONSchema.resultDocument.problems(in: Data(record.utf8), definition: "batchRecord") == [])
        }
        #expect(records.contains { $0.contains("\"error\"") } && records.contains { $0.contains("\"result\"") })
    }
}
