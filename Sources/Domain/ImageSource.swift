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

    /// A file, read when its turn comes.
    /// - Throws (from `load`): `OCRError.unreadableFile` when it is missing, a directory,
    ///   larger than `maximumFileSize`, or unreadable.
    public static func file(atPath path: String) -> ImageSource {
        ImageSource(name: path) {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw OCRError.unreadableFile(path: path, reason: "no such file")
            }
            guard !isDirectory.boolValue else { throw OCRError.unreadableFile(path: path, reason: "it is a directory") }
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            guard size <= maximumFileSize else {
                throw OCRError.unreadableFile(path: path, reason: "the file is larger than 256 MiB")
            }
            do {
                return try Data(contentsOf: URL(fileURLWithPath: path))
            } catch {
                throw OCRError.unreadableFile(path: path, reason: "permission denied or read error")
            }
        }
    }
}
