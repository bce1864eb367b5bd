/// A language whose Tesseract data is installed.
public struct InstalledLanguage: Sendable, Hashable, Codable {
    /// The Tesseract language code, e.g. `kor` or `script/Hangul`.
    public var code: String
    /// The directory holding `<code>.traineddata`.
    public var directory: String

    /// Creates an entry.
    public init(code: String, directory: String) {
        self.code = code
        self.directory = directory
    }
}
