import Foundation
import OCRTestSupport
import Testing

/// `ocr` ended by a signal: what it was writing is finished or never started, and what it
/// had not finished is not left behind (Docs/Reliability.md).
@Suite("The ocr binary ended by SIGTERM or SIGINT")
struct TerminationTests {
    @Test("SIGTERM while a JSON line is half through a slow pipe: the line is finished, then exit 143")
    func recordFinished() throws {
        let process = Process()
        process.executableURL = try ExecutableTests.binary
        process.arguments = ["scan", "--files-from", "-", "--format", "jsonl", "--jobs", "1"]
        let output = Pipe()
        let input = Pipe()
        // A one-page pipe (F_SETPIPE_SZ, Linux): page.png's record (about 13 KB) cannot pass
        // it until it is read.
        _ = fcntl(output.fileHandleForWriting.fileDescriptor, 1031, 4096)
        process.standardOutput = output
        process.standardInput = input
        process.standardError = FileHandle.nullDevice
        try process.run()
        try input.fileHandleForWriting.write(contentsOf: Data((Fixture("page.png").path + "\n").utf8))
        // The handshake: the record's first bytes have arrived, so its write is under way
        // and blocked on the full pipe.
        var received = Data()
        while received.count < 100, let chunk = try output.fileHandleForReading.read(upToCount: 100 - received.count), !chunk.isEmpty {
            received += chunk
        }
        try #require(received.count == 100)
        process.terminate()
        received += output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try? input.fileHandleForWriting.close()
        #expect(process.terminationStatus == 143)
        let text = String(decoding: received, as: UTF8.self)
        #expect(text.hasSuffix("\n"), "a partial line was left: …\(text.suffix(80))")
        let lines = text.split(separator: "\n")
        #expect(lines.count == 1)
        for line in lines {
            #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "\(line.prefix(80))…")
        }
    }

    // A job in the background of a script is started with SIGINT ignored, and keeps ignoring it.
    @Test("SIGTERM or SIGHUP while a searchable PDF is being made: its temporary file is removed, the old file kept", arguments: ["TERM", "HUP"])
    func temporaryRemoved(signal: String) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ocr-signal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // The image is a named pipe whose writer never writes: reading it blocks, after the
        // PDF's temporary file was made beside its target (the handshake).
        let run = try ExecutableTests.shell(
            """
            cd '\(directory.path)' && mkfifo in.png && cp '\(Fixture("pdf/text-page.pdf").path)' out.pdf && exec 3<>in.png
            "$OCR" scan in.png --format pdf -o out.pdf -q & pid=$!
            for attempt in $(seq 6000); do ls -A | grep -q '^\\.out\\.pdf\\.ocr-' && break; kill -0 $pid || break; sleep 0.05; done
            echo "before: $(ls -A | grep -c 'ocr-')"
            kill -\(signal) $pid; wait $pid; echo "status: $?"
            echo "after: $(ls -A | grep -c 'ocr-')"; cmp -s out.pdf '\(Fixture("pdf/text-page.pdf").path)' && echo kept
            """)
        #expect(run.standardOutput.contains("before: 1"), "\(run.standardOutput)")
        #expect(run.standardOutput.contains("status: \(signal == "TERM" ? 143 : 129)"), "\(run.standardOutput)")
        #expect(run.standardOutput.contains("after: 0"), "\(run.standardOutput)")
        #expect(run.standardOutput.hasSuffix("kept\n"), "\(run.standardOutput)")
    }

    @Test("A signal the process was started ignoring (nohup's SIGHUP) stays ignored")
    func ignoredStaysIgnored() throws {
        // Started under nohup, SIGHUP does nothing; the SIGTERM after it ends it as usual.
        let run = try ExecutableTests.shell(
            """
            d=$(mktemp -d) && mkfifo "$d/in.png" && exec 4<>"$d/in.png"
            nohup "$OCR" scan "$d/in.png" -q > /dev/null 2>&1 4>&- & pid=$!
            for attempt in $(seq 6000); do [ -e /proc/$pid/fd ] && ls -l /proc/$pid/fd 2>/dev/null | grep -q in.png && break; kill -0 $pid || break; sleep 0.05; done
            kill -HUP $pid; kill -TERM $pid; wait $pid; echo "status: $?"; rm -rf "$d"
            """)
        #expect(run.standardOutput.contains("status: 143"), "SIGHUP would have ended it with 129: \(run.standardOutput)")
    }
}
