import Foundation

/// The resolution a PNG states (its `pHYs` chunk, pixels per metre), read and written in
/// its bytes without decoding it.
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

    /// `data` (a PNG) stating `resolution` pixels per inch: its `pHYs` chunk rewritten, or
    /// one added after the header; `data` itself when it is not a PNG.
    static func stating(_ resolution: Double, in data: Data) -> Data {
        var bytes = [UInt8](data)
        guard bytes.starts(with: signature), bytes.count >= 33 else { return data }
        let perMetre = UInt32(max(1, (resolution / 0.0254).rounded()))
        let perAxis = (0..<4).map { UInt8(truncatingIfNeeded: perMetre >> (24 - 8 * $0)) }
        var chunk = Array("pHYs".utf8) + perAxis + perAxis + [1]  // x, y, unit: metre
        let crc = chunk.withUnsafeBufferPointer { CRC32.checksum($0) }
        chunk += (0..<4).map { UInt8(truncatingIfNeeded: crc >> (24 - 8 * $0)) }
        let existing = bytes.withUnsafeBufferPointer { physicalChunk(in: $0) }
        if let (offset, length) = existing, length == 9 {
            bytes.replaceSubrange(offset + 4..<offset + 4 + 4 + 9 + 4, with: chunk)
        } else {
            bytes.insert(contentsOf: [0, 0, 0, 9] + chunk, at: 33)  // after IHDR, which comes first
        }
        return Data(bytes)
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
