import Data

/// `ocr langs`: prints each installed language and the directory it was found in.
struct LangsCommand {
    let options: LangsOptions
    let console: Console

    func run() -> ExitCode {
        let locator = LanguageDataLocator(explicitDirectory: options.dataDirectory)
        let languages = locator.installedLanguages()
        guard !languages.isEmpty else {
            console.standardError(
                "Error: No Tesseract language data found in \(locator.searchDirectories.joined(separator: ", ")). Install it with 'apt-get install tesseract-ocr-kor tesseract-ocr-eng', or point TESSDATA_PREFIX (or --tessdata) at a directory of .traineddata files.\n"
            )
            return .unavailable
        }
        let width = max(8, (languages.map(\.code.count).max() ?? 0) + 2)
        for language in languages {
            let padding = String(repeating: " ", count: width - language.code.count)
            console.standardOutput(language.code + padding + language.directory + "\n")
        }
        return .success
    }
}
