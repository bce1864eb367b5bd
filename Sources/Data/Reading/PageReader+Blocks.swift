internal import CLeptonica
internal import CTesseract
import Domain

/// A page's blocks: their layout, what is read in them, and when a block is texture.
extension PageReader {
    /// The layout of a prepared page: its text lines found in a locally binarised copy
    /// (`TextLineFinder`), ordered into blocks (`PageLayout`); and how many ink components
    /// (4-connected) Tesseract will see in it. A page with more ink
    /// components than text ever has is noise: it has no blocks, and is not read. A page
    /// where no line was found (print too faint to binarise, or no text) is one block, and
    /// Tesseract has its own look.
    func layoutOf(_ prepared: PreparedImage, textHeight: Double?) throws -> (PageLayout, inkComponents: Int) {
        let height = textHeight ?? ImagePreparation.targetTextHeight
        let local = try prepared.image.binarizedLocally(window: Int(3 * height))
        let global = try prepared.image.binarized()
        let inkComponents = global.componentCount(connectivity: 4)
        let joined = try local.applying("join the binarisations") { pixOr(nil, $0, global.pix) }
        // Solid ink wider than any stroke (a dark band, a bumper, a filled box) is no
        // character: taken out, it neither forms "lines" nor is kept in view for reading.
        let side = Int32(max(3, (TextLineFinder.solidSide * height).rounded()))
        let solid = try joined.openedWithBrick(width: side, height: side, "find solid ink")
        let binary = try joined.applying("take out solid ink") { pixSubtract(nil, $0, solid.pix) }
        let components = binary.componentBoxes(connectivity: 8)
        guard let lines = TextLineFinder.lines(in: components, textHeight: height) else {
            return (PageLayout(blocks: []), inkComponents)  // noise
        }
        guard !lines.isEmpty else {
            return (PageLayout(blocks: [PixelRect(x: 0, y: 0, width: prepared.image.size.width, height: prepared.image.size.height)]), inkComponents)
        }
        let pictures = TextLineFinder.pictures(among: lines, components: components, textHeight: height)
        return (PageLayout(lines: lines, pictures: pictures, textHeight: height, size: prepared.image.size, rules: prepared.rules), inkComponents)
    }

    /// Whether a reading of `quality` is reliable: at least `reliableConfidence`, with every
    /// block read (none `leftTexture`); an unreliable one is compared with Tesseract's layout look.
    static func isReliable(_ quality: ReadingQuality, leftTexture: Bool) -> Bool {
        quality.meanConfidence >= reliableConfidence && !leftTexture
    }

    /// The reading of one block: its lines, or only the sampled lines that stand for a block
    /// left unread as a photograph's texture (`isTexture`).
    struct BlockReading {
        var lines: [PreparedLine]
        var isTexture = false
    }

    /// The readings of the sampled lines that stand for the block made of the found `lines`
    /// when it is left unread as a photograph's texture (`TextureProbe`); `nil` when the
    /// block is to be read.
    func textureSamples(_ lines: [PixelRect], textHeight: Double, reading engine: any TextRecognizer, in image: PreparedImage) throws
        -> [PreparedLine]?
    {
        guard TextureProbe.isProbed(lines, textHeight: textHeight) else { return nil }
        return try TextureProbe.textureReadings(of: lines, textHeight: textHeight) { line in
            try engine.look(at: image, PSM_SINGLE_LINE, within: line.readingBox(within: image.image.size), control: control) ?? []
        }
    }

    /// `lines` with the words of those read inside `pictures` (their centres) kept only
    /// where read at least `reliableConfidence` (a line left with none is dropped): text over
    /// a photo is kept, a picture's texture (bricks, leaves) read as marks is not.
    static func reliableWords(of lines: [PreparedLine], inside pictures: [PixelRect]) -> [PreparedLine] {
        guard !pictures.isEmpty else { return lines }
        return lines.compactMap { read in
            let box = read.preparedBox
            guard pictures.contains(where: { $0.contains(x: box.x + box.width / 2, y: box.y + box.height / 2) }) else { return read }
            return read.line.keepingWords { Double($0.confidence) >= reliableConfidence }.map { PreparedLine(line: $0, preparedBox: box) }
        }
    }

    /// Whether a reading of a block took two of its found `rows` (top to bottom) for one
    /// line: a line read doubtfully (under `reliableConfidence`) across two rows, over a
    /// quarter of each one's height (`카드:` and `13,400원` read `tei 13,4001` down into
    /// the next row). Rows that overlap (a table row's cells, their first lines at
    /// different heights) are no rows to read one by one.
    static func mergesRows(_ read: [PreparedLine], rows: [PixelRect]) -> Bool {
        guard rows.count > 1, zip(rows, rows.dropFirst()).allSatisfy({ $0.maxY <= $1.y }) else { return false }
        return read.contains { line in
            let box = line.preparedBox
            guard Double(line.line.confidence) < reliableConfidence else { return false }
            return rows.count { row in
                let down = min(row.maxY, box.maxY) - max(row.y, box.y)
                let across = min(row.maxX, box.maxX) - max(row.x, box.x)
                return across > 0 && 4 * down > row.height
            } >= 2
        }
    }

    /// Of a block's reading (`asBlock`) and its found rows read one by one (`byRows`), the
    /// rows, when they hold at least as many confidently read characters and read at least
    /// as confidently on average: read alone, a row loses nothing to its neighbours.
    static func reading(_ asBlock: [PreparedLine], orByRows byRows: [PreparedLine]) -> [PreparedLine] {
        let block = ReadingQuality(lines: asBlock.map(\.line))
        let rows = ReadingQuality(lines: byRows.map(\.line))
        return rows.confidentCharacters >= block.confidentCharacters && rows.meanConfidence >= block.meanConfidence ? byRows : asBlock
    }

    /// Of two readings of a block holding one found line — as a block (`asBlock`, which came
    /// back as several lines) and as a line — the line, when it was read at least as
    /// confidently. Not by confident characters: pieces of a line read as vertical text repeat
    /// characters, so they hold more. The block's pieces on one row are one line, their words
    /// in order along it (a table row's cells far apart came back as `60`, `인천`, `2분기`).
    static func reading(ofOneLine asBlock: [PreparedLine], asLine: [PreparedLine]) -> [PreparedLine] {
        let line = ReadingQuality(lines: asLine.map(\.line)).meanConfidence
        if !asLine.isEmpty, line >= ReadingQuality(lines: asBlock.map(\.line)).meanConfidence { return asLine }
        var joined: [PreparedLine] = []
        for piece in asBlock.sorted(by: { $0.preparedBox.x < $1.preparedBox.x }) { PreparedLine.join(piece, into: &joined) }
        return joined
    }
}
