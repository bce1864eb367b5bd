import Domain
import Foundation

/// Finds Tesseract's language data (`<language>.traineddata` files).
///
/// Directories are searched in this order: the explicit directory when one is given
/// (and then only it); otherwise `TESSDATA_PREFIX` (the directory itself and its
/// `tessdata` subdirectory), then the standard Debian, `/usr/local` and Homebrew locations.
public struct LanguageDataLocator: Sendable, Hashable {
    /// The standard locations searched when no directory is given.
    public static let standardDirectories = [
        "/usr/share/tesseract-ocr/5/tessdata",
        "/usr/share/tesseract-ocr/4.00/tessdata",
        "/usr/share/tessdata",
        "/usr/local/share/tessdata",
        "/opt/homebrew/share/tessdata",
    ]

    /// The directory to use instead of the search, if any.
    public let explicitDirectory: String?
    /// The value of `TESSDATA_PREFIX` when the locator was made.
    public let environmentPrefix: String?

    /// Creates a locator.
    /// - Parameters:
    ///   - explicitDirectory: A directory holding `.traineddata` files; when set, only it is searched.
    ///   - environment: The environment to read `TESSDATA_PREFIX` from.
    public init(
        explicitDirectory: String? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        self.explicitDirectory = explicitDirectory
        self.environmentPrefix = environment["TESSDATA_PREFIX"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The directories searched, in order.
    public var searchDirectories: [String] {
        if let explicitDirectory { return [explicitDirectory] }
        var directories: [String] = []
        if let environmentPrefix {
            directories += [environmentPrefix, (environmentPrefix as NSString).appendingPathComponent("tessdata")]
        }
        directories += Self.standardDirectories
        var seen = Set<String>()
        return directories.filter { seen.insert(Self.normalized($0)).inserted }
    }

    /// The first directory that holds data for every language in `languages`.
    /// - Throws: `OCRError.languageDataMissing` naming the first language no single
    ///   directory provides together with the others.
    public func directory(for languages: [String]) throws(OCRError) -> String {
        try files(for: languages).directory
    }

    /// The directory that holds every language in `languages`, and the code Tesseract
    /// loads each by (`script/Hangul` is `Hangul` where Debian installs it, beside the others).
    func files(for languages: [String]) throws(OCRError) -> (directory: String, codes: [String]) {
        let directories = searchDirectories
        for directory in directories {
            let codes = languages.compactMap { Self.installedCode(for: $0, in: directory) }
            if codes.count == languages.count { return (directory, codes) }
        }
        let missing =
            languages.first { language in !directories.contains { Self.installedCode(for: language, in: $0) != nil } }
            ?? languages.first ?? ""
        if let unreadable = Self.unreadablePath(for: missing, in: directories) {
            throw .languageDataUnreadable(path: unreadable)
        }
        if let special = Self.nonRegularPath(for: missing, in: directories) {
            throw .languageDataInvalid(path: special, reason: "it is not a regular file (a directory, FIFO or device)")
        }
        throw .languageDataMissing(
            language: missing, searchedDirectories: directories, debianPackage: Self.debianPackage(for: missing))
    }

    /// A searched directory, or a `.traineddata` in one, that exists but this process may
    /// not read (so "missing" would mislead).
    private static func unreadablePath(for language: String, in directories: [String]) -> String? {
        let files = FileManager.default
        for directory in directories {
            var isDirectory: ObjCBool = false
            let exists = files.fileExists(atPath: directory, isDirectory: &isDirectory)
            if exists, isDirectory.boolValue, !files.isReadableFile(atPath: directory) || !files.isExecutableFile(atPath: directory) {
                return directory
            }
            let file = (directory as NSString).appendingPathComponent("\(language).traineddata")
            if files.fileExists(atPath: file), !files.isReadableFile(atPath: file) { return file }
        }
        return nil
    }

    /// A `.traineddata` path in a searched directory that exists but is not a regular file.
    private static func nonRegularPath(for language: String, in directories: [String]) -> String? {
        directories.lazy.map { dataFile(for: language, in: $0) }.first { path in
            var status = stat()
            return stat(path, &status) == 0 && status.st_mode & S_IFMT != S_IFREG
        }
    }

    /// Every installed language with the directory it was found in (first directory wins),
    /// sorted by language code. Script models appear as `script/Hangul`.
    public func installedLanguages() -> [InstalledLanguage] {
        var found: [String: String] = [:]
        for directory in searchDirectories {
            for language in Self.languages(in: directory) where found[language] == nil {
                found[language] = directory
            }
        }
        return found.map { InstalledLanguage(code: $0.key, directory: $0.value) }.sorted { $0.code < $1.code }
    }

    /// Tesseract's glyphless font (`pdf.ttf`, installed beside the language data by
    /// libtesseract), for the text layer of searchable PDFs; `nil` when not found.
    public func glyphlessFont() -> Data? {
        searchDirectories.lazy.compactMap { FileManager.default.contents(atPath: ($0 as NSString).appendingPathComponent("pdf.ttf")) }.first
    }

    /// The Debian package that installs `language`, e.g. `tesseract-ocr-kor` or
    /// `tesseract-ocr-script-hang`.
    public static func debianPackage(for language: String) -> String {
        let scriptPackages = [
            "hangul": "hang", "hangul_vert": "hang-vert", "latin": "latn", "hans": "hans",
            "hant": "hant", "japanese": "jpan", "japanese_vert": "jpan-vert", "cyrillic": "cyrl",
        ]
        let code = language.lowercased()
        if code.hasPrefix("script/") {
            let script = String(code.dropFirst("script/".count))
            return "tesseract-ocr-script-" + (scriptPackages[script] ?? script.replacingOccurrences(of: "_", with: "-"))
        }
        return "tesseract-ocr-" + code.replacingOccurrences(of: "_", with: "-")
    }

    /// The code under which `language` is installed in `directory`, if it is: the code
    /// itself, or for a script model (`script/Hangul`) its bare name where Debian's
    /// `tesseract-ocr-script-*` packages put it (`tessdata/Hangul.traineddata`).
    static func installedCode(for language: String, in directory: String) -> String? {
        if hasData(for: language, in: directory) { return language }
        if language.lowercased().hasPrefix("script/") {
            let bare = String(language.dropFirst("script/".count))
            if hasData(for: bare, in: directory) { return bare }
        }
        return nil
    }

    /// Whether `directory` has a readable regular file for `language` (a FIFO or device
    /// named like language data would block or never end when read).
    static func hasData(for language: String, in directory: String) -> Bool {
        let path = dataFile(for: language, in: directory)
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return false }
        return FileManager.default.isReadableFile(atPath: path)
    }

    static func dataFile(for language: String, in directory: String) -> String {
        (directory as NSString).appendingPathComponent(language + ".traineddata")
    }

    private static func languages(in directory: String) -> [String] {
        let suffix = ".traineddata"
        var languages: [String] = []
        for subdirectory in ["", "script"] {
            let path = subdirectory.isEmpty ? directory : (directory as NSString).appendingPathComponent(subdirectory)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            for name in names where name.hasSuffix(suffix) {
                let code = String(name.dropLast(suffix.count))
                languages.append(subdirectory.isEmpty ? code : subdirectory + "/" + code)
            }
        }
        return languages
    }

    private static func normalized(_ path: String) -> String {
        (path as NSString).standardizingPath
    }
}
