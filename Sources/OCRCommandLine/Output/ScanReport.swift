import Domain

/// What `ocr scan --format json` prints for one image (schema in Docs/CLI.md).
struct ScanReport: Encodable {
    struct Box: Encodable {
        var x, y, width, height: Double

        init(_ rect: NormalizedRect) {
            x = Self.rounded(rect.x)
            y = Self.rounded(rect.y)
            width = Self.rounded(rect.width)
            height = Self.rounded(rect.height)
        }

        private static func rounded(_ value: Double) -> Double { (value * 10_000).rounded() / 10_000 }
    }

    struct Word: Encodable {
        var text: String
        var confidence: Double
        var boundingBox: Box
    }

    struct Candidate: Encodable {
        var text: String
        var confidence: Double
    }

    struct Line: Encodable {
        var text: String
        var confidence: Double
        var boundingBox: Box
        var words: [Word]
        /// The line's readings best first, its own text included (with `--candidates N`).
        var candidates: [Candidate]?
    }

    var file: String
    var width: Int
    var height: Int
    var rotation: Int
    /// The languages the image was read with (chosen per image with `--lang auto`).
    var languages: [String]?
    var minimumConfidence: Double
    var text: String
    var lines: [Line]
    /// The receipt fields, with `--extract receipt`.
    var receipt: ReceiptReport?

    /// The report of `result`'s lines (already through the recognition rules).
    init(file: String, result: OCRResult, extraction: Extraction? = nil) {
        self.file = file
        width = result.imageSize.width
        height = result.imageSize.height
        rotation = result.rotation.degrees
        languages = result.languages
        minimumConfidence = Self.rounded(result.minimumConfidence)
        text = result.lines.map(\.text).joined(separator: "\n")
        if extraction == .receipt { receipt = ReceiptReport(ReceiptExtractor().extract(from: result)) }
        lines = result.lines.map { line in
            Line(
                text: line.text, confidence: Self.rounded(line.confidence), boundingBox: Box(line.boundingBox),
                words: line.words.map {
                    Word(text: $0.text, confidence: Self.rounded($0.confidence), boundingBox: Box($0.boundingBox))
                },
                candidates: line.alternatives.map { _ in
                    line.topCandidates(RecognitionOptions.maximumCandidateCount).map {
                        Candidate(text: $0.string, confidence: Self.rounded($0.confidence))
                    }
                })
        }
    }

    /// Confidences with three decimals (`0.93`, not `0.9300000071525574`).
    static func rounded(_ value: Float) -> Double { (Double(value) * 1000).rounded() / 1000 }
}
