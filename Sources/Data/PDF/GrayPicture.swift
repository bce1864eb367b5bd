import Foundation

/// An 8-bit gray picture as `pdftoppm -gray` writes it without a format option: a binary
/// PGM (`P5`, width, height, maximum value, then one byte per pixel, row by row).
struct GrayPicture {
    let width: Int
    let height: Int
    let pixels: [UInt8]

    /// The picture in `netpbm`, or `nil` when it is not a complete 8-bit binary PGM.
    init?(netpbm data: Data) {
        let bytes = [UInt8](data)
        var position = 0
        func token() -> Int? {
            // Whitespace and `#` comments separate the header's fields.
            while position < bytes.count {
                if bytes[position] == UInt8(ascii: "#") {
                    while position < bytes.count, bytes[position] != 0x0A { position += 1 }
                } else if [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) {
                    position += 1
                } else {
                    break
                }
            }
            var value = 0
            var digits = 0
            while position < bytes.count, (0x30...0x39).contains(bytes[position]), digits < 9 {
                value = value * 10 + Int(bytes[position] - 0x30)
                position += 1
                digits += 1
            }
            return digits > 0 ? value : nil
        }
        guard bytes.count > 2, bytes[0] == UInt8(ascii: "P"), bytes[1] == UInt8(ascii: "5") else { return nil }
        position = 2
        guard let width = token(), let height = token(), let maximum = token(), maximum == 255, width > 0, height > 0 else { return nil }
        position += 1  // the one whitespace byte before the pixels
        guard bytes.count - position >= width * height else { return nil }
        self.width = width
        self.height = height
        pixels = Array(bytes[position..<(position + width * height)])
    }
}
