import Foundation

/// A one-line progress bar on standard error: done/total, images per second, and the time
/// left. Only used when standard error is a terminal and `--quiet` was not given.
final class ProgressReporter {
    private let total: Int
    private let console: Console
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant
    private var done = 0

    init(total: Int, console: Console) {
        self.total = total
        self.console = console
        self.start = clock.now
        draw()
    }

    func advance() {
        done += 1
        draw()
    }

    /// Writes a message on its own line, then redraws the bar under it.
    func interrupt(with message: String) {
        console.standardError("\r\u{1B}[K" + message)
        draw()
    }

    func finish() {
        console.standardError("\r\u{1B}[K")
    }

    private func draw() {
        let elapsed = (clock.now - start).inSeconds
        let rate = elapsed > 0 ? Double(done) / elapsed : 0
        let width = 24
        let filled = total > 0 ? width * done / total : width
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
        var line = "[\(bar)] \(done)/\(total)"
        if rate > 0 {
            let remaining = Int((Double(total - done) / rate).rounded())
            line += String(format: "  %.1f images/s  ETA %d:%02d", rate, remaining / 60, remaining % 60)
        }
        console.standardError("\r\u{1B}[K" + line)
    }
}
