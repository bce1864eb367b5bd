internal import CBarcodes
internal import CLeptonica
import Dispatch
import Domain
import Foundation

/// Reads the barcodes and QR codes in a picture with zbar (`libzbar.so.0`, Debian's
/// `libzbar0`; `SWIFTOCR_ZBAR` names another), loaded at run time: without it the package
/// builds and reads text as before, and the trace says `barcodes-off=<reason>`.
struct BarcodeReader {
    /// A barcode found, in the picture's pixels.
    struct Found {
        let symbology: String
        let payload: String
        let box: PixelRect
    }

    /// The most barcodes one picture reports.
    static let capacity = 64

    /// The reader, or why zbar cannot be used (asked once per process).
    static let shared: Result<BarcodeReader, Unavailable> = {
        if ProcessInfo.processInfo.environment["SWIFTOCR_BARCODES"] == "0" {
            return .failure(Unavailable(reason: "turned off (SWIFTOCR_BARCODES=0)"))
        }
        var why = [CChar](repeating: 0, count: 256)
        guard swiftocr_barcodes_open(&why, why.count) == 1 else {
            return .failure(Unavailable(reason: String(decoding: why.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)))
        }
        return .success(BarcodeReader())
    }()

    /// Why barcodes are not read.
    struct Unavailable: Error, CustomStringConvertible {
        let reason: String
        var description: String { reason }
    }

    /// zbar reads linear codes along lines across and down: the picture is also looked at
    /// turned by these angles (degrees clockwise), so that a code tilted in between has a
    /// scan line through all its bars (a long, short Code 128 at 30° has none otherwise).
    static let tiltedLooks: [Double] = [30, -30]
    /// The turned looks are taken of the picture scaled to at most this many pixels (zbar's
    /// time grows with them: about a second for 12 megapixels).
    static let tiltedLookPixels = 3_000_000.0
    /// The symbologies a turned look may add: those that check themselves (a check digit,
    /// a checksum, error correction). A turned, resampled look reads pieces of an I2/5 code
    /// (no check digit) as shorter codes of their own.
    static let selfCheckingSymbologies: Set<String> = ["QR-Code", "EAN-13", "EAN-8", "UPC-A", "UPC-E", "ISBN-13", "ISBN-10", "CODE-128", "CODE-93"]

    /// The barcodes in `image` (8-bit grey): as it stands, then turned by `tiltedLooks`.
    func barcodes(in image: LeptonicaImage) throws(OCRError) -> [Found] {
        var found = try barcodes(in: Self.grayBytes(of: image), size: image.size)
        let scale = min(1, (Self.tiltedLookPixels / Double(max(1, image.size.width * image.size.height))).squareRoot())
        let base = scale < 1 ? try image.scaled(by: scale) : image
        for degrees in Self.tiltedLooks {
            let turned = try base.rotated(degrees: degrees)
            for barcode in try barcodes(in: Self.grayBytes(of: turned), size: turned.size)
            where Self.selfCheckingSymbologies.contains(barcode.symbology)
                && !found.contains(where: { $0.symbology == barcode.symbology && $0.payload == barcode.payload })
            {
                let box = Self.unturned(barcode.box, degrees: degrees, from: turned.size, to: base.size, scale: scale, within: image.size)
                found.append(Found(symbology: barcode.symbology, payload: barcode.payload, box: box))
            }
        }
        return found
    }

    /// The box in a picture of `size` of `box`, found in a copy of it scaled by `scale` (of
    /// `baseSize`) and turned `degrees` clockwise about its centre, enlarged to `turnedSize`.
    static func unturned(
        _ box: PixelRect, degrees: Double, from turnedSize: ImageSize, to baseSize: ImageSize, scale: Double, within size: ImageSize
    ) -> PixelRect {
        let radians = degrees * .pi / 180
        let corners = [(box.x, box.y), (box.x + box.width, box.y), (box.x, box.y + box.height), (box.x + box.width, box.y + box.height)]
        let points = corners.map { x, y -> (Double, Double) in
            let dx = Double(x) - Double(turnedSize.width) / 2
            let dy = Double(y) - Double(turnedSize.height) / 2
            // Back by the clockwise turn: (dx, dy) turned counter-clockwise.
            let bx = dx * cos(radians) + dy * sin(radians) + Double(baseSize.width) / 2
            let by = -dx * sin(radians) + dy * cos(radians) + Double(baseSize.height) / 2
            return (bx / scale, by / scale)
        }
        let left = max(0, Int(points.map(\.0).min() ?? 0))
        let top = max(0, Int(points.map(\.1).min() ?? 0))
        let right = min(size.width, Int((points.map(\.0).max() ?? 0).rounded(.up)))
        let bottom = min(size.height, Int((points.map(\.1).max() ?? 0).rounded(.up)))
        return PixelRect(x: left, y: top, width: max(1, right - left), height: max(1, bottom - top))
    }

    /// Starts reading the barcodes of `image` on a thread of its own (zbar takes about a
    /// second on a 12-megapixel photograph, while the page is prepared and read beside it);
    /// the picture is copied first, so the job may go on using `image`.
    func start(on image: LeptonicaImage) throws(OCRError) -> PendingBarcodes {
        PendingBarcodes(reader: self, image: try image.copy())
    }

    /// The rows of an 8-bit image as plain bytes (empty for another depth).
    private static func grayBytes(of image: LeptonicaImage) -> [UInt8] {
        guard pixGetDepth(image.pix) == 8, let data = pixGetData(image.pix) else { return [] }
        let size = image.size
        // zbar reads bytes in order; Leptonica keeps a row's bytes in 32-bit words, most
        // significant first: the rows are unpacked into a plain buffer.
        let wordsPerLine = Int(pixGetWpl(image.pix))
        let source = UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self)
        let flip = Int(UInt32(1).bigEndian == 1 ? 0 : 3)
        var gray = [UInt8](repeating: 0, count: size.width * size.height)
        gray.withUnsafeMutableBufferPointer { out in
            for y in 0..<size.height {
                let row = source + y * wordsPerLine * 4
                for x in 0..<size.width { out[y * size.width + x] = row[x ^ flip] }
            }
        }
        return gray
    }

    /// The barcodes in the plain grey bytes `gray` of a picture of `size`.
    func barcodes(in gray: [UInt8], size: ImageSize) throws(OCRError) -> [Found] {
        guard gray.count == size.width * size.height, !gray.isEmpty else { return [] }
        var results = [swiftocr_barcode](repeating: swiftocr_barcode(), count: Self.capacity)
        let count = gray.withUnsafeBufferPointer { pixels in
            swiftocr_barcodes_read(pixels.baseAddress, Int32(size.width), Int32(size.height), Int32(size.width), &results, Int32(Self.capacity))
        }
        guard count >= 0 else { throw .engineFailure("zbar could not read the picture for barcodes") }
        let filled = min(Int(count), Self.capacity)
        defer { swiftocr_barcodes_free(&results, Int32(filled)) }
        return results.prefix(filled).map { result in
            var name = result.symbology
            let symbology = withUnsafeBytes(of: &name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            let payload =
                result.data.map {
                    String(
                        decoding: UnsafeBufferPointer(start: UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self), count: result.length),
                        as: UTF8.self)
                } ?? ""
            let box = PixelRect(
                x: Int(result.left), y: Int(result.top), width: max(1, Int(result.right - result.left)),
                height: max(1, Int(result.bottom - result.top)))
            return Found(symbology: symbology, payload: payload, box: box)
        }
    }
}

/// Barcodes being read on a thread of their own; `found()` waits for them (a handshake:
/// the semaphore is signalled once, when they are there).
final class PendingBarcodes: @unchecked Sendable {
    // Written on the reading thread before `done` is signalled, read after.
    private var result: Result<[BarcodeReader.Found], OCRError> = .success([])
    private let done = DispatchSemaphore(value: 0)
    // The reading thread's own copy of the picture, released there.
    private var image: LeptonicaImage?

    fileprivate init(reader: BarcodeReader, image: LeptonicaImage) {
        self.image = image
        DispatchQueue.global(qos: .userInitiated).async {
            if let image = self.image { self.result = Result { () throws(OCRError) in try reader.barcodes(in: image) } }
            self.image = nil
            self.done.signal()
        }
    }

    /// The barcodes, once read.
    func found() throws(OCRError) -> [BarcodeReader.Found] {
        done.wait()
        done.signal()
        return try result.get()
    }
}
