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
        let directories = searchDirectories
        if let directory = directories.first(where: { dir in languages.allSatisfy { Self.hasData(for: $0, in: dir) } }) {
            return directory
        }
        let missing = languages.first { language in !directories.contains { Self.hasData(for: language, in: $0) } }
            ?? languages.first ?? ""
        if let unreadable = Self.unreadablePath(for: missing, in: directories) {
            throw .languageDataUnreadable(path: unreadable)
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

    static func hasData(for language: String, in directory: String) -> Bool {
        FileManager.default.isReadableFile(atPath: dataFile(for: language, in: directory))
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
