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
    /// The lines of standard input as they arrive, without their line ends (`--files-from -`).
    public var standardInputLines: @Sendable () -> AsyncStream<String>
    /// Whether standard error is a terminal (progress is drawn only then).
    public var standardErrorIsTerminal: Bool
    /// Why writing results failed and what to do, if it failed for a reason the user must
    /// hear about (a full disk, a closed stream); a reader that closed the pipe early is not
    /// such a reason.
    public var outputFailure: @Sendable () -> String?
    /// Whether standard output can take no more (its reader closed the pipe, or writing
    /// failed): a batch stops reading images then.
    public var outputIsClosed: @Sendable () -> Bool

    public init(
        standardOutput: @escaping @Sendable (String) -> Void,
        standardError: @escaping @Sendable (String) -> Void,
        readStandardInput: @escaping @Sendable () throws -> Data,
        standardInputLines: (@Sendable () -> AsyncStream<String>)? = nil,
        standardErrorIsTerminal: Bool = false,
        outputFailure: @escaping @Sendable () -> String? = { nil },
        outputIsClosed: @escaping @Sendable () -> Bool = { false }
    ) {
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.readStandardInput = readStandardInput
        // By default the lines of what `readStandardInput` gives, all at once.
        self.standardInputLines =
            standardInputLines ?? {
                AsyncStream { continuation in
                    let text = (try? readStandardInput()).map { String(decoding: $0, as: UTF8.self) } ?? ""
                    for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) { continuation.yield(String(line)) }
                    continuation.finish()
                }
            }
        self.standardErrorIsTerminal = standardErrorIsTerminal
        self.outputFailure = outputFailure
        self.outputIsClosed = outputIsClosed
    }

    /// Reports a failure on standard error: `Error: message`, the message on one line with
    /// its control characters escaped (it may hold file names).
    func error(_ message: String) {
        standardError("Error: \(message.escapedForDisplay)\n")
    }

    /// Tells something worth knowing that is not a failure, on standard error.
    func note(_ message: String) {
        standardError("Note: \(message.escapedForDisplay)\n")
    }

    /// The process's own streams. Writing stops at the first failure: a closed pipe
    /// (`ocr scan … | head -1`, with `SIGPIPE` ignored) ends quietly, other failures are
    /// reported by `outputFailure`.
    ///
    /// A standard stream the caller closed (`ocr scan x >&-`) is given `/dev/null` first, so
    /// no file opened later (language data, an output) takes its number and receives what
    /// was meant for it; results then count as not written (`outputFailure`).
    public static let live: Console = {
        let closed = [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO].filter { fcntl($0, F_GETFD) == -1 && errno == EBADF }
        for descriptor in closed {
            let null = open("/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY)
            if null >= 0, null != descriptor {
                dup2(null, descriptor)
                close(null)
            }
        }
        let output = FileDescriptorWriter(descriptor: STDOUT_FILENO, failure: closed.contains(STDOUT_FILENO) ? EBADF : nil)
        let error = FileDescriptorWriter(descriptor: STDERR_FILENO)
        Termination.shared.register(output)
        Termination.shared.register(error)
        return Console(
            standardOutput: { output.write($0) },
            standardError: { error.write($0) },
            readStandardInput: { try ImageSource.standardInput.load() },
            standardInputLines: { LineReader.lines(of: STDIN_FILENO) },
            standardErrorIsTerminal: isatty(STDERR_FILENO) == 1,
            outputFailure: {
                guard let code = output.failure, code != EPIPE else { return nil }
                switch code {
                case EBADF: return "standard output is closed; give the command somewhere to write (a file or a pipe)"
                case ENOSPC, EDQUOT: return "\(String(cString: strerror(code))); free some space or write them elsewhere"
                default: return "\(String(cString: strerror(code))); write them elsewhere"
                }
            },
            outputIsClosed: { output.failure != nil })
    }()
}

/// Writes text to a file descriptor with `write(2)`, remembering the first error (`errno`)
/// and writing nothing after it.
final class FileDescriptorWriter: Sendable {
    private let descriptor: Int32
    private let firstError = Mutex<Int32?>(nil)

    /// - Parameter failure: An error known before the first write (the descriptor was closed).
    init(descriptor: Int32, failure: Int32? = nil) {
        self.descriptor = descriptor
        firstError.withLock { $0 = failure }
    }

    var failure: Int32? { firstError.withLock { $0 } }

    /// Writes all of `text` in one call, so nothing (`close()` included) comes between its parts.
    func write(_ text: String) {
        firstError.withLock { error in
            guard error == nil else { return }
            error = DescriptorWriter.write(Data(text.utf8), to: descriptor)
        }
    }

    /// Waits for a write under way to finish, then writes nothing more (the process is ending).
    func close() {
        firstError.withLock { error in
            if error == nil { error = ECANCELED }
        }
    }
}
