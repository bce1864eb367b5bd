/// The header of a binary PGM or PPM (`P5`, `P6`), read for what Leptonica's reader cannot
/// take: a maximum value other than 3, 15, 255 or 65535 (it reads the samples as 2, 4, 8 or
/// 16 bits, so a PGM of 0s and 1s comes out undecodable).
enum PNMHeader {
    /// Why the image cannot be read, or `nil` when it can (or it is not a P5 or P6).
    static func unsupportedStorage(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard bytes.count > 3, bytes[0] == UInt8(ascii: "P"), bytes[1] == UInt8(ascii: "5") || bytes[1] == UInt8(ascii: "6"),
            let maximum = fields(bytes, count: 3).last, ![3, 15, 255, 65535].contains(maximum)
        else { return nil }
        return
            "its samples go up to \(maximum), and the PNM reader reads samples up to 3, 15, 255 or 65535 only; convert it (for example: convert IN OUT.png)"
    }

    /// The first `count` numbers after the magic number (width, height, maximum value),
    /// skipping whitespace and `#` comments; fewer when the header ends first.
    private static func fields(_ bytes: UnsafeBufferPointer<UInt8>, count: Int) -> [Int] {
        var numbers: [Int] = []
        var index = 2
        let end = min(bytes.count, 1024)
        while numbers.count < count, index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "#") {
                while index < end, bytes[index] != UInt8(ascii: "\n") { index += 1 }
            } else if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                var value = 0
                while index < end, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]), value < 1 << 32 {
                    value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                    index += 1
                }
                numbers.append(value)
                continue
            }
            index += 1
        }
        return numbers
    }
}
