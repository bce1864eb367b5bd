import Domain
import Foundation

/// A fixture image in `TestImages/` with the text expected in it (`NAME.txt` beside `NAME.png`).
public struct Fixture: Sendable, CustomStringConvertible {
    /// The repository's `TestImages/` directory.
    public static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("TestImages")

    /// The file name inside `TestImages/`, e.g. `three-lines.png` or `formats/three-lines.jpg`.
    public let fileName: String
    /// How far the stored image must be turned clockwise to stand upright.
    public let rotation: RotationDegree

    public init(_ fileName: String, rotation: RotationDegree = .upright) {
        self.fileName = fileName
        self.rotation = rotation
    }

    public var url: URL { Self.directory.appendingPathComponent(fileName) }
    public var path: String { url.path }
    public var description: String { fileName }

    public func data() throws -> Data { try Data(contentsOf: url) }

    /// The expected lines, from the `.txt` beside the image.
    public func expectedLines() throws -> [String] {
        let base = (fileName as NSString).deletingPathExtension
        let text = try String(contentsOf: Self.directory.appendingPathComponent(base + ".txt"), encoding: .utf8)
        return text.split(separator: "\n").map(String.init)
    }

    /// The names (without the suffix, sorted) of the files in `directory` ending in `suffix`.
    public static func names(in directory: URL, endingWith suffix: String) -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(suffix) }.sorted().map { String($0.dropLast(suffix.count)) }
    }

    /// The expected text with every line joined.
    public func expectedText() throws -> String { try expectedLines().joined(separator: "\n") }
}
