import Foundation

/// Everything that can go wrong while reading text, each with a message that says what to do.
///
/// Cancellation is not an `OCRError`: a cancelled recognition throws `CancellationError`.
public enum OCRError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// The image data was empty (zero bytes).
    case emptyData
    /// The data is not in any image format the engine reads.
    case notAnImage
    /// The data looks like an image of `format` but could not be decoded (truncated or corrupt).
    case undecodableImage(format: String)
    /// The data is a valid image of `format` stored in a way the decoders do not support
    /// (`reason` says which, and what to do).
    case unsupportedImage(format: String, reason: String)
    /// The image has more pixels than allowed; nothing was decoded.
    case imageTooLarge(width: Int, height: Int, maximumPixelCount: Int)
    /// A file could not be read.
    case unreadableFile(path: String, reason: String)
    /// A language code is malformed (for example `kor+` or `../eng`).
    case invalidLanguage(String)
    /// A language code names data that cannot read text (`osd`, Tesseract's orientation
    /// and script model); `reason` says what to use instead.
    case unusableLanguage(code: String, reason: String)
    /// No `<language>.traineddata` was found in any of the searched directories.
    case languageDataMissing(language: String, searchedDirectories: [String], debianPackage: String)
    /// Language data (a `.traineddata` file or its directory) exists but cannot be read.
    case languageDataUnreadable(path: String)
    /// A `.traineddata` file is not usable language data (empty, truncated, implausibly
    /// large, not a regular file, or refused by the engine); `reason` says which.
    case languageDataInvalid(path: String, reason: String)
    /// The engine failed for a reason other than the input (initialisation, recognition).
    case engineFailure(String)
    /// Recognition took longer than `RecognitionOptions.timeLimit` and was stopped.
    case timedOut(seconds: Double)
    /// A PDF page already carries text (a text layer a program can copy), so it was not
    /// rasterised and read (`ImageSource.pages(ofFileAtPath:readingTextPages:)`).
    case pageHasText(page: Int)

    public var description: String {
        switch self {
        case .emptyData:
            return "The image data is empty (0 bytes). Pass a PNG, JPEG, TIFF, BMP, GIF or WebP image."
        case .notAnImage:
            return "The data is not an image in a supported format. Pass a PNG, JPEG, TIFF, BMP, GIF or WebP image."
        case .undecodableImage(let format):
            return "The \(format.uppercased()) image could not be decoded; the file is probably truncated or corrupt. Re-export or re-download it."
        case .unsupportedImage(let format, let reason):
            return "The \(format == "pdf" ? "PDF" : "\(format.uppercased()) image") cannot be read: \(reason)."
        case .imageTooLarge(let width, let height, let maximum):
            return
                "The image is \(width)×\(height) pixels, more than the limit of \(maximum) pixels. Downscale it, or raise the limit (RecognitionOptions.maximumPixelCount)."
        case .unreadableFile(let path, let reason):
            return "Cannot read '\(path)': \(reason)."
        case .invalidLanguage(let specifier):
            let parts = specifier.split(separator: "+", omittingEmptySubsequences: false)
            if parts.count > 1, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0 == "_" } }) {
                let elements = parts.map { "\"\($0)\"" }.joined(separator: ", ")
                return
                    "'\(specifier)' joins several languages in one code. Pass each as its own element ([\(elements)]), or split it with RecognitionOptions.languages(from:)."
            }
            return "'\(specifier)' is not a valid language list. Use Tesseract codes joined by '+', for example 'kor+eng'."
        case .unusableLanguage(let code, let reason):
            return "'\(code)' cannot be read with: \(reason)."
        case .languageDataMissing(let language, let directories, let package):
            let searched = directories.isEmpty ? "no directory" : directories.joined(separator: ", ")
            return
                "Language data for '\(language)' (\(language).traineddata) was not found in \(searched). Install it with 'apt-get install \(package)', or point TESSDATA_PREFIX (or --tessdata) at a directory that has it."
        case .languageDataUnreadable(let path):
            return
                "Language data at '\(path)' exists but cannot be read (permission denied). Make it readable for this user (chmod a+rX), or point TESSDATA_PREFIX (or --tessdata) at a readable copy."
        case .languageDataInvalid(let path, let reason):
            return
                "Language data at '\(path)' is not usable: \(reason). Reinstall it (for the Debian packages: apt-get install --reinstall tesseract-ocr-<lang>), or point TESSDATA_PREFIX (or --tessdata) at a good copy."
        case .engineFailure(let reason):
            return "The OCR engine failed: \(reason)."
        case .pageHasText(let page):
            return
                "Page \(page) already carries text (it was made searchable, or printed to PDF from a document), so it was not read again; its text is in the PDF (pdftotext), or read it as an image with --read-text-pages."
        case .timedOut(let seconds):
            return
                "Recognition took longer than the limit of \(seconds.formatted(.number.precision(.significantDigits(1...3)))) s and was stopped. Raise the limit (RecognitionOptions.timeLimit, ocr scan --time-limit), or crop or downscale the image."
        }
    }

    public var errorDescription: String? { description }
}
