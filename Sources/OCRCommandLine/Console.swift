import Domain
import Foundation
import Synchronization

/// Where `ocr` writes: results to standard output, diagnostics to standard error.
///
/// Tests pass closures that capture the text instead.
public struct Console: Sendable {
    public var standardOutput: @Sendable (String) -> Void
    public var standardError: @Sendable (String) -> Void
    /// Reads standard input to its end (the live console refuses more than
    /// `ImageSource.maximumFileSize` bytes).
    public var readStandardInput: @Sendable () throws -> Data
    /// Whether standard error is a terminal (progress is drawn only then).
    public var standardErrorIsTerminal: Bool
    /// Why writing results failed, if it did for a reason the user must hear about (a full
    /// disk, an I/O error); a reader that closed the pipe early is not such a reason.
    public var outputFailure: @Sendable () -> String?
    /// Whether standard output can take no more (its reader closed the pipe, or writing
    /// failed): a batch stops reading images then.
    public var outputIsClosed: @Sendable () -> Bool

    public init(
        standardOutput: @escaping @Sendable (String) -> Void,
        standardError: @escaping @Sendable (String) -> Void,
        readStandardInput: @escaping @Sendable () throws -> Data,
        standardErrorIsTerminal: Bool = false,
        outputFailure: @escaping @Sendable () -> String? = { nil },
        outputIsClosed: @escaping @Sendable () -> Bool = { false }
    ) {
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.readStandardInput = readStandardInput
        self.standardErrorIsTerminal = standardErrorIsTerminal
        self.outputFailure = outputFailure
        self.outputIsClosed = outputIsClosed
    }

    /// The process's own streams. Writing stops at the first failure: a closed pipe
    /// (`ocr scan … | head -1`, with `SIGPIPE` ignored) ends quietly, other failures are
    /// reported by `outputFailure`.
    public static let live: Console = {
        let output = FileDescriptorWriter(descriptor: STDOUT_FILENO)
        let error = FileDescriptorWriter(descriptor: STDERR_FILENO)
        return Console(
            standardOutput: { output.write($0) },
            standardError: { error.write($0) },
            readStandardInput: { try ImageSource.standardInput.load() },
            standardErrorIsTerminal: isatty(STDERR_FILENO) == 1,
            outputFailure: {
                guard let code = output.failure, code != EPIPE else { return nil }
                return String(cString: strerror(code))
            },
            outputIsClosed: { output.failure != nil })
    }()
}

/// Writes text to a file descriptor with `write(2)`, remembering the first error (`errno`)
/// and writing nothing after it.
final class FileDescriptorWriter: Sendable {
    private let descriptor: Int32
    private let firstError = Mutex<Int32?>(nil)

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    var failure: Int32? { firstError.withLock { $0 } }

    func write(_ text: String) {
        firstError.withLock { error in
            guard error == nil else { return }
            var bytes = Array(text.utf8)[...]
            while !bytes.isEmpty {
                let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
                if written < 0 {
                    if errno == EINTR { continue }
                    error = errno
                    return
                }
                bytes = bytes.dropFirst(written)
            }
        }
    }
}
