import Data
import Domain
import Foundation

/// One `kor+eng` repository shared by the Data tests, so the engine starts once.
enum SharedRepository {
    private static let shared = Result { () throws(OCRError) in try TesseractOCRRepository() }

    static func get() throws -> TesseractOCRRepository { try shared.get() }

    /// The lines read from the image file at `url` with default options and no time limit
    /// (a large real image on busy cores may take longer than the default's).
    static func lines(of url: URL) async throws -> [String] {
        try await get().recognizeText(in: try Data(contentsOf: url), rotation: nil, options: RecognitionOptions(timeLimit: nil)).lines.map(\.text)
    }
}
