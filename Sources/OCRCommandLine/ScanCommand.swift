import Data
import Domain
import Foundation

/// `ocr scan`: reads each input, recognises it and prints the result; a failing input is
/// reported on stderr and the others still run.
struct ScanCommand {
    let options: ScanOptions
    let console: Console

    func run() async -> ExitCode {
        let repository: TesseractOCRRepository
        do {
            repository = try TesseractOCRRepository(languages: options.languages, dataDirectory: options.dataDirectory)
        } catch {
            console.standardError("Error: \(error)\n")
            return ExitCode(for: error)
        }
        let formatter = ResultFormatter(format: options.format, multipleInputs: options.inputs.count > 1)
        let reader = InputReader(console: console)
        var status = ExitCode.success
        var printed = 0
        console.standardOutput(formatter.preamble)
        for input in options.inputs {
            let name = input == "-" ? "<stdin>" : input
            do {
                let data = try reader.read(input)
                let result = try await repository.recognizeText(
                    in: data, rotation: options.rotation, options: options.recognitionOptions, progress: nil)
                console.standardOutput(formatter.format(result, file: name, index: printed))
                printed += 1
            } catch {
                console.standardError("Error: \(name): \(error)\n")
                status = max(status, ExitCode(for: error))
            }
        }
        console.standardOutput(formatter.epilogue)
        return status
    }
}
