// The document view, as an app uses it: every table's cells, then every phone number.
//
//   swift run --package-path Examples/Consumer DocumentExample TestImages/document/page.png
import SwiftOCR

let path = CommandLine.arguments.dropFirst().first ?? "page.png"
let repository = try TesseractOCRRepository(languages: ["kor", "eng"])
let result = try await repository.recognizeText(in: try Data(contentsOf: URL(fileURLWithPath: path)))
let document = result.document  // like Vision's DocumentObservation

for (number, table) in document.tables.enumerated() {
    print("table \(number + 1): \(table.rowCount) rows × \(table.columnCount) columns")
    for cell in table.cells {
        let span = cell.columnRange.count > 1 ? " (\(cell.columnRange.count) columns)" : ""
        print("  [\(cell.rowRange.lowerBound), \(cell.columnRange.lowerBound)]\(span) \(cell.text)")
    }
}
for match in document.detectedData where match.kind == .phoneNumber {
    print("phone:", match.value, "in line", match.lineIndex + 1)
}
