import Foundation

/// The resolution a PNG states (its `pHYs` chunk, pixels per metre), read from its bytes
/// without decoding it.
enum PNGResolution {
    private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The resolution `data` states in pixels per inch, when it is a plausible scan's
    /// (70–2400 ppi; screenshots and unset values state 72 or less), else `nil`.
    static func stated(in data: Data) -> Double? {
        let bytes = [UInt8](data.prefix(4096))
        guard bytes.starts(with: signature) else { return nil }
        let perMetre = bytes.withUnsafeBufferPointer { buffer -> Int? in
            guard let (offset, length) = physicalChunk(in: buffer), length == 9, buffer[offset + 16] == 1 else { return nil }
            return ByteReader(buffer, littleEndian: false).uint32(offset + 8)
        }
        guard let perMetre else { return nil }
        let resolution = (Double(perMetre) * 0.0254).rounded()
        return (70...2400).contains(resolution) ? resolution : nil
    }

    /// Where the `pHYs` chunk starts (its length field) and its data's length, when it comes
    /// before the image data.
    private static func physicalChunk(in bytes: UnsafeBufferPointer<UInt8>) -> (offset: Int, length: Int)? {
        let reader = ByteReader(bytes, littleEndian: false)
        var offset = 8
        while let length = reader.uint32(offset), offset + 12 + length <= bytes.count {
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            if type == "IDAT" { return nil }
            if type == "pHYs" { return (offset, length) }
            offset += 12 + length
        }
        return nil
    }
}
