import CFuzzer
import Domain
import Foundation

// Fuzzes decoding alone — the container walks (GIF, BMP, TIFF and its pages, PNG chunks) and the libpng,
// libjpeg and libwebp decoders of CImageCodecs — thousands of inputs a second: any bytes
// must end in a gray image or an OCRError, never a crash or a sanitizer report.
@testable import Data

@_cdecl("ImageDecoderFuzzer_main")
public func fuzzerMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    swiftocr_run_fuzzer(argc, argv) { bytes, size in
        guard let bytes else { return 0 }
        let data = Data(bytes: bytes, count: size)
        _ = try? ImageDecoder.decode(data, maximumPixelCount: 4_000_000)
        // The pages of a multi-page TIFF: counted from its directories, the last one decoded.
        let pages = ImageDecoder.pageCount(of: data)
        if pages > 1 { _ = try? ImageDecoder.decode(data, page: min(pages, 8) - 1, maximumPixelCount: 4_000_000) }
        return 0
    }
}
