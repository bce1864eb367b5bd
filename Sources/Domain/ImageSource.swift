import Foundation

/// An image to read in a batch: a name for reports, and how to load its bytes (called
/// when its turn comes, so a batch of thousands of files does not hold them all in memory).
public struct ImageSource: Sendable {
    /// Files larger than this are refused before they are read (256 MiB).
    public static let maximumFileSize = 256 * 1024 * 1024

    /// How the image is named in results and errors (usually its path).
    public var name: String
    /// Loads the encoded image.
    public var load: @Sendable () throws -> Data

    /// Creates a source from a name and a loader.
    public init(name: String, load: @escaping @Sendable () throws -> Data) {
        self.name = name
        self.load = load
    }

    /// Bytes already in memory.
    public static func data(_ data: Data, name: String) -> ImageSource {
        ImageSource(name: name) { data }
    }

    /// A file, read when its turn comes (a symlink's target; a pipe up to the limit).
    /// - Throws (from `load`): `OCRError.unreadableFile` when it is missing, a directory, a
    ///   device, larger than `maximumFileSize`, or unreadable.
    public static func file(atPath path: String) -> ImageSource {
        ImageSource(name: path) { try BoundedReader.file(atPath: path, name: path, limit: maximumFileSize) }
    }

    /// Standard input, read to its end when its turn comes, at most `maximumFileSize` bytes.
    public static var standardInput: ImageSource {
        ImageSource(name: "<stdin>") { try BoundedReader.read(STDIN_FILENO, name: "<stdin>", limit: maximumFileSize) }
    }
}
