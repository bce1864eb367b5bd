/// What the engine read in one image.
///
/// ```swift
/// let result = try await repository.recognizeText(in: imageData)
/// for line in result.filteredLines {
///     print(line.text, line.confidence, line.boundingBox)
/// }
/// ```
public struct OCRResult: Sendable, Hashable, Codable {
    /// The lines read, top to bottom, after the recognition rules (`RecognitionOptions.rules`;
    /// with `RecognitionPipeline.raw`, every line the engine found, whatever its confidence).
    public var lines: [RecognizedLine]
    /// The threshold `filteredLines` applies (0...1).
    public var minimumConfidence: Float
    /// The size in pixels of the upright image the boxes refer to.
    public var imageSize: ImageSize
    /// The rotation that was applied to stand the stored image upright: the caller's, or
    /// the detected one (EXIF orientation and page orientation combined).
    public var rotation: RotationDegree
    /// The Tesseract languages the page was read with (with
    /// `RecognitionOptions.automaticallyDetectsLanguage`, the ones detection chose); `nil`
    /// when not recorded (a result made by hand or decoded from an older report).
    public var languages: [String]?
    /// The rules drawn on the page — table borders, separators — in normalized upright-image
    /// coordinates: what `document` finds ruled tables by.
    public var rulingLines: [NormalizedRect] = []
    /// The barcodes and QR codes found on the page.
    public var barcodes: [DetectedBarcode] = []

    /// Creates a result.
    public init(
        lines: [RecognizedLine],
        minimumConfidence: Float = ConfidenceFilter.defaultMinimumConfidence,
        imageSize: ImageSize = ImageSize(width: 0, height: 0),
        rotation: RotationDegree = .upright
    ) {
        self.lines = lines
        self.minimumConfidence = minimumConfidence
        self.imageSize = imageSize
        self.rotation = rotation
    }

    /// The lines whose confidence is at least `minimumConfidence`.
    public var filteredLines: [RecognizedLine] {
        ConfidenceFilter(minimumConfidence: minimumConfidence).apply(to: lines)
    }

    /// The page as a document: `filteredLines` grouped into paragraphs, lists and tables,
    /// with the data their text holds and the page's barcodes (like Vision's
    /// `DocumentObservation`; see `DocumentAnalysis`).
    public var document: DocumentObservation {
        let kept = ConfidenceFilter(minimumConfidence: minimumConfidence).keptLines(of: lines)
        return DocumentAnalysis(imageSize: imageSize, rulingLines: rulingLines).document(of: kept, barcodes: barcodes)
    }

    /// The text of `filteredLines`, one line per line.
    public var text: String {
        filteredLines.map(\.text).joined(separator: "\n")
    }
}
