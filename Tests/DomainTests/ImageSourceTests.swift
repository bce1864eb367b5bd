import Domain
import Foundation
import Testing

@Suite("Image sources for batches")
struct ImageSourceTests {
    @Test("Files are read when loaded; missing files and directories are clear errors")
    func files() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("source-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("a.png")
        try Data([1, 2, 3]).write(to: file)
        #expect(try ImageSource.file(atPath: file.path).load() == Data([1, 2, 3]))
        #expect(ImageSource.file(atPath: file.path).name == file.path)
        #expect(throws: OCRError.unreadableFile(path: directory.path, reason: "it is a directory")) {
            try ImageSource.file(atPath: directory.path).load()
        }
        #expect(throws: OCRError.unreadableFile(path: "/nonexistent", reason: "no such file")) {
            try ImageSource.file(atPath: "/nonexistent").load()
        }
        #expect(try ImageSource.data(Data([9]), name: "x").load() == Data([9]))
    }
}
