import Foundation
import OCRCommandLine
import Synchronization

/// A console that records what `ocr` writes, for in-process runs.
final class CapturedConsole: Sendable {
    private let output = Mutex("")
    private let error = Mutex("")
    private let input: Data

    init(input: Data = Data()) {
        self.input = input
    }

    var standardOutput: String { output.withLock { $0 } }
    var standardError: String { error.withLock { $0 } }

    var console: Console {
        Console(
            standardOutput: { text in self.output.withLock { $0 += text } },
            standardError: { text in self.error.withLock { $0 += text } },
            readStandardInput: { self.input })
    }
}
