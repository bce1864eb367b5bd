/// A mistake in the command line: printed on stderr with the usage line, exit status 64.
public struct UsageError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong, e.g. `Unknown option '--foo'`.
    public var message: String
    /// The subcommand whose usage to show, `nil` for the top level.
    public var subcommand: Subcommand?

    public init(_ message: String, subcommand: Subcommand? = nil) {
        self.message = message
        self.subcommand = subcommand
    }

    public var description: String { message }
}
