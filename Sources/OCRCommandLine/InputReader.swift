import Domain
import Foundation

/// Reads an input named on the command line: a file path, or `-` for standard input.
struct InputReader {
    /// Files larger than this are refused before they are read.
    static let maximumFileSize = 256 * 1024 * 1024

    let console: Console

    func read(_ input: String) throws(OCRError) -> Data {
        if input == "-" { return console.readStandardInput() }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory) else {
            throw .unreadableFile(path: input, reason: "no such file")
        }
        guard !isDirectory.boolValue else { throw .unreadableFile(path: input, reason: "it is a directory") }
        let size = (try? FileManager.default.attributesOfItem(atPath: input)[.size] as? Int) ?? 0
        guard size <= Self.maximumFileSize else {
            throw .unreadableFile(path: input, reason: "the file is larger than 256 MiB")
        }
        do {
            return try Data(contentsOf: URL(fileURLWithPath: input))
        } catch {
            throw .unreadableFile(path: input, reason: "permission denied or read error")
        }
    }
}
