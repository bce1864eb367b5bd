internal import CBarcodes
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

    /// The barcodes in `image` (8-bit grey).
    func barcodes(in image: LeptonicaImage) throws(OCRError) -> [Found] {
        try barcodes(in: image.grayBytes(), size: image.size)
    }

    /// Starts reading the barcodes of `image` on a thread of its own (zbar takes about a
    /// second on a 12-megapixel photograph, while the page is prepared and read beside it);
    /// the picture's bytes are copied first, so the job may go on using `image`.
    func start(on image: LeptonicaImage) -> PendingBarcodes {
        PendingBarcodes(reader: self, gray: image.grayBytes(), size: image.size)
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

    fileprivate init(reader: BarcodeReader, gray: [UInt8], size: ImageSize) {
        DispatchQueue.global(qos: .userInitiated).async {
            self.result = Result { () throws(OCRError) in try reader.barcodes(in: gray, size: size) }
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
