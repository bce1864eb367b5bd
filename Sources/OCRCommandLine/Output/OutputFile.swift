import Domain
import Foundation

/// A file `ocr` writes (`--output`, `--annotate`), checked before any work starts and
/// written so that nothing good is lost: to a temporary file beside the target, renamed
/// over it only once complete and on disk. A full disk or an interrupted run leaves the
/// previous file as it was; an input, a directory, or an existing file of another kind
/// (`-o *.png` making a PNG the output) is never replaced.
struct OutputFile {
    /// What is written, told by the first bytes of an existing file.
    enum Kind {
        case pdf
        case png

        var name: String {
            switch self {
            case .pdf: "PDF"
            case .png: "PNG image"
            }
        }

        var signature: [UInt8] {
            switch self {
            case .pdf: Array("%PDF-".utf8)
            case .png: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            }
        }
    }

    /// Why a target cannot be written; `description` names the cause and the way out.
    struct Refusal: Error, CustomStringConvertible {
        let path: String
        let reason: String

        var description: String { "\(path.escapedForDisplay): \(reason)" }
    }

    /// The path as given (for messages).
    let path: String
    let kind: Kind
    /// Where the file goes: the path, or a link's target (the link is kept).
    private let destination: String
    /// The permissions it gets: an existing file's, else the usual ones under the umask.
    private let mode: mode_t

    /// Checks that `path` can take a `kind` file without harm, before any work.
    /// - Parameter inputs: The files read; none of them may be the target.
    /// - Throws: `Refusal` for an empty path, a directory, one of the inputs, an existing
    ///   non-empty file of another kind, or a directory where no file can be made.
    init(checking path: String, kind: Kind, inputs: [String]) throws(Refusal) {
        self.path = path
        self.kind = kind
        guard !path.isEmpty else { throw Refusal(path: "''", reason: "an empty file name; give the file to write") }
        var status = stat()
        if stat(path, &status) == 0 {
            switch status.st_mode & S_IFMT {
            case S_IFDIR: throw Refusal(path: path, reason: "it is a directory; give the name of a file to write")
            case S_IFREG: break
            default: throw Refusal(path: path, reason: "it is not a regular file (a device, pipe or socket); write to a file")
            }
            let target = InputExpansion.FileID(status)
            if inputs.contains(where: { Self.fileID(of: $0) == target }) {
                throw Refusal(
                    path: path, reason: "it is one of the images being read, and writing it would destroy it; write the \(kind.name) elsewhere")
            }
            if status.st_size > 0, !Self.starts(path, with: kind.signature) {
                throw Refusal(
                    path: path,
                    reason: "it exists and is not a \(kind.name), so replacing it would lose it; remove it first or choose another name")
            }
            destination = Self.resolvedPath(path) ?? path
            mode = status.st_mode & 0o7777
        } else if errno == ENOENT {
            destination = path
            mode = 0o666 & ~Self.processUmask
        } else {
            throw Refusal(path: path, reason: "cannot check it: \(String(cString: strerror(errno)))")
        }
        // A file must be makeable beside it now, not only when the work is done.
        let probe = try PendingFile(beside: destination, shownAs: path)
        probe.discard()
    }

    /// Starts writing: a temporary file beside the target, which `commit()` puts in its place.
    func begin() throws(Refusal) -> PendingFile {
        let file = try PendingFile(beside: destination, shownAs: path)
        _ = fchmod(file.descriptor, mode)
        return file
    }

    /// Writes `data` whole and puts it in place.
    func write(_ data: Data) throws(Refusal) {
        let file = try begin()
        do {
            try file.write(data)
            try file.commit()
        } catch {
            file.discard()
            throw error
        }
    }

    private static func fileID(of path: String) -> InputExpansion.FileID? {
        var status = stat()
        guard path != "-", stat(path, &status) == 0 else { return nil }
        return InputExpansion.FileID(status)
    }

    private static func starts(_ path: String, with signature: [UInt8]) -> Bool {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: signature.count)
        let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, signature.count) }
        return count == signature.count && bytes == signature
    }

    private static func resolvedPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The process's file creation mask (read once; setting it back at once).
    private static let processUmask: mode_t = {
        let mask = umask(0o022)
        umask(mask)
        return mask
    }()
}

/// A temporary file beside an output's target, written and then renamed over the target
/// (`commit()`) or removed (`discard()`).
final class PendingFile {
    let descriptor: Int32
    private let temporaryPath: String
    private let destination: String
    /// The output's name in messages.
    private let shownAs: String
    private var isOpen = true

    init(beside destination: String, shownAs: String) throws(OutputFile.Refusal) {
        let directory = (destination as NSString).deletingLastPathComponent
        let name = (destination as NSString).lastPathComponent
        var template = Array(((directory.isEmpty ? "" : directory + "/") + ".\(name).ocr-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            let code = errno
            let place = directory.isEmpty ? "the current directory" : "'\(directory.escapedForDisplay)'"
            throw OutputFile.Refusal(path: shownAs, reason: "cannot write in \(place): \(String(cString: strerror(code)))\(Self.advice(code))")
        }
        self.descriptor = descriptor
        self.temporaryPath = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        Termination.shared.register(temporary: temporaryPath)
        self.destination = destination
        self.shownAs = shownAs
    }

    deinit { discard() }

    /// Appends `data`.
    func write(_ data: Data) throws(OutputFile.Refusal) {
        if let code = DescriptorWriter.write(data, to: descriptor) { throw failure(code) }
    }

    /// Puts the file in its target's place, once it is on disk.
    func commit() throws(OutputFile.Refusal) {
        guard isOpen else { return }
        if fsync(descriptor) != 0 { throw failure(errno) }
        isOpen = false
        close(descriptor)
        defer { Termination.shared.unregister(temporary: temporaryPath) }
        guard rename(temporaryPath, destination) == 0 else {
            let code = errno
            unlink(temporaryPath)
            throw failure(code)
        }
    }

    /// Removes the temporary file; the target stays as it was.
    func discard() {
        guard isOpen else { return }
        isOpen = false
        close(descriptor)
        unlink(temporaryPath)
        Termination.shared.unregister(temporary: temporaryPath)
    }

    private func failure(_ code: Int32) -> OutputFile.Refusal {
        OutputFile.Refusal(
            path: shownAs, reason: "cannot write it: \(String(cString: strerror(code)))\(Self.advice(code)); any earlier file there is left as it was"
        )
    }

    private static func advice(_ code: Int32) -> String {
        switch code {
        case ENOSPC, EDQUOT: " (free some space, or write it elsewhere)"
        case EACCES, EPERM, EROFS: " (write it where you may write)"
        case ENOENT, ENOTDIR: " (the directory does not exist)"
        default: ""
        }
    }
}
