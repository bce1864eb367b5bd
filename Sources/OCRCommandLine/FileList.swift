import Foundation

/// The list of paths `--files-from` names — a file, or `-` for standard input — read line
/// by line as it arrives, each line checked before it is taken as a path.
///
/// A line is a path and nothing else: one holding a NUL or another control character
/// (tab aside) is refused with its line number, as the system would cut the path at a NUL
/// and open another file; `-`, standard input (`/dev/stdin`) and the list itself are
/// refused, as reading them would swallow the list's own lines.
struct FileList {
    /// The lines, as they arrive.
    let lines: AsyncStream<String>
    /// The list's own identity, to refuse it as an input (`nil` when it has none).
    private let identity: InputExpansion.FileID?
    /// Standard input's identity, to refuse it as an input.
    private let standardInput: InputExpansion.FileID?

    /// Opens the list `path` (`-`: `console`'s standard input).
    /// - Throws: `FileList.Failure` when it cannot be read or is a directory.
    init(_ path: String, console: Console) throws(Failure) {
        standardInput = Self.identity(of: STDIN_FILENO)
        if path == "-" {
            lines = console.standardInputLines()
            identity = standardInput
            return
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure(reason: String(cString: strerror(errno))) }
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
            close(descriptor)
            throw Failure(reason: "it is a directory; give a file that lists one path per line (or - for standard input)")
        }
        identity = Self.identity(of: descriptor)
        lines = LineReader.lines(of: descriptor, closing: true)
    }

    /// Why a list cannot be read.
    struct Failure: Error {
        let reason: String
    }

    /// Why line `number` (from 1) cannot be taken as a path, or `nil` when it can.
    func refusal(of line: String, number: Int) -> String? {
        if let control = line.unicodeScalars.first(where: { $0.properties.generalCategory == .control && $0 != "\t" }) {
            let name = control == "\0" ? "a NUL byte" : String(format: "the control character U+%04X", control.value)
            return "line \(number) of the list holds \(name), which no path holds; list one path per line"
        }
        if line == "-" || line == "/dev/stdin" {
            return "line \(number) of the list names standard input, which the list cannot name; list files"
        }
        var status = stat()
        if stat(line, &status) == 0 {
            let named = InputExpansion.FileID(status)
            if named == identity { return "line \(number) of the list names the list itself; list the images to read" }
            // Standard input as a pipe or terminal (`/dev/fd/0`) is read once, by the list.
            if named == standardInput, status.st_mode & S_IFMT != S_IFREG {
                return "line \(number) of the list names standard input, which the list cannot name; list files"
            }
        }
        return nil
    }

    private static func identity(of descriptor: Int32) -> InputExpansion.FileID? {
        var status = stat()
        return fstat(descriptor, &status) == 0 ? InputExpansion.FileID(status) : nil
    }
}
