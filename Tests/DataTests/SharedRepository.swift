import Data
import Domain

/// One `kor+eng` repository shared by the Data tests, so the engine starts once.
enum SharedRepository {
    private static let shared = Result { () throws(OCRError) in try TesseractOCRRepository() }

    static func get() throws -> TesseractOCRRepository { try shared.get() }
}
