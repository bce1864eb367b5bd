import Domain

extension PageSegmentation {
    /// The spelling of each mode on the command line.
    static let commandLineNames: [(name: String, mode: PageSegmentation)] = [
        ("auto", .automatic), ("layout", .layoutAnalysis), ("column", .singleColumn),
        ("block", .singleBlock), ("line", .singleLine), ("sparse", .sparseText),
    ]

    init?(commandLineName: String) {
        guard let match = Self.commandLineNames.first(where: { $0.name == commandLineName }) else { return nil }
        self = match.mode
    }
}
