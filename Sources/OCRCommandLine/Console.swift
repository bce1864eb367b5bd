import Foundation

/// Where `ocr` writes: results to standard output, diagnostics to standard error.
///
/// Tests pass closures that capture the text instead.
public struct Console: Sendable {
    public var standardOutput: @Sendable (String) -> Void
    public var standardError: @Sendable (String) -> Void
    public var readStandardInput: @Sendable () -> Data
    /// Whether standard error is a terminal (progress is drawn only then).
    public var standardErrorIsTerminal: Bool

    public init(
        standardOutput: @escaping @Sendable (String) -> Void,
        standardError: @escaping @Sendable (String) -> Void,
        readStandardInput: @escaping @Sendable () -> Data,
        standardErrorIsTerminal: Bool = false
    ) {
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.readStandardInput = readStandardInput
        self.standardErrorIsTerminal = standardErrorIsTerminal
    }

    /// The process's own streams. A closed output pipe (`ocr scan … | head -1`) makes
    /// writes fail quietly instead of killing the process.
    public static let live = Console(
        standardOutput: { text in try? FileHandle.standardOutput.write(contentsOf: Data(text.utf8)) },
        standardError: { text in try? FileHandle.standardError.write(contentsOf: Data(text.utf8)) },
        readStandardInput: { (try? FileHandle.standardInput.readToEnd()) ?? Data() },
        standardErrorIsTerminal: isatty(STDERR_FILENO) == 1
    )
}
