import Domain
import Foundation

/// Runs a helper program (poppler's PDF tools) to completion, bounded in time and in the
/// output it may give.
///
/// Standard output and standard error are read as they come (a full pipe would otherwise
/// stall the program); past `timeLimit` the program is killed, and past `outputLimit` bytes
/// it is killed too. Standard input is the null device.
struct Subprocess {
    /// What a finished program gave.
    struct Output {
        var status: Int32
        var standardOutput: Data
        var standardError: String
    }

    /// Why a program could not give its output.
    enum Failure: Error {
        /// The program is not installed (not on `PATH`).
        case notFound(String)
        case couldNotStart(String, reason: String)
        case timedOut(String, seconds: Double)
        case tooMuchOutput(String, limit: Int)
    }

    let executable: String
    let arguments: [String]
    var timeLimit: Duration = .seconds(60)
    var outputLimit = ImageSource.maximumFileSize

    /// The full path of `name` on `PATH` (or the standard directories), or `nil`.
    static func locate(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let directories = path.split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin", "/opt/homebrew/bin"]
        return directories.lazy.map { ($0 as NSString).appendingPathComponent(name) }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs the program and waits for it.
    func run() throws(Failure) -> Output {
        guard let path = Self.locate(executable) else { throw .notFound(executable) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        let collected = Collected(limit: outputLimit)
        let readers = DispatchGroup()
        for (pipe, isOutput) in [(output, true), (errors, false)] {
            readers.enter()
            DispatchQueue.global(qos: .userInitiated).async {
                let handle = pipe.fileHandleForReading
                while true {
                    let chunk = handle.availableData
                    if chunk.isEmpty { break }
                    if !collected.append(chunk, toOutput: isOutput) { process.terminate() }
                }
                readers.leave()
            }
        }
        do {
            try process.run()
        } catch {
            try? output.fileHandleForWriting.close()
            try? errors.fileHandleForWriting.close()
            throw .couldNotStart(executable, reason: error.localizedDescription)
        }
        // The parent's copies of the write ends are closed, so the readers see the end.
        try? output.fileHandleForWriting.close()
        try? errors.fileHandleForWriting.close()
        let seconds = max(0, min(timeLimit.inSeconds, 1e6))
        let finished = DispatchSemaphore(value: 0)
        DispatchQueue.global(qos: .userInitiated).async {
            process.waitUntilExit()
            finished.signal()
        }
        if finished.wait(timeout: .now() + seconds) == .timedOut {
            process.terminate()
            kill(process.processIdentifier, SIGKILL)
            finished.wait()
            readers.wait()
            throw .timedOut(executable, seconds: seconds)
        }
        readers.wait()
        if collected.overflowed { throw .tooMuchOutput(executable, limit: outputLimit) }
        return Output(
            status: process.terminationStatus, standardOutput: collected.output,
            standardError: String(decoding: collected.error.prefix(4096), as: UTF8.self))
    }
}

/// Standard output and error as they are read, up to a limit. `@unchecked Sendable`: its
/// state is touched only under `lock`.
private final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private let limit: Int
    private var outputData = Data()
    private var errorData = Data()
    private var tooMuch = false

    init(limit: Int) { self.limit = limit }

    /// Adds `chunk`; whether the program may go on (`false`: past the limit).
    func append(_ chunk: Data, toOutput: Bool) -> Bool {
        lock.withLock {
            if toOutput {
                guard outputData.count + chunk.count <= limit else {
                    tooMuch = true
                    return false
                }
                outputData.append(chunk)
            } else if errorData.count < 65_536 {
                errorData.append(chunk)
            }
            return true
        }
    }

    var output: Data { lock.withLock { outputData } }
    var error: Data { lock.withLock { errorData } }
    var overflowed: Bool { lock.withLock { tooMuch } }
}
