import Domain

/// Reads the EXIF orientation (tag 0x0112) of JPEG data, which Leptonica ignores.
///
/// Orientations 2, 4, 5 and 7 store the picture mirrored: `ImageDecoder` undoes the mirror
/// (a left-right flip) as it decodes, so what is left to do is a rotation, as for the others.
enum JPEGOrientation {
    /// The rotation the EXIF orientation asks for once any mirror is undone, or `nil` when
    /// there is none or the data is not a JPEG.
    static func rotation(in bytes: UnsafeBufferPointer<UInt8>) -> RotationDegree? {
        guard let value = orientation(in: bytes) else { return nil }
        switch value {
        case 2: return .upright  // mirrored left-right
        case 4: return .clockwise180  // mirrored top-bottom: left-right, then half a turn
        case 5: return .clockwise270  // transposed
        case 7: return .clockwise90  // transversed
        default: return RotationDegree(exifOrientation: value)
        }
    }

    /// Whether the EXIF orientation says the picture is stored mirrored (2, 4, 5 or 7).
    static func isMirrored(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        orientation(in: bytes).map { [2, 4, 5, 7].contains($0) } ?? false
    }

    /// The EXIF orientation value of JPEG data, if it has one.
    private static func orientation(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var offset = 2
        while offset + 4 <= bytes.count, bytes[offset] == 0xFF {
            let marker = bytes[offset + 1]
            if marker == 0xDA || marker == 0xD9 { return nil }  // image data starts: no EXIF before it
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            let segment = offset + 4
            guard length >= 2, segment + length - 2 <= bytes.count else { return nil }
            if marker == 0xE1, length >= 16, bytes[segment..<segment + 6].elementsEqual([0x45, 0x78, 0x69, 0x66, 0, 0]) {
                return orientation(inTIFF: UnsafeBufferPointer(rebasing: bytes[segment + 6..<segment + length - 2]))
            }
            offset = segment + length - 2
        }
        return nil
    }

    private static func orientation(inTIFF tiff: UnsafeBufferPointer<UInt8>) -> Int? {
        guard tiff.count >= 8 else { return nil }
        let littleEndian: Bool
        switch (tiff[0], tiff[1]) {
        case (0x49, 0x49): littleEndian = true
        case (0x4D, 0x4D): littleEndian = false
        default: return nil
        }
        func read(_ offset: Int, _ size: Int) -> Int? {
            guard offset >= 0, offset + size <= tiff.count else { return nil }
            return (0..<size).reduce(0) { value, index in
                let byte = Int(tiff[offset + (littleEndian ? size - 1 - index : index)])
                return value << 8 | byte
            }
        }
        guard let ifd = read(4, 4), let count = read(ifd, 2) else { return nil }
        for entry in 0..<min(count, 256) {
            let position = ifd + 2 + entry * 12
            guard let tag = read(position, 2) else { return nil }
            if tag == 0x0112 { return read(position + 8, 2) }
        }
        return nil
    }
}
