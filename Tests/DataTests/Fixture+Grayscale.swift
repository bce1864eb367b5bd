import OCRTestSupport

@testable import Data

extension Fixture {
    /// The fixture decoded and converted to 8-bit grayscale, as preparation starts from it.
    func grayscaleImage() throws -> LeptonicaImage {
        try ImageDecoder.decode(data(), maximumPixelCount: 50_000_000).grayscale()
    }
}
