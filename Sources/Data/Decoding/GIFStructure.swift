/// The block structure of a GIF, walked without decoding: the first frame's size, and a
/// GIF holding only that frame.
///
/// giflib's `DGifSlurp`, which Leptonica calls, decodes every frame of an animation (a
/// small first frame followed by 40000×40000 ones took 4.6 GB), and Leptonica's header
/// read decodes the whole file too. The page is the first frame: the file is cut after
/// it, so nothing later is ever decoded.
struct GIFStructure {
    /// The first frame's size.
    let frameWidth: Int
    let frameHeight: Int
    /// The header, logical screen, global colour table, the extensions before the first
    /// frame, the frame itself and a trailer.
    let firstFrameOnly: [UInt8]

    /// Why a GIF is not usable, when it is not.
    enum Problem: Error, Equatable {
        case truncated
        case noFrame
    }

    init(_ bytes: UnsafeBufferPointer<UInt8>) throws(Problem) {
        let reader = ByteReader(bytes, littleEndian: true)
        guard reader.matches(Array("GIF".utf8), at: 0), let flags = reader.uint8(10) else { throw .truncated }
        var offset = 13 + (flags & 0x80 != 0 ? 3 << ((flags & 7) + 1) : 0)
        // Skips a run of data sub-blocks (length byte, data) up to its terminator.
        func skipSubBlocks(_ start: Int) throws(Problem) -> Int {
            var position = start
            while true {
                guard let length = reader.uint8(position) else { throw .truncated }
                position += 1 + length
                if length == 0 { return position }
            }
        }
        while true {
            guard let introducer = reader.uint8(offset) else { throw .truncated }
            switch introducer {
            case 0x21:  // extension: label, then sub-blocks
                offset = try skipSubBlocks(offset + 2)
            case 0x2C:  // image descriptor
                guard let frameWidth = reader.uint16(offset + 5), let frameHeight = reader.uint16(offset + 7),
                    let frameFlags = reader.uint8(offset + 9)
                else { throw .truncated }
                let data = offset + 10 + (frameFlags & 0x80 != 0 ? 3 << ((frameFlags & 7) + 1) : 0) + 1  // + LZW code size
                let end = try skipSubBlocks(data)
                guard end <= bytes.count else { throw .truncated }
                self.frameWidth = frameWidth
                self.frameHeight = frameHeight
                firstFrameOnly = Array(bytes[0..<end]) + [0x3B]
                return
            default:  // the trailer (0x3B) or anything else: no frame before it
                throw .noFrame
            }
        }
    }
}
