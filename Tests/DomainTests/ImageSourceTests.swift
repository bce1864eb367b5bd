import Domain
import Foundation
import Testing

/// Reading image files and streams: the size cap holds on what is actually read, and
/// nothing that is not a file or a pipe is read or waited on.
@Suite("Image sources: bounded reads of files, symlinks, pipes and devices")
struct ImageSourceTests {
    static func scratch() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sources-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    static func reason(_ source: ImageSource) -> String? {
        do {
            _ = try source.load()
            return nil
        } catch OCRError.unreadableFile(_, let reason) {
            return reason
        } catch {
            return "\(error)"
        }
    }

    @Test("A symlink to a file over the cap is refused by its target's size, without reading it")
    func symlinkToLargeFile() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let large = directory.appendingPathComponent("large.png")
        #expect(FileManager.default.createFile(atPath: large.path, contents: Data("x".utf8)))
        let handle = try FileHandle(forWritingTo: large)
        try handle.truncate(atOffset: 3 << 30)  // 3 GiB, sparse
        try handle.close()
        let link = directory.appendingPathComponent("link.png")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: large)
        #expect(Self.reason(.file(atPath: link.path))?.contains("more than 256 MiB") == true)
    }

    @Test("A FIFO without a writer reads as empty instead of hanging")
    func fifoWithoutWriter() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("image.png").path
        #expect(mkfifo(fifo, 0o644) == 0)
        #expect(try ImageSource.file(atPath: fifo).load().isEmpty)
    }

    @Test("A device is not read", arguments: ["/dev/zero", "/dev/null"])
    func device(path: String) {
        #expect(Self.reason(.file(atPath: path))?.contains("not a regular file or a pipe") == true)
    }

    @Test("A directory and a missing file say so")
    func directoryAndMissing() throws {
        #expect(Self.reason(.file(atPath: "/tmp")) == "it is a directory")
        #expect(Self.reason(.file(atPath: "/tmp/no-such-\(UUID()).png")) == "no such file")
    }

    @Test("A pipe is read up to the cap and no further")
    func endlessPipe() throws {
        // `yes` writes forever; the read stops at the cap (256 MiB) with an error.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/yes")
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        defer { process.terminate() }
        let path = "/proc/self/fd/\(pipe.fileHandleForReading.fileDescriptor)"
        #expect(Self.reason(.file(atPath: path))?.contains("more than 256 MiB") == true)
    }
}
