internal import CImageCodecs
internal import CLeptonica
import Domain
import Foundation

/// Decodes encoded image bytes into an 8-bit grayscale Leptonica image, checking the
/// pixel limit from the header first, for the one frame or page that is decoded.
///
/// PNG, JPEG and WebP go through `CImageCodecs` (libpng, libjpeg, libwebp with handlers
/// that never print), straight into gray rows: a colour image never exists at full size.
/// GIF is cut to its first frame before giflib sees it (`GIFStructure`); BMP's size comes
/// from its own header (`BMPHeader`), TIFF's from its directories (`TIFFStructure`: the
/// page asked for, the first by default); TIFF, BMP, PNM and JPEG 2000 are decoded by Leptonica.
/// Transparent pixels are blended onto white, so a transparent background reads as paper;
/// a JPEG whose EXIF orientation says it is stored mirrored is flipped back.
enum ImageDecoder {
    /// Decodes PNG, JPEG, WebP (an animation's first frame), GIF (its first frame), TIFF
    /// (its first page), BMP, PNM or JPEG 2000 data into 8-bit gray.
    /// - Throws: `OCRError.emptyData`, `.notAnImage`, `.undecodableImage`,
    ///   `.unsupportedImage` or `.imageTooLarge`.
    /// `page` counts from 0 and is only above 0 for a multi-page TIFF (see `pageCount(of:)`).
    /// PNG and JPEG decoding stops soon after `control` says to (a time limit passed, the
    /// caller cancelled; a progressive JPEG of thousands of scans would decode for minutes)
    /// and throws `OCRError.engineFailure`; the caller's `control.checkpoint()` names the cause.
    static func decode(_ data: Data, page: Int = 0, maximumPixelCount: Int, stoppingWith control: RecognitionControl? = nil) throws(OCRError)
        -> LeptonicaImage
    {
        guard !data.isEmpty else { throw .emptyData }
        silenceLeptonicaOnce
        let decoded = withExtendedLifetime(control) {
            var stop = codec_stop(
                should_stop: { context in
                    guard let context else { return 0 }
                    return Unmanaged<RecognitionControl>.fromOpaque(context).takeUnretainedValue().shouldStop ? 1 : 0
                },
                context: control.map { Unmanaged.passUnretained($0).toOpaque() })
            if control == nil { stop.should_stop = nil }
            return data.withUnsafeBytes { buffer in
                decode(buffer.bindMemory(to: UInt8.self), page: page, maximumPixelCount: maximumPixelCount, stop: &stop)
            }
        }
        return try decoded.get()
    }

    /// A colour copy of a JPEG reduced `reduction` times (2, 4 or 8) in the DCT, cheaply,
    /// mirrored as `decode` mirrors it; `nil` for another format, or when it cannot be
    /// decoded. What only colour tells apart (`LeptonicaImage.paintingOverColouredDesk`) is
    /// looked for in it: the image itself is decoded to grey.
    static func reducedColour(_ data: Data, reduction: Int) -> LeptonicaImage? {
        data.withUnsafeBytes { buffer -> LeptonicaImage? in
            let bytes = buffer.bindMemory(to: UInt8.self)
            guard let base = bytes.baseAddress, !bytes.isEmpty, Int(detectedFormat(base, count: bytes.count)) == IFF_JFIF_JPEG else { return nil }
            var (width, height): (Int32, Int32) = (0, 0)
            var message = codec_message()
            guard codec_jpeg_size(base, bytes.count, Int32(reduction), &width, &height, &message) == 0, width > 0, height > 0,
                let image = LeptonicaImage(taking: pixCreate(width, height, 32))
            else { return nil }
            var target = codec_gray_target(words: pixGetData(image.pix), wordsPerLine: pixGetWpl(image.pix), width: width, height: height)
            guard codec_jpeg_decode_colour(base, bytes.count, Int32(reduction), &target, &message) == 0 else { return nil }
            return JPEGOrientation.isMirrored(bytes) ? try? image.flippedLeftRight() : image
        }
    }

    /// The error for a TIFF of more than `ImageSource.maximumPages` pages.
    static func tooManyPages(_ count: Int) -> OCRError {
        .unsupportedImage(
            format: "tiff",
            reason: "it has \(count) pages and at most \(ImageSource.maximumPages) are read from one file; split it (tiffsplit IN PREFIX)")
    }

    /// How many pages `data` holds: a TIFF's directories, 1 for every other image, 0 for
    /// data that is not an image (read from headers, nothing decoded).
    static func pageCount(of data: Data) -> Int {
        data.withUnsafeBytes { buffer in
            let bytes = buffer.bindMemory(to: UInt8.self)
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return 0 }
            switch Int(detectedFormat(base, count: bytes.count)) {
            case IFF_UNKNOWN: return 0
            case IFF_TIFF...IFF_TIFF_ZIP, IFF_TIFF_JPEG: return TIFFStructure(bytes)?.pages.count ?? 0
            default: return 1
            }
        }
    }

    private static func decode(
        _ bytes: UnsafeBufferPointer<UInt8>, page: Int, maximumPixelCount: Int, stop: UnsafePointer<codec_stop>
    ) -> Result<LeptonicaImage, OCRError> {
        guard let base = bytes.baseAddress else { return .failure(.emptyData) }
        let format = detectedFormat(base, count: bytes.count)
        let name = formatName(format)
        func withinLimit(_ width: Int, _ height: Int) -> OCRError? {
            guard width > 0, height > 0 else { return .undecodableImage(format: name) }
            guard width.multipliedReportingOverflow(by: height).partialValue <= maximumPixelCount, width <= maximumPixelCount,
                height <= maximumPixelCount
            else { return .imageTooLarge(width: width, height: height, maximumPixelCount: maximumPixelCount) }
            return nil
        }
        let isTIFF = (IFF_TIFF...IFF_TIFF_ZIP).contains(Int(format)) || Int(format) == IFF_TIFF_JPEG
        guard page == 0 || isTIFF else { return .failure(.undecodableImage(format: name)) }
        do {
            // Not an image format Leptonica knows (or its own PDF): a PDF is looked for.
            if [IFF_UNKNOWN, IFF_LPDF].contains(Int(format)), PDFFile.isPDF(Data(UnsafeBufferPointer(rebasing: bytes.prefix(1024)))) {
                return .failure(
                    .unsupportedImage(
                        format: "pdf",
                        reason:
                            "a PDF is read page by page: pass its path (ocr scan FILE.pdf, ImageSource.pages(ofFileAtPath:)) or use recognizePages(in:)"
                    ))
            }
            switch Int(format) {
            case IFF_UNKNOWN:
                return .failure(.notAnImage)
            case IFF_PNG:
                guard EncodedImageCheck.isCompletePNG(bytes) else { return .failure(.undecodableImage(format: name)) }
                return .success(
                    try codec(
                        name, limit: withinLimit,
                        size: { width, height, message in codec_png_size(base, bytes.count, width, height, message) },
                        decode: { target, message in codec_png_decode_gray(base, bytes.count, target, stop, message) }))
            case IFF_JFIF_JPEG:
                let image = try codec(
                    name, limit: withinLimit,
                    size: { width, height, message in codec_jpeg_size(base, bytes.count, 1, width, height, message) },
                    decode: { target, message in codec_jpeg_decode_gray(base, bytes.count, 1, target, stop, message) })
                return .success(JPEGOrientation.isMirrored(bytes) ? try image.flippedLeftRight() : image)
            case IFF_WEBP:
                var animated: Int32 = 0
                return .success(
                    try codec(
                        name, limit: withinLimit,
                        size: { width, height, message in codec_webp_size(base, bytes.count, width, height, &animated, message) },
                        decode: { target, message in codec_webp_decode_gray(base, bytes.count, target, message) }))
            case IFF_GIF:
                let gif: GIFStructure
                do {
                    gif = try GIFStructure(bytes)
                } catch {
                    return .failure(.undecodableImage(format: name))
                }
                // The frame is what giflib and Leptonica allocate and decode (not the screen).
                if let error = withinLimit(gif.frameWidth, gif.frameHeight) { return .failure(error) }
                return gif.firstFrameOnly.withUnsafeBufferPointer { frame in leptonica(frame, name) }
            case IFF_BMP:
                guard let header = BMPHeader(bytes) else { return .failure(.undecodableImage(format: name)) }
                if let error = withinLimit(header.width, header.height) { return .failure(error) }
                if let reason = header.unsupportedStorage { return .failure(.unsupportedImage(format: name, reason: reason)) }
                return leptonica(bytes, name)
            case IFF_TIFF...IFF_TIFF_ZIP, IFF_TIFF_JPEG:
                guard let pages = TIFFStructure(bytes)?.pages, pages.indices.contains(page) else {
                    return .failure(.undecodableImage(format: name))
                }
                let first = pages[page]
                if let error = withinLimit(first.width, first.height) { return .failure(error) }
                if let reason = first.unsupportedSamples { return .failure(.unsupportedImage(format: name, reason: reason)) }
                guard !first.isTiled else {
                    return .failure(
                        .unsupportedImage(
                            format: name,
                            reason:
                                "its pages are stored in tiles, which the TIFF reader does not support; convert it to strips (tiffcp -s IN OUT) or to PNG"
                        ))
                }
                return leptonica(bytes, name, tiffPage: page)
            default:  // PNM, JPEG 2000: Leptonica reads their headers without decoding
                var width: Int32 = 0
                var height: Int32 = 0
                var headerFormat: Int32 = 0
                if let reason = PNMHeader.unsupportedStorage(bytes) { return .failure(.unsupportedImage(format: name, reason: reason)) }
                guard pixReadHeaderMem(base, bytes.count, &headerFormat, &width, &height, nil, nil, nil) == 0 else {
                    return .failure(.undecodableImage(format: name))
                }
                if let error = withinLimit(Int(width), Int(height)) { return .failure(error) }
                return leptonica(bytes, name)
            }
        } catch {
            return .failure(error)
        }
    }

    /// Decodes with one of `CImageCodecs`' gray decoders: its size first (checked by
    /// `limit`), then the pixels into a new 8-bit image.
    private static func codec(
        _ name: String,
        limit: (Int, Int) -> OCRError?,
        size: (UnsafeMutablePointer<Int32>, UnsafeMutablePointer<Int32>, UnsafeMutablePointer<codec_message>) -> Int32,
        decode: (UnsafePointer<codec_gray_target>, UnsafeMutablePointer<codec_message>) -> Int32
    ) throws(OCRError) -> LeptonicaImage {
        var width: Int32 = 0
        var height: Int32 = 0
        var message = codec_message()
        switch size(&width, &height, &message) {
        case 0: break
        case CODEC_UNSUPPORTED: throw .unsupportedImage(format: name, reason: message.string)
        default: throw .undecodableImage(format: name)
        }
        if let error = limit(Int(width), Int(height)) { throw error }
        guard let image = LeptonicaImage(taking: pixCreate(width, height, 8)) else {
            throw .engineFailure("could not allocate a \(width)×\(height) image")
        }
        var target = codec_gray_target(words: pixGetData(image.pix), wordsPerLine: pixGetWpl(image.pix), width: width, height: height)
        switch decode(&target, &message) {
        case 0: return image
        case CODEC_STOPPED: throw .engineFailure("decoding the \(name.uppercased()) image was stopped")
        case CODEC_UNSUPPORTED: throw .unsupportedImage(format: name, reason: message.string)
        default: throw .undecodableImage(format: name)
        }
    }

    /// Decodes with Leptonica and converts to 8-bit gray (colormaps to their levels,
    /// alpha onto white), releasing the decoded image at once.
    private static func leptonica(_ bytes: UnsafeBufferPointer<UInt8>, _ name: String, tiffPage: Int? = nil) -> Result<LeptonicaImage, OCRError> {
        guard let base = bytes.baseAddress else { return .failure(.undecodableImage(format: name)) }
        let pix = tiffPage.map { pixReadMemTiff(base, bytes.count, Int32($0)) } ?? pixReadMem(base, bytes.count)
        guard let decoded = LeptonicaImage(taking: pix) else {
            return .failure(.undecodableImage(format: name))
        }
        return Result { () throws(OCRError) in try decoded.flattenedOntoWhite().grayscale() }
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

extension codec_message {
    /// The message as a Swift string.
    var string: String {
        withUnsafeBytes(of: text) { bytes in String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self) }
    }
}
