internal import CLeptonica
import Domain
import Foundation

extension LeptonicaImage {
    /// The image encoded as PNG (`pixWriteMem`).
    func pngData() throws(OCRError) -> Data {
        var bytes: UnsafeMutablePointer<UInt8>?
        var count = 0
        guard pixWriteMem(&bytes, &count, pix, Int32(IFF_PNG)) == 0, let bytes else {
            throw .engineFailure("could not encode the page as PNG")
        }
        defer { lept_free(bytes) }
        return Data(bytes: bytes, count: count)
    }
}
