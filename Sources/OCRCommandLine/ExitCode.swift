import Domain

/// How `ocr` ends, with sysexits-style codes.
public enum ExitCode: Int32, Sendable, Comparable {
    case success = 0
    /// Any failure not listed below.
    case failure = 1
    /// The command line was wrong (`EX_USAGE`).
    case usage = 64
    /// An input could not be read or is not an image (`EX_DATAERR`).
    case dataError = 65
    /// Language data is missing, unreadable or not usable (`EX_UNAVAILABLE`).
    case unavailable = 69

    /// The status for an error raised while running a command.
    init(for error: any Error) {
        switch error {
        case is UsageError:
            self = .usage
        case let error as OCRError:
            switch error {
            case .emptyData, .notAnImage, .undecodableImage, .unsupportedImage, .imageTooLarge, .unreadableFile: self = .dataError
            case .languageDataMissing, .languageDataUnreadable, .languageDataInvalid: self = .unavailable
            case .invalidLanguage, .unusableLanguage: self = .usage
            case .engineFailure, .timedOut: self = .failure
            case .pageHasText: self = .success  // reported, not a failure: the page has its text
            }
        default:
            self = .failure
        }
    }

    public static func < (lhs: ExitCode, rhs: ExitCode) -> Bool { lhs.rawValue < rhs.rawValue }
}
