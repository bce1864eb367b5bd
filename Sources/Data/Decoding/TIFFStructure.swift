/// The pages of a TIFF, from its image file directories, read without decoding: each
/// page's size, how its samples are stored, and whether it is stored in tiles.
struct TIFFStructure {
    struct Page: Equatable {
        var width = 0
        var height = 0
        /// Stored in tiles (TileWidth, tag 322) rather than strips.
        var isTiled = false
        /// Bits per sample (BitsPerSample, tag 258; the first channel's).
        var bitsPerSample = 1
        /// How samples are numbers (SampleFormat, tag 339): 1 unsigned, 2 signed, 3 floating point.
        var sampleFormat = 1

        /// Why the decoder cannot read this page's samples, or `nil` when it can.
        var unsupportedSamples: String? {
            if sampleFormat == 3 {
                return
                    "its samples are \(bitsPerSample)-bit floating-point numbers, which the TIFF reader does not read; convert it to 8 or 16 bits (for example: convert IN -depth 8 OUT.png)"
            }
            if bitsPerSample > 16 {
                return
                    "its samples have \(bitsPerSample) bits, and the TIFF reader reads at most 16; convert it to 8 or 16 bits (for example: convert IN -depth 8 OUT.png)"
            }
            return nil
        }
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
            var page = Page()
            for index in 0..<count {
                let entry = directory + 2 + index * 12
                guard let tag = reader.uint16(entry), let type = reader.uint16(entry + 2), let values = reader.uint32(entry + 4) else { break }
                // SHORT (3) or LONG (4) values stand in the entry itself when they fit in its
                // four bytes; else the entry holds where they are.
                let inEntry = type == 3 ? values <= 2 : values <= 1
                let place = inEntry ? entry + 8 : reader.uint32(entry + 8) ?? -1
                let value = type == 3 ? reader.uint16(place) : reader.uint32(place)
                switch tag {
                case 256: page.width = value ?? 0
                case 257: page.height = value ?? 0
                case 258: page.bitsPerSample = value ?? 1
                case 322: page.isTiled = true
                case 339: page.sampleFormat = value ?? 1
                default: break
                }
            }
            pages.append(page)
            guard let next = reader.uint32(directory + 2 + count * 12) else { break }
            directory = next
        }
        guard !pages.isEmpty else { return nil }
        self.pages = pages
    }
}
