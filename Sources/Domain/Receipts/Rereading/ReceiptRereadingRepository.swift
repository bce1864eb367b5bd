import Foundation

/// A repository for receipts: it reads each image with `base`, and where the receipt's
/// amounts are missing or disagree (`ReceiptRereading.isDoubtful`), reads the rows of
/// its amount labels again as one block (`regionOfInterest`, `.singleBlock`) and keeps
/// that reading when the receipt's sums agree with it better. Other images cost nothing
/// more.
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
        func reread(_ region: NormalizedRect, as segmentation: PageSegmentation) async throws -> OCRResult {
            var regionOptions = options
            regionOptions.regionOfInterest = region
            regionOptions.pageSegmentation = segmentation
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
        return best
    }
}
