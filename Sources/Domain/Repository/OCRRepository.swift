import Foundation

/// Reads text in images. `Domain` declares it; `Data` implements it with Tesseract.
///
/// ```swift
/// let repository: any OCRRepository = try TesseractOCRRepository()
/// let result = try await repository.recognizeText(in: pngData, rotation: .upright)
/// print(result.text)
/// ```
public protocol OCRRepository: Sendable {
    /// Recognises the text in an encoded image with default options.
    /// - Parameters:
    ///   - imageData: An encoded image (PNG, JPEG, TIFF, BMP, GIF, WebP).
    ///   - rotation: How far the stored image must be turned clockwise to stand upright;
    ///     `nil` detects it (honouring a JPEG's EXIF orientation first).
    /// - Returns: The lines found, with boxes in the upright image's coordinates, and the
    ///   rotation that was used.
    /// - Throws: `OCRError` for bad input or missing language data; `CancellationError`
    ///   when the calling task is cancelled.
    func recognizeText(in imageData: Data, rotation: RotationDegree?) async throws -> OCRResult

    /// Recognises the text in an encoded image.
    /// - Parameters:
    ///   - imageData: An encoded image (PNG, JPEG, TIFF, BMP, GIF, WebP).
    ///   - rotation: How far the stored image must be turned clockwise to stand upright;
    ///     `nil` detects it (honouring a JPEG's EXIF orientation first).
    ///   - options: Languages, confidence threshold, page segmentation, level, limits.
    ///   - progress: Called with the fraction done (0...1) from the engine's thread while it works.
    /// - Returns: The lines found, with boxes in the upright image's coordinates.
    /// - Throws: `OCRError` for bad input or missing language data; `CancellationError`
    ///   when the calling task is cancelled.
    func recognizeText(
        in imageData: Data,
        rotation: RotationDegree?,
        options: RecognitionOptions,
        progress: (@Sendable (Double) -> Void)?
    ) async throws -> OCRResult
}

extension OCRRepository {
    /// Recognises with default options, detecting the orientation unless `rotation` is given.
    public func recognizeText(in imageData: Data, rotation: RotationDegree? = nil) async throws -> OCRResult {
        try await recognizeText(in: imageData, rotation: rotation, options: RecognitionOptions(), progress: nil)
    }

    /// Recognises with the given options and no progress reporting.
    public func recognizeText(
        in imageData: Data,
        rotation: RotationDegree? = nil,
        options: RecognitionOptions
    ) async throws -> OCRResult {
        try await recognizeText(in: imageData, rotation: rotation, options: options, progress: nil)
    }

    /// Recognises with progress reporting, the other arguments left to their defaults.
    ///
    /// ```swift
    /// let result = try await repository.recognizeText(in: image) { fraction in bar.set(fraction) }
    /// ```
    /// - Parameters:
    ///   - imageData: An encoded image (PNG, JPEG, TIFF, BMP, GIF, WebP).
    ///   - rotation: The clockwise turn that stands it upright; `nil` detects it.
    ///   - options: Languages, confidence threshold, page segmentation, level, limits.
    ///   - progress: Called with the fraction done (0...1) from the engine's thread.
    public func recognizeText(
        in imageData: Data,
        rotation: RotationDegree? = nil,
        options: RecognitionOptions = RecognitionOptions(),
        progress: @escaping @Sendable (Double) -> Void
    ) async throws -> OCRResult {
        // `Optional(progress)`: the requirement, not this overload again.
        try await recognizeText(in: imageData, rotation: rotation, options: options, progress: Optional(progress))
    }

    /// Recognises the image file at `url` (read with the size limit of
    /// `ImageSource.file(atPath:)`), with options and progress when given.
    ///
    /// ```swift
    /// let result = try await repository.recognizeText(at: URL(fileURLWithPath: "receipt.jpg"))
    /// ```
    /// - Throws: `OCRError.unreadableFile` when the file cannot be read, and as
    ///   `recognizeText(in:rotation:options:progress:)`.
    public func recognizeText(
        at url: URL,
        rotation: RotationDegree? = nil,
        options: RecognitionOptions = RecognitionOptions(),
        progress: (@Sendable (Double) -> Void)? = nil
    ) async throws -> OCRResult {
        let data = try ImageSource.file(atPath: url.path).load()
        return try await recognizeText(in: data, rotation: rotation, options: options, progress: progress)
    }
}

extension OCRRepository {
    /// Starts reading an image and hands back its progress as an `AsyncSequence` (fractions
    /// of the work done, 0...1, increasing; it ends when the reading does) and the task that
    /// gives the result (cancel it to stop the reading).
    ///
    /// ```swift
    /// let (progress, reading) = repository.recognizeTextReportingProgress(in: image)
    /// for await fraction in progress { bar.set(fraction) }
    /// let result = try await reading.value
    /// ```
    public func recognizeTextReportingProgress(
        in imageData: Data, rotation: RotationDegree? = nil, options: RecognitionOptions = RecognitionOptions()
    ) -> (progress: AsyncStream<Double>, result: Task<OCRResult, any Error>) {
        let (progress, continuation) = AsyncStream.makeStream(of: Double.self, bufferingPolicy: .bufferingNewest(64))
        let reading = Task {
            defer { continuation.finish() }
            return try await recognizeText(in: imageData, rotation: rotation, options: options) { continuation.yield($0) }
        }
        return (progress, reading)
    }
}
