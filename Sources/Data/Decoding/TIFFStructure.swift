/// The pages of a TIFF, from its image file directories, read without decoding: each
/// page's size and whether it is stored in tiles.
struct TIFFStructure {
    struct Page: Equatable {
        let width: Int
        let height: Int
        /// Stored in tiles (TileWidth, tag 322) rather than strips.
        let isTiled: Bool
    }

    /// Directories followed at most: a loop or a flood of pages stops here.
    static let maximumPages = 10_000

    let pages: [Page]

    /// `nil` when the data is not a TIFF or its first directory cannot be read.
    init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        var reader = ByteReader(bytes, littleEndian: true)
        if reader.matches([0x4D, 0x4D], at: 0) {
            reader.littleEndian = false
        } else if !reader.matches([0x49, 0x49], at: 0) {
            return nil
        }
        guard reader.uint16(2) == 42, var directory = reader.uint32(4) else { return nil }
        var pages: [Page] = []
        var visited: Set<Int> = []
        while directory != 0, pages.count < Self.maximumPages, visited.insert(directory).inserted,
            let count = reader.uint16(directory)
        {
            var width = 0
            var height = 0
            var tiled = false
            for index in 0..<count {
                let entry = directory + 2 + index * 12
                guard let tag = reader.uint16(entry), let type = reader.uint16(entry + 2) else { break }
                // SHORT (3) or LONG (4) values stand in the entry itself.
                let value = type == 3 ? reader.uint16(entry + 8) : reader.uint32(entry + 8)
                switch tag {
                case 256: width = value ?? 0
                case 257: height = value ?? 0
                case 322: tiled = true
                default: break
                }
            }
            pages.append(Page(width: width, height: height, isTiled: tiled))
            guard let next = reader.uint32(directory + 2 + count * 12) else { break }
            directory = next
        }
        guard !pages.isEmpty else { return nil }
        self.pages = pages
    }
}
