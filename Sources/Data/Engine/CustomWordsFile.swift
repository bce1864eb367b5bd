import Foundation

/// Custom words written one per line to a private temporary file, as Tesseract reads them
/// (`user_words_file`) while an engine initialises; removed right after.
struct CustomWordsFile {
    let path: String

    /// Writes `words`; the path is empty (Tesseract then reads nothing) if the file cannot be written.
    init(words: [String]) {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("swiftocr-words-\(UUID().uuidString).txt")
        let written = (try? (words.joined(separator: "\n") + "\n").write(to: url, atomically: false, encoding: .utf8)) != nil
        path = written ? url.path : ""
    }

    func remove() {
        if !path.isEmpty { try? FileManager.default.removeItem(atPath: path) }
    }
}
