import Foundation

/// Reads what the user names (images, word lists, texts) from files and streams, never
/// more than a limit and never blocking on something that is not a file or a pipe.
///
/// The size is checked on what is actually read: a symlink's target (`open` follows it),
/// and for pipes and standard input the bytes as they arrive (a stream of zeros stops at
/// the limit instead of filling memory).
package enum BoundedReader {
    /// Reads the file at `path`: a regular file (its size checked before reading) or a
    /// pipe (read up to `limit`).
    /// - Throws: `OCRError.unreadableFile` saying why: missing, a directory, a device or
    ///   socket, larger than `limit`, permission denied.
    package static func file(atPath path: String, name: String, limit: Int, holding content: String = "image") throws(OCRError) -> Data {
        // Non-blocking open: a FIFO with no writer must not hang the open.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR {
                let hint = path.contains("\u{FFFD}") ? " (its name is not valid UTF-8, so it could not be passed on; rename it)" : ""
                throw .unreadableFile(path: name, reason: "no such file\(hint)")
            }
            throw .unreadableFile(path: name, reason: code == EACCES ? "permission denied" : String(cString: strerror(code)))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .unreadableFile(path: name, reason: String(cString: strerror(errno))) }
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            guard Int(status.st_size) <= limit else { throw tooLarge(name, limit: limit, content: content) }
        case S_IFIFO:
            break
        case S_IFDIR:
            throw .unreadableFile(path: name, reason: "it is a directory")
        default:
            throw .unreadableFile(path: name, reason: "it is not a regular file or a pipe (a device or socket)")
        }
        // Pipes are read blocking from here; a pipe without a writer reads as empty.
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return try read(descriptor, name: name, limit: limit, holding: content)
    }

    /// Reads `descriptor` to its end, refusing more than `limit` bytes.
    package static func read(_ descriptor: Int32, name: String, limit: Int, holding content: String = "image") throws(OCRError) -> Data {
        var data = Data()
        let chunk = 1 << 20
        var buffer = [UInt8](repeating: 0, count: chunk)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, chunk) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadableFile(path: name, reason: "read error (\(String(cString: strerror(errno))))")
            }
            if count == 0 { return data }
            guard data.count + count <= limit else { throw tooLarge(name, limit: limit, content: content) }
            data.append(contentsOf: buffer[0..<count])
        }
    }

    private static func tooLarge(_ name: String, limit: Int, content: String) -> OCRError {
        let size = limit >= 1 << 20 ? "\(limit >> 20) MiB" : "\(limit >> 10) KiB"
        return .unreadableFile(path: name, reason: "it holds more than \(size), more than any \(content) this reads")
    }
}
