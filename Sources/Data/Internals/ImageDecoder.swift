internal import CLeptonica
import Domain
import Foundation

/// Decodes encoded image bytes into a Leptonica image, checking size limits first.
enum ImageDecoder {
    /// Decodes PNG, JPEG, TIFF (first page), BMP, GIF, WebP, PNM or JPEG 2000 data.
    ///
    /// The header is read first (`pixReadHeaderMem`), so an image over the pixel limit is
    /// refused before any pixel memory is allocated.
    /// - Throws: `OCRError.emptyData`, `.notAnImage`, `.undecodableImage` or `.imageTooLarge`.
    static func decode(_ data: Data, maximumPixelCount: Int) throws(OCRError) -> LeptonicaImage {
        guard !data.isEmpty else { throw .emptyData }
        silenceLeptonicaOnce
        let decoded = data.withUnsafeBytes { buffer in
            decode(buffer.bindMemory(to: UInt8.self), maximumPixelCount: maximumPixelCount)
        }
        return try decoded.get()
    }

    private static func decode(
        _ bytes: UnsafeBufferPointer<UInt8>,
        maximumPixelCount: Int
    ) -> Result<LeptonicaImage, OCRError> {
        guard let base = bytes.baseAddress else { return .failure(.emptyData) }
        let format = detectedFormat(base, count: bytes.count)
        guard format != Int32(IFF_UNKNOWN) else { return .failure(.notAnImage) }
        guard isStructurallyComplete(bytes, format: format) else {
            return .failure(.undecodableImage(format: formatName(format)))
        }
        var width: Int32 = 0
        var height: Int32 = 0
        var headerFormat: Int32 = 0
        guard pixReadHeaderMem(base, bytes.count, &headerFormat, &width, &height, nil, nil, nil) == 0
        else { return .failure(.undecodableImage(format: formatName(format))) }
        guard Int(width) * Int(height) <= maximumPixelCount else {
            return .failure(
                .imageTooLarge(width: Int(width), height: Int(height), maximumPixelCount: maximumPixelCount))
        }
        guard let image = LeptonicaImage(taking: pixReadMem(base, bytes.count)) else {
            return .failure(.undecodableImage(format: formatName(format)))
        }
        return .success(image)
    }

    private static func isStructurallyComplete(_ bytes: UnsafeBufferPointer<UInt8>, format: Int32) -> Bool {
        switch Int(format) {
        case IFF_PNG: EncodedImageCheck.isCompletePNG(bytes)
        case IFF_JFIF_JPEG: EncodedImageCheck.hasJPEGEnd(bytes)
        default: true
        }
    }

    /// Leptonica and libtiff print warnings and errors to stderr; a library must stay quiet.
    /// Both settings are process-wide and idempotent. libtiff (loaded by Leptonica) is
    /// reached through `dlsym`, so there is no link dependency on it.
    private static let silenceLeptonicaOnce: Void = {
        _ = setMsgSeverity(Int32(L_SEVERITY_NONE))
        leptSetStderrHandler { _ in }  // messages Leptonica prints regardless of severity
        typealias SetHandler = @convention(c) (OpaquePointer?) -> OpaquePointer?
        for name in ["TIFFSetErrorHandler", "TIFFSetWarningHandler"] {
            if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) {
                _ = unsafeBitCast(symbol, to: SetHandler.self)(nil)
            }
        }
    }()

    private static func detectedFormat(_ bytes: UnsafePointer<UInt8>, count: Int) -> Int32 {
        // findFileFormatBuffer reads up to 12 bytes; shorter data cannot be an image.
        guard count >= 12 else { return Int32(IFF_UNKNOWN) }
        var format = Int32(IFF_UNKNOWN)
        guard findFileFormatBuffer(bytes, &format) == 0 else { return Int32(IFF_UNKNOWN) }
        return format
    }

    private static func formatName(_ format: Int32) -> String {
        switch Int(format) {
        case IFF_PNG: "png"
        case IFF_JFIF_JPEG: "jpeg"
        case IFF_BMP: "bmp"
        case IFF_GIF: "gif"
        case IFF_WEBP: "webp"
        case IFF_PNM: "pnm"
        case IFF_JP2: "jpeg 2000"
        case IFF_TIFF...IFF_TIFF_ZIP, IFF_TIFF_JPEG: "tiff"
        default: getFormatExtension(format).map { String(cString: $0) } ?? "unknown"
        }
    }
}
