/// Bounds-checked reads of integers from encoded image bytes: every read outside the
/// data is `nil`, never a trap.
struct ByteReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var littleEndian: Bool

    init(_ bytes: UnsafeBufferPointer<UInt8>, littleEndian: Bool) {
        self.bytes = bytes
        self.littleEndian = littleEndian
    }

    var count: Int { bytes.count }

    /// The unsigned integer of `size` bytes (1...8) at `offset`.
    func integer(at offset: Int, size: Int) -> Int? {
        guard offset >= 0, size > 0, size <= 8, offset <= bytes.count - size else { return nil }
        return (0..<size).reduce(0) { value, index in
            value << 8 | Int(bytes[offset + (littleEndian ? size - 1 - index : index)])
        }
    }

    func uint8(_ offset: Int) -> Int? { integer(at: offset, size: 1) }
    func uint16(_ offset: Int) -> Int? { integer(at: offset, size: 2) }
    func uint32(_ offset: Int) -> Int? { integer(at: offset, size: 4) }

    /// The signed 32-bit integer at `offset`.
    func int32(_ offset: Int) -> Int? { uint32(offset).map { Int(Int32(truncatingIfNeeded: $0)) } }

    /// Whether the bytes at `offset` are `expected`.
    func matches(_ expected: [UInt8], at offset: Int) -> Bool {
        offset >= 0 && offset <= bytes.count - expected.count && bytes[offset..<offset + expected.count].elementsEqual(expected)
    }
}
