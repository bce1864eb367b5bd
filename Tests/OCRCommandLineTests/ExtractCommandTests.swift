import Foundation
import OCRCommandLine
import OCRTestSupport
import Testing

@Suite("ocr extract: fields from text already recognised")
struct ExtractCommandTests {
    static func write(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("receipt-\(UUID().uuidString).txt").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static let store = """
        GS25 역삼타워점
        사업자번호 220-81-62517
        [등록] 2025-11-25 18:42 POS 06-8307 NO.0317
        아메리카노 2 5,000
        샌드위치 1 22,500
        상품합계 27,500
        자사할인 -1,370
        판매금액 26,130
        신용카드 26,130
        CARD NO : 94166149********
        승인금액: 26,130
        """

    @Test("A receipt's text gives its fields, the total confirmed by the amounts paid")
    func summary() async throws {
        let path = try Self.write(Self.store)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let captured = CapturedConsole()
        #expect(await OCRCommandLine.run(SuiteLimits.commandLine(["extract", "receipt", path]), console: captured.console) == .success)
        let output = captured.standardOutput
        #expect(output.contains("GS25 역삼타워점"))
        #expect(output.contains("26,130원  (0.95 ✓)"), "\(output)")
        #expect(output.contains("94166149********"))
        #expect(!output.contains("8307-"))
    }

    @Test("JSON gives the fields under receipt, with the time on its own")
    func json() async throws {
        let path = try Self.write(Self.store)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let captured = CapturedConsole()
        #expect(
            await OCRCommandLine.run(SuiteLimits.commandLine(["extract", "receipt", path, "--format", "json"]), console: captured.console) == .success
        )
        let object = try #require(try JSONSerialization.jsonObject(with: Data(captured.standardOutput.utf8)) as? [String: Any])
        let receipt = try #require(object["receipt"] as? [String: Any])
        #expect((receipt["total"] as? [String: Any])?["value"] as? Int == 26_130)
        #expect((receipt["time"] as? [String: Any])?["value"] as? String == "18:42")
        #expect(object["lines"] as? Int == 11)
    }

    @Test("Each field says why it is trusted: confirmed by the checks, read and unconfirmed, or mended by the sums from its text")
    func fieldBasis() async throws {
        let text = ["더현대 판교점", "사업자번호 220-81-62517", "2025-10-18 21:22", "과세물품가액 35,454", "부 가 세 31546", "합계 39,000", "신용카드 39,000"]
        let path = try Self.write(text.joined(separator: "\n"))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let captured = CapturedConsole()
        #expect(
            await OCRCommandLine.run(SuiteLimits.commandLine(["extract", "receipt", path, "--format", "json"]), console: captured.console) == .success
        )
        let object = try #require(try JSONSerialization.jsonObject(with: Data(captured.standardOutput.utf8)) as? [String: Any])
        let receipt = try #require(object["receipt"] as? [String: Any])
        func basis(_ field: String) -> String? { (receipt[field] as? [String: Any])?["basis"] as? String }
        #expect(basis("total") == "confirmed")
        #expect(basis("businessRegistrationNumber") == "confirmed", "its check digit")
        #expect(basis("vat") == "mended", "3,546 from the text 31546: \(String(describing: receipt["vat"]))")
        #expect(basis("merchantName") == "read")
    }

    @Test("A file that is not UTF-8 text, and a missing kind, are refused with their statuses")
    func refusals() async {
        let image = CapturedConsole()
        #expect(
            await OCRCommandLine.run(SuiteLimits.commandLine(["extract", "receipt", Fixture("three-lines.png").path]), console: image.console)
                == .dataError)
        #expect(image.standardError.contains("not UTF-8 text"))
        let missing = CapturedConsole()
        #expect(await OCRCommandLine.run(SuiteLimits.commandLine(["extract"]), console: missing.console) == .usage)
        #expect(missing.standardError.contains("Missing expected argument '<kind>'"))
        let unknown = CapturedConsole()
        #expect(await OCRCommandLine.run(SuiteLimits.commandLine(["extract", "invoice", "a.txt"]), console: unknown.console) == .usage)
    }
}
