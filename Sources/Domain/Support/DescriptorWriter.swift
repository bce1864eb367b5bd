import Foundation

/// Writes bytes to an open file descriptor whole, for what the package writes with `write(2)`
/// (the console's streams, output files, the custom words file).
package enum DescriptorWriter {
    /// Writes every byte of `data` to `descriptor`, again after an interruption; the error
    /// number (`errno`) of the first failure, or `nil` when all was written.
    package static func write(_ data: Data, to descriptor: Int32) -> Int32? {
        var remaining = data[...]
        while !remaining.isEmpty {
            let written = remaining.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            remaining = remaining.dropFirst(written)
        }
        return nil
    }
}
