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

    /// Standard input, read to its end when its turn comes, at most `maximumFileSize` bytes
    /// (once: a later load gets the same bytes, see `readOnce(name:load:)`).
    public static var standardInput: ImageSource {
        readOnce(name: "<stdin>") { try BoundedReader.read(STDIN_FILENO, name: "<stdin>", limit: maximumFileSize) }
    }

    /// A source whose bytes can be had only once (standard input, a pipe): `load` runs at
    /// the first load, and its bytes (or its error) answer every later one, so what needs the
    /// image again (a searchable PDF's page picture) gets the same image.
    public static func readOnce(name: String, load: @escaping @Sendable () throws -> Data) -> ImageSource {
        let once = LoadedOnce(load)
        return ImageSource(name: name) { try once.value() }
    }
}

/// The result of a load run once, kept for every later call.
///
/// `@unchecked Sendable`: `outcome` is only touched under `lock`.
private final class LoadedOnce: @unchecked Sendable {
    private let lock = NSLock()
    private let load: @Sendable () throws -> Data
    private var outcome: Result<Data, any Error>?

    init(_ load: @escaping @Sendable () throws -> Data) {
        self.load = load
    }

    func value() throws -> Data {
        try lock.withLock {
            if let outcome { return try outcome.get() }
            let loaded = Result { try load() }
            outcome = loaded
            return try loaded.get()
        }
    }
}
