/// A BMP's size from its header, read without decoding (Leptonica's header read decodes
/// the whole image).
struct BMPHeader {
    let width: Int
    /// The height's magnitude (a negative height means rows stored top-down).
    let height: Int
    /// How the pixels are stored (biCompression): 0 plain, 1 and 2 run-length encoded, 3 bit fields.
    var compression = 0

    /// Why the decoder cannot read the pixels, or `nil` when it can.
    var unsupportedStorage: String? {
        switch compression {
        case 1, 2:
            "its pixels are run-length encoded (RLE\(compression == 1 ? 8 : 4)), which the BMP reader does not read; convert it (for example: convert IN OUT.png)"
        case 4, 5:
            "it holds a \(compression == 4 ? "JPEG" : "PNG") image inside, which the BMP reader does not read; convert it (for example: convert IN OUT.png)"
        default: nil
        }
    }

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
            compression = reader.uint32(30) ?? 0
        }
        guard width > 0, height > 0 else { return nil }
    }
}
