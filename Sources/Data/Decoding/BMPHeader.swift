/// A BMP's size from its header, read without decoding (Leptonica's header read decodes
/// the whole image).
struct BMPHeader {
    let width: Int
    /// The height's magnitude (a negative height means rows stored top-down).
    let height: Int

    /// `nil` when the header is too short or its size is not positive.
    init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        let reader = ByteReader(bytes, littleEndian: true)
        guard reader.matches([0x42, 0x4D], at: 0), let headerSize = reader.uint32(14) else { return nil }
        if headerSize == 12 {  // OS/2 BITMAPCOREHEADER: 16-bit unsigned sizes
            guard let width = reader.uint16(18), let height = reader.uint16(20) else { return nil }
            (self.width, self.height) = (width, height)
        } else {
            guard let width = reader.int32(18), let height = reader.int32(22) else { return nil }
            (self.width, self.height) = (width, height == Int(Int32.min) ? 0 : abs(height))
        }
        guard width > 0, height > 0 else { return nil }
    }
}
