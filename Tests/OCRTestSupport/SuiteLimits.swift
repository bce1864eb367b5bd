import Domain

/// The limits the suite reads with, set here once: a test never depends on how fast the
/// machine is, so every reading whose subject is not a time limit gets a generous one (two
/// busy cores can make a page take many times its quiet time). Tests of a time limit set
/// their own, against work whose cost they control.
public enum SuiteLimits {
    /// The time limit of every reading in the suite whose subject is not a time limit.
    public static let timeLimit: Duration = .seconds(900)
    /// `SuiteLimits.timeLimit` as `ocr scan` takes it.
    public static let timeLimitArguments = ["--time-limit", "900"]

    /// `ocr` arguments with the suite's time limit added to a `scan` that sets none.
    public static func commandLine(_ arguments: [String]) -> [String] {
        guard arguments.first == "scan", !arguments.contains("--time-limit"), !arguments.contains("--help"), !arguments.contains("-h")
        else { return arguments }
        // Before a `--`, after which every argument is an input.
        let end = arguments.firstIndex(of: "--") ?? arguments.endIndex
        var with = arguments
        with.insert(contentsOf: timeLimitArguments, at: end)
        return with
    }
}

extension RecognitionOptions {
    /// The default options with the suite's time limit (`SuiteLimits.timeLimit`).
    public static var suite: RecognitionOptions { RecognitionOptions(timeLimit: SuiteLimits.timeLimit) }
}
