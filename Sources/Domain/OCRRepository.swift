import Foundation

/// Reads text in images. `Domain` declares it; `Data` implements it with Tesseract.
///
/// ```swift
/// let repository: any OCRRepository = try TesseractOCRRepository()
/// let result = try await repository.recognizeText(in: pngData, rotation: .none)
/// print(result.text)
/// ```
public protocol OCRRepository: Sendable {
    /// Recognises the text in an encoded image with default options.
    /// - Parameters:
    ///   - imageData: An encoded image (PNG, JPEG, TIFF, BMP, GIF, WebP).
    ///   - rotation: How far the stored image must be turned clockwise to stand upright.
    /// - Returns: The lines found, with boxes in the upright image's coordinates.
    /// - Throws: `OCRError` for bad input or missing language data; `CancellationError`
    ///   when the calling task is cancelled.
    func recognizeText(in imageData: Data, rotation: RotationDegree) async throws -> OCRResult

    /// Recognises the text in an encoded image.
    /// - Parameters:
    ///   - imageData: An encoded image (PNG, JPEG, TIFF, BMP, GIF, WebP).
    ///   - rotation: How far the stored image must be turned clockwise to stand upright.
    ///   - options: Languages, confidence threshold, page segmentation, limits.
    ///   - progress: Called with the fraction done (0...1) from the engine's thread while it works.
    /// - Returns: The lines found, with boxes in the upright image's coordinates.
    /// - Throws: `OCRError` for bad input or missing language data; `CancellationError`
    ///   when the calling task is cancelled.
    func recognizeText(
        in imageData: Data,
        rotation: RotationDegree,
        options: RecognitionOptions,
        progress: (@Sendable (Double) -> Void)?
    ) async throws -> OCRResult
}

extension OCRRepository {
    /// Recognises with default options.
    public func recognizeText(in imageData: Data, rotation: RotationDegree = .none) async throws -> OCRResult {
        try await recognizeText(in: imageData, rotation: rotation, options: RecognitionOptions(), progress: nil)
    }

    /// Recognises with the given options and no progress reporting.
    public func recognizeText(
        in imageData: Data,
        rotation: RotationDegree = .none,
        options: RecognitionOptions
    ) async throws -> OCRResult {
        try await recognizeText(in: imageData, rotation: rotation, options: options, progress: nil)
    }
}
