import CFuzzer
// Fuzzes the decode-and-recognise path: any bytes must end in a result or an OCRError,
// never a crash, a hang or a sanitizer report.
import Data
import Domain
import Foundation

/// One repository for the whole run (engines start once), fast level to keep iterations quick.
nonisolated(unsafe) private let repository = try! TesseractOCRRepository(maximumEngines: 1)

/// SwiftPM links an executable through `<Module>_main`; hand control to libFuzzer.
@_cdecl("DecodeFuzzer_main")
public func fuzzerMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    swiftocr_run_fuzzer(argc, argv) { bytes, size in bytes.map { fuzz($0, size) } ?? 0 }
}

func fuzz(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    let data = Data(bytes: bytes, count: count)
    var options = RecognitionOptions(recognitionLevel: .fast)
    options.maximumPixelCount = 1_000_000  // keep each iteration small: larger headers take the refusal path
    options.timeLimit = .seconds(1)  // pathological pages stop (OCRError.timedOut) instead of timing out the fuzzer
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        do {
            _ = try await repository.recognizeText(in: data, rotation: nil, options: options, progress: nil)
        } catch is OCRError {
        } catch {
            fatalError("unexpected error \(error)")
        }
        done.signal()
    }
    done.wait()
    return 0
}
