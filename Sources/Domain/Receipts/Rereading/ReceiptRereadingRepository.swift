import Foundation

/// A repository for receipts: it reads each image with `base`, and where the receipt's
/// amounts are missing or disagree (`ReceiptRereading.isDoubtful`), reads the rows of
/// its amount labels again as one block (`regionOfInterest`, `.singleBlock`), and the
/// numbers of items whose arithmetic fails alone, and keeps each reading when the
/// receipt's sums agree with it better. Other images cost nothing more.
///
/// ```swift
/// let repository = ReceiptRereadingRepository(try TesseractOCRRepository())
/// let result = try await repository.recognizeText(in: photo)
/// let receipt = ReceiptExtractor().extract(from: result)
/// ```
public struct ReceiptRereadingRepository<Base: OCRRepository>: OCRRepository {
    /// The repository that reads.
    public let base: Base

    /// Reads receipts with `base`.
    public init(_ base: Base) {
        self.base = base
    }

    public func recognizeText(in imageData: Data, rotation: RotationDegree?) async throws -> OCRResult {
        try await recognizeText(in: imageData, rotation: rotation, options: RecognitionOptions(), progress: nil)
    }

    public func recognizeText(
        in imageData: Data, rotation: RotationDegree?, options: RecognitionOptions, progress: (@Sendable (Double) -> Void)?
    ) async throws -> OCRResult {
        let first = try await base.recognizeText(in: imageData, rotation: rotation, options: options, progress: progress)
        let extractor = ReceiptExtractor()
        var best = first
        var receipt = extractor.extract(from: first)
        guard options.regionOfInterest == nil else { return first }
        func reread(_ region: NormalizedRect, as segmentation: PageSegmentation, languages: [String]? = nil) async throws -> OCRResult {
            var regionOptions = options
            regionOptions.regionOfInterest = region
            regionOptions.pageSegmentation = segmentation
            if let languages { regionOptions.languages = languages }
            // The page's rotation as found: the region is in the upright image.
            return try await base.recognizeText(in: imageData, rotation: first.rotation, options: regionOptions, progress: nil)
        }
        func keep(_ candidate: OCRResult) {
            let candidateReceipt = extractor.extract(from: candidate)
            if ReceiptRereading.isBetter(candidateReceipt, than: receipt) {
                best = candidate
                receipt = candidateReceipt
            }
        }
        // A field whose label was read but not its value: its row, alone.
        for (index, region) in ReceiptRereading.rows(of: first, missingIn: receipt).reversed() {
            keep(ReceiptRereading.result(best, rereadingLine: index, as: try await reread(region, as: .singleLine)))
        }
        guard ReceiptRereading.isDoubtful(receipt) else { return best }
        // Amount rows read apart: read as one block.
        for region in ReceiptRereading.bands(in: best) where ReceiptRereading.isDoubtful(receipt) {
            keep(ReceiptRereading.result(best, rereading: region, as: try await reread(region, as: .singleBlock)))
        }
        // Item numbers the arithmetic doubts: each run alone, by each of the page's models
        // alone (they misread a font's digits differently: `2,900` and `2,.000` for a dotted
        // `2,000`); the sums choose.
        let runs = ReceiptRereading.itemNumberRuns(of: best, in: receipt)
        let languages = options.recognitionLanguages
        for language in languages.count > 1 ? languages.map({ [$0] }) : [languages] where !runs.isEmpty {
            var candidate = best
            for run in runs {
                let numbers = try await reread(run.region, as: .singleLine, languages: language)
                candidate = ReceiptRereading.result(candidate, replacingWords: run.words, ofLine: run.line, with: numbers)
            }
            keep(candidate)
        }
        return best
    }
}
