import Foundation

/// The lines of a file or of standard input, as they arrive, read on a thread of their
/// own (a pipe that stays open a long time, `--files-from -` under Spark or GNU Parallel,
/// never blocks a task). Line ends (`\n`, `\r\n`) are taken off; a line longer than
/// `longestLine` bytes is cut there (no path is that long; it is then reported as missing).
enum LineReader {
    /// The longest line kept whole, in bytes: a path the system opens is shorter.
    static let longestLine = Int(PATH_MAX)

    /// The lines of the open file `descriptor`, read to its end (and closed, with `closing`).
    static func lines(of descriptor: Int32, closing: Bool = false) -> AsyncStream<String> {
        AsyncStream { continuation in
            let thread = Thread {
                defer {
                    if closing { close(descriptor) }
                    continuation.finish()
                }
                var pending: [UInt8] = []
                var buffer = [UInt8](repeating: 0, count: 65_536)
                func emit(_ bytes: ArraySlice<UInt8>) {
                    var line = bytes
                    if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
                    continuation.yield(String(decoding: line.prefix(longestLine), as: UTF8.self))
                }
                while true {
                    let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                    if count < 0, errno == EINTR { continue }
                    guard count > 0 else { break }
                    pending += buffer[0..<count]
                    while let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
                        emit(pending[..<end])
                        pending.removeSubrange(...end)
                    }
                    // A line past the limit is cut; the rest of it, up to its end, is dropped.
                    if pending.count > longestLine * 2 { pending.removeSubrange(longestLine..<pending.count) }
                }
                if !pending.isEmpty { emit(pending[...]) }
            }
            thread.start()
        }
    }
}
