internal import CLeptonica
import Domain
import Foundation

/// A picture of what was read: the image stood upright as it was read, with each line's box
/// drawn over it, coloured by confidence — because people check OCR by looking.
///
/// ```swift
/// let result = try await repository.recognizeText(in: photo)
/// try ResultAnnotation.png(of: photo, result: result).write(to: URL(fileURLWithPath: "read.png"))
/// ```
///
/// Green boxes were read with at least `confident` confidence, orange with at least
/// `doubtful`, red below; boxes to highlight (a receipt's fields) are blue, drawn thicker;
/// barcodes and QR codes are purple.
/// The PNG's comment names the rotation that was applied (`rotation: 90`).
public enum ResultAnnotation {
    /// Lines at or above this confidence are boxed in green.
    public static let confident: Float = 0.9
    /// Lines at or above this confidence (and below `confident`) are boxed in orange; below, red.
    public static let doubtful: Float = 0.5

    /// The PNG of `imageData` turned by `result.rotation`, with `result`'s line boxes drawn
    /// and `highlighted` boxes (normalized, like the lines') over them.
    /// - Throws: `OCRError` when the image cannot be decoded (as recognition would) or drawn.
    public static func png(
        of imageData: Data, result: OCRResult, highlighting highlighted: [NormalizedRect] = [],
        maximumPixelCount: Int = RecognitionOptions.defaultMaximumPixelCount
    ) throws(OCRError) -> Data {
        let upright = try ImageDecoder.decode(imageData, maximumPixelCount: maximumPixelCount).rotated(by: result.rotation)
        guard let canvas = LeptonicaImage(taking: pixConvertTo32(upright.pix)) else {
            throw .engineFailure("could not convert the image to colour for drawing")
        }
        let size = canvas.size
        let width = Int32(max(2, min(size.width, size.height) / 300))
        func draw(_ rectangle: NormalizedRect, width: Int32, colour: (UInt8, UInt8, UInt8)) {
            let rect = rectangle.topLeftPixelRect(in: size)
            guard let box = boxCreate(Int32(rect.x), Int32(rect.y), Int32(max(rect.width, 1)), Int32(max(rect.height, 1))) else { return }
            var pointer: UnsafeMutablePointer<BOX>? = box
            pixRenderBoxArb(canvas.pix, box, width, colour.0, colour.1, colour.2)
            boxDestroy(&pointer)
        }
        for line in result.lines { draw(line.boundingBox, width: width, colour: colour(for: line.confidence)) }
        for barcode in result.barcodes { draw(barcode.boundingBox, width: 2 * width, colour: (150, 0, 200)) }
        for rectangle in highlighted { draw(rectangle, width: 2 * width, colour: (0, 90, 255)) }
        pixSetText(canvas.pix, "rotation: \(result.rotation.degrees)")
        return try canvas.pngData()
    }

    /// The box colour for a line read with `confidence`.
    static func colour(for confidence: Float) -> (UInt8, UInt8, UInt8) {
        if confidence >= confident { return (0, 170, 0) }
        if confidence >= doubtful { return (255, 140, 0) }
        return (220, 0, 0)
    }
}
