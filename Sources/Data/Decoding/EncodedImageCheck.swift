/// A structural check of encoded PNG data before it is decoded: every chunk complete, the
/// critical chunks' CRCs right, and an IEND chunk. Truncation is the commonest corruption
/// (interrupted downloads and copies); a PNG that lost only its end would otherwise
/// decode without complaint.
enum EncodedImageCheck {
    /// Whether `bytes` is a structurally complete PNG: every chunk inside the data, valid
    /// CRCs on the critical chunks (IHDR, PLTE, IDAT, IEND), and an IEND chunk.
    static func isCompletePNG(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var offset = 8  // the signature
        while offset + 12 <= bytes.count {
            let length = Int(bigEndianUInt32(bytes, at: offset))
            let typeStart = offset + 4
            let end = typeStart + 4 + length
            guard length <= Int(Int32.max), end + 4 <= bytes.count else { return false }
            let isCritical = bytes[typeStart] & 0x20 == 0
            if isCritical, CRC32.checksum(UnsafeBufferPointer(rebasing: bytes[typeStart..<end])) != bigEndianUInt32(bytes, at: end) {
                return false
            }
            if bytes[typeStart..<typeStart + 4].elementsEqual("IEND".utf8) { return true }
            offset = end + 4
        }
        return false
    }

    private static func bigEndianUInt32(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> UInt32 {
        (0..<4).reduce(0) { $0 << 8 | UInt32(bytes[offset + $1]) }
    }
}

/// CRC-32 (ISO 3309, as PNG uses it).
enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { index in
        (0..<8).reduce(UInt32(index)) { crc, _ in crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
    }

    static func checksum(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
        }
        return crc ^ 0xFFFF_FFFF
    }
}
