import Foundation
import Synchronization

/// Ends `ocr` on `SIGINT`, `SIGTERM` and `SIGHUP` without leaving anything half done: the
/// record being written to standard output is finished (a consumer never gets half a JSON
/// line), nothing more is written, the temporary files of outputs not yet in place are
/// removed (the files they would replace stay as they were), and the process exits with
/// 128 + the signal's number, as a shell reports it.
///
/// The signals are taken on a dispatch queue (not in a signal handler), where waiting for a
/// write and removing files are allowed.
public final class Termination: Sendable {
    /// The process's one instance, which `main.swift` installs.
    public static let shared = Termination()

    private struct State {
        var writers: [FileDescriptorWriter] = []
        var temporaries: Set<String> = []
    }

    private let state = Mutex(State())
    /// The signal sources, kept alive; written once by `install()` on the entry point's
    /// thread, before any other, and never read.
    nonisolated(unsafe) private var sources: [any DispatchSourceSignal] = []

    /// Takes the signals from now on, but those the process was started ignoring (`nohup`
    /// ignores `SIGHUP`; a shell, `SIGINT` for a job in the background): they stay ignored.
    /// Call once, from the program's entry point only: a library or a test process keeps
    /// its own handling.
    public func install() {
        let queue = DispatchQueue(label: "ocr.termination")
        sources = [SIGINT, SIGTERM, SIGHUP].compactMap { number -> (any DispatchSourceSignal)? in
            // `signal` answers with the disposition it replaced (handlers are C function
            // pointers: compared by address).
            let previous = signal(number, SIG_IGN)
            guard unsafeBitCast(previous, to: Int.self) != unsafeBitCast(SIG_IGN, to: Int.self) else { return nil }
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { [self] in terminate(signal: number) }
            source.resume()
            return source
        }
    }

    /// A writer whose records are finished before the process ends.
    func register(_ writer: FileDescriptorWriter) {
        state.withLock { $0.writers.append(writer) }
    }

    /// A temporary file to remove if the process ends before it is renamed or removed.
    func register(temporary path: String) {
        _ = state.withLock { $0.temporaries.insert(path) }
    }

    /// The temporary file was renamed into place or removed.
    func unregister(temporary path: String) {
        _ = state.withLock { $0.temporaries.remove(path) }
    }

    private func terminate(signal number: Int32) -> Never {
        let (writers, temporaries) = state.withLock { ($0.writers, $0.temporaries) }
        for writer in writers { writer.close() }  // waits for a write under way
        for path in temporaries { unlink(path) }
        _exit(128 + number)
    }
}
