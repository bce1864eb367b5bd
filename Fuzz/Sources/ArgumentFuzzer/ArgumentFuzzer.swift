// Fuzzes the command-line parser: any argument list must parse or throw a UsageError.
import CFuzzer
import OCRCommandLine

/// SwiftPM links an executable through `<Module>_main`; hand control to libFuzzer.
@_cdecl("ArgumentFuzzer_main")
public func fuzzerMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    swiftocr_run_fuzzer(argc, argv) { bytes, size in bytes.map { fuzz($0, size) } ?? 0 }
}

func fuzz(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    // NUL bytes separate arguments, as in /proc/PID/cmdline.
    let arguments = UnsafeBufferPointer(start: bytes, count: count)
        .split(separator: 0, omittingEmptySubsequences: false)
        .map { String(decoding: $0, as: UTF8.self) }
    _ = try? CommandParser.parse(arguments)
    return 0
}
