/// What the user asked `ocr` to do, after parsing the arguments.
public enum Command: Sendable, Hashable {
    /// Print help for a subcommand (`nil` for the top level) on stdout.
    case help(Subcommand?)
    /// Print the version on stdout.
    case version
    /// `ocr scan`: recognise text in images.
    case scan(ScanOptions)
    /// `ocr langs`: list the installed languages.
    case langs(LangsOptions)
    /// `ocr extract`: read structured fields from text already recognised.
    case extract(ExtractOptions)
}

/// The subcommands `ocr` knows.
public enum Subcommand: String, Sendable, Hashable, CaseIterable {
    case scan
    case langs
    case extract
}
