internal import CLeptonica
import Domain
import Foundation

/// The picture of a searchable PDF page (`SearchablePDF`): the image that was read, stood
/// upright as it was read, in colour when the file has colour, as JPEG.
public enum SearchablePDFPage {
    /// JPEG quality of the page pictures.
    public static let quality: Int32 = 85

    /// The upright picture of `imageData` (page `page` of a multi-page TIFF) for `result`.
    /// - Throws: `OCRError` when the image cannot be decoded (as recognition would) or encoded.
    public static func image(
        of imageData: Data, page: Int = 0, result: OCRResult, maximumPixelCount: Int = RecognitionOptions.defaultMaximumPixelCount
    ) throws(OCRError) -> SearchablePDF.PageImage {
        // The checked decode (limits from headers, 8-bit gray) first; colour from Leptonica
        // when the file is a single still image of the same size.
        let gray = try ImageDecoder.decode(imageData, page: page, maximumPixelCount: maximumPixelCount)
        var picture = gray
        if page == 0, ImageDecoder.pageCount(of: imageData) == 1, let colour = colourImage(imageData), colour.size == gray.size {
            let mirrored = imageData.withUnsafeBytes { JPEGOrientation.isMirrored($0.bindMemory(to: UInt8.self)) }
            picture = mirrored ? try colour.flippedLeftRight() : colour
        }
        let upright = try picture.rotated(by: result.rotation)
        let isColor = pixGetDepth(upright.pix) == 32
        var bytes: UnsafeMutablePointer<UInt8>?
        var count = 0
        guard pixWriteMemJpeg(&bytes, &count, upright.pix, quality, 0) == 0, let bytes else {
            throw .engineFailure("could not encode the page picture as JPEG")
        }
        defer { lept_free(bytes) }
        let size = upright.size
        return SearchablePDF.PageImage(
            jpeg: Data(bytes: bytes, count: count), width: size.width, height: size.height, isColor: isColor,
            resolution: PNGResolution.stated(in: imageData))
    }

    /// The image in colour (32-bit RGB, alpha onto white), or `nil` when it is gray or
    /// cannot be read that way (the gray decode is used then).
    private static func colourImage(_ data: Data) -> LeptonicaImage? {
        let read = data.withUnsafeBytes { buffer in
            buffer.baseAddress.flatMap { LeptonicaImage(taking: pixReadMem($0.assumingMemoryBound(to: UInt8.self), buffer.count)) }
        }
        guard let read else { return nil }
        let depth = pixGetDepth(read.pix)
        let hasColour = pixGetColormap(read.pix) != nil || depth == 32 || depth == 24
        guard hasColour, let flat = try? read.flattenedOntoWhite(), let rgb = LeptonicaImage(taking: pixConvertTo32(flat.pix)) else { return nil }
        return rgb
    }
}
