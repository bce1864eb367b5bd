import Data

/// The `ocr` command: parses the arguments, runs the command, and returns the exit status.
/// This is the single exit point; `main.swift` only hands it the process's arguments.
public enum OCRCommandLine {
    /// Runs `ocr` with `arguments` (without the program name).
    public static func run(_ arguments: [String], console: Console = .live) async -> ExitCode {
        let command: Command
        do {
            command = try CommandParser.parse(arguments)
        } catch {
            console.standardError(
                "Error: \(error.message)\nUsage: \(HelpText.usage(for: error.subcommand))\n  See '\(helpCommand(for: error.subcommand))' for more information.\n"
            )
            return .usage
        }
        let status = await run(command, console: console)
        if let failure = console.outputFailure() {
            console.error("Cannot write the results: \(failure).")
            return max(status, .failure)
        }
        return status
    }

    private static func run(_ command: Command, console: Console) async -> ExitCode {
        switch command {
        case .help(let subcommand):
            console.standardOutput(HelpText.help(for: subcommand))
            return .success
        case .version:
            console.standardOutput("ocr \(HelpText.version) (\(TesseractOCRRepository.engineVersion))\n")
            return .success
        case .scan(let options):
            return await ScanCommand(options: options, console: console).run()
        case .langs(let options):
            return LangsCommand(options: options, console: console).run()
        case .extract(let options):
            return ExtractCommand(options: options, console: console).run()
        }
    }

    private static func helpCommand(for subcommand: Subcommand?) -> String {
        subcommand.map { "ocr \($0.rawValue) --help" } ?? "ocr --help"
    }
}
