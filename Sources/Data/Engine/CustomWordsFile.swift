import Domain
import Foundation

/// Custom words written one per line to a private temporary file, as Tesseract reads them
/// (`user_words_file`) while an engine initialises; removed right after.
struct CustomWordsFile {
    let path: String

    /// Writes `words` in the temporary directory (`TMPDIR`), or in `/tmp` when that cannot
    /// take it.
    /// - Throws: `OCRError.engineFailure` naming the directories tried and why, when neither
    ///   can: the words would otherwise be dropped without a word.
    init(words: [String]) throws(OCRError) {
        let contents = Data((words.joined(separator: "\n") + "\n").utf8)
        let name = "swiftocr-words-\(UUID().uuidString).txt"
        var failures: [String] = []
        for directory in Self.directories {
            let candidate = directory.appendingPathComponent(name).path
            if let reason = Self.write(contents, to: candidate) {
                failures.append("\(directory.path) (\(reason))")
            } else {
                path = candidate
                return
            }
        }
        throw .engineFailure(
            "the custom words could not be handed to Tesseract: no temporary file could be written in \(failures.joined(separator: " or ")); set TMPDIR to a writable directory with free space"
        )
    }

    /// Where the file may go, in order: the temporary directory, then `/tmp`.
    private static var directories: [URL] {
        let temporary = FileManager.default.temporaryDirectory.standardizedFileURL
        let fallback = URL(fileURLWithPath: "/tmp", isDirectory: true)
        return temporary.path == fallback.path ? [temporary] : [temporary, fallback]
    }

    /// Writes a new private file; why it could not, or `nil`.
    private static func write(_ data: Data, to path: String) -> String? {
        let descriptor = open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return String(cString: strerror(errno)) }
        if let code = DescriptorWriter.write(data, to: descriptor) {
            close(descriptor)
            unlink(path)
            return String(cString: strerror(code))
        }
        guard close(descriptor) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(path)
            return reason
        }
        return nil
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
