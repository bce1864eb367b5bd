internal import CLeptonica
internal import CTesseract
import Domain

/// Reads a prepared page once, in its layout, in the orientation its measurements point to.
///
/// Orientation is decided before the page is read, from what was measured: lines running
/// down the image mean a quarter turn (the one Tesseract's orientation detection prefers),
/// lines ending together on the right but ragged on the left mean half a turn, otherwise
/// upright. A reading that is not reliable is checked cheaply: a few of its longest lines
/// are read again half a turn round, and only if they read clearly better is the page read
/// that way (when they settle nothing, orientation detection sure the page is upside down
/// has it read turned too); a page whose line direction could not be measured may be read
/// once more in the quarter turn orientation detection proposes with confidence. Every
/// orientation read is read as below, Tesseract's layout look included.
///
/// Segmentation (`.automatic`): `TextLineFinder` finds the text lines,
/// `PageLayout` orders them into blocks (columns read one after the other, tables and
/// receipts across), and each block is read as one block of text with nothing but its own
/// lines in view; pictures, rules and noise are never read, nor a block of a photograph's
/// texture whose sampled lines do not read as text (`TextureProbe`). A page of noise is not read at
/// all; a page where no line was found is read as one block. A reading under
/// `reliableConfidence` (`.accurate`) is compared with Tesseract's own layout analysis of
/// the same prepared page, and the one with more confidently read characters is kept. The
/// fixed `PageSegmentation` modes read the whole page in that mode.
struct PageReader {
    /// A page of more ink components than this (a textured photograph's specks) is not given
    /// Tesseract's layout look: its layout analysis takes seconds per ten thousand (a snack
    /// bag's 15,800: 10-12 s, against the page's own reading's 2 s; turned, its 9,200 ran
    /// past the look's budget, 4 s, and were given up), and reads texture.
    static let mostInkForLook = 8_000
    /// The layout look may take this many times as long as the page's own reading took, at
    /// least `shortestLookBudget`; past that it is given up (a safety net: it seldom comes near).
    static let lookBudgetFactor = 3.0
    static let shortestLookBudget: Duration = .seconds(2)
    /// A reading at least this confident is not checked any further.
    static let reliableConfidence = 0.80
    /// Lines read half a turn round to check a doubtful orientation.
    static let orientationSampleLines = 6
    /// Of those, the lines read first (one per core), which may settle it alone.
    static let orientationFirstLines = 2
    /// Half a turn round must read this much more confidently to be taken.
    static let orientationMargin = 0.10
    /// A prepared page of at most this many pixels is turned in a tenth of a second: read as
    /// good as unread, its quarter turns are sampled whatever its lines' measured direction
    /// (a barcode's bars beside a sideways receipt are measured as lines across; a photograph
    /// of 9 MP took 0.7 s more for the two).
    static let cheaplyTurnedPixels = 3_000_000
    /// A reading with more of its characters than this share read from lines Tesseract
    /// turned (`PreparedLine.readTurned`) is checked for a quarter turn, however confident.
    static let largestTurnedShare = 0.5
    /// Orientation detection's confidence needed to try its quarter turn
    /// (Tesseract's own `min_orientation_margin`).
    static let trustedDetection = 7.0

    /// The engines to read with (blocks and sampled lines are shared out on a spare core).
    let crew: EngineCrew
    /// The setup of the engine the page is read with.
    let setup: EngineSetup
    let control: RecognitionControl
    let preparation: ImagePreparation
    let segmentation: PageSegmentation
    let trace: StageTrace

    struct Reading {
        let rotation: RotationDegree
        let prepared: PreparedImage
        let lines: [PreparedLine]
        let quality: ReadingQuality
        /// The text lines our layout found on the prepared page (`.automatic` only), read or not.
        var foundLines: [PixelRect] = []
        /// The pictures read as blocks of their own (`PageLayout.pictureBlocks`).
        var pictures: [PixelRect] = []
        /// Tesseract's own layout analysis of the same page, started on a spare core while
        /// the page was read, in case the reading turns out unreliable.
        var layoutLook: SpareLook<BlockReading, [PreparedLine]>? = nil
        /// Whether a block was left unread as a photograph's texture (`TextureProbe`): only
        /// its sampled lines stand for it, so the reading is checked against Tesseract's
        /// layout look however confident it is.
        var leftTexture = false
        /// Whether Tesseract's layout look at this page ran out of its time and was given up:
        /// the page turned is not looked at either (the same specks, the same time).
        var lookRanOut = false
        /// The ink components (4-connected) of the page's binarisation (`.automatic` only).
        var inkComponents = 0

        /// Whether the reading is reliable (`PageReader.isReliable`).
        var isReliable: Bool { PageReader.isReliable(quality, leftTexture: leftTexture) }
        /// What was found about this reading's orientation while Tesseract's layout look ran
        /// (`orientationAhead`); carried over to the look's reading only when it settled the
        /// page upright.
        var ahead: OrientationAhead? = nil

        /// `other` when it reads better, else this reading.
        func orBetter(_ other: Reading) -> Reading { other.quality > quality ? other : self }

        /// How well the lines Tesseract read as they stand (not turned) read: those it turned
        /// are no evidence that the page stands this way.
        var uprightQuality: ReadingQuality { ReadingQuality(lines: lines.filter { !$0.readTurned }.map(\.line)) }

        /// The share of the characters read that Tesseract read from lines it turned
        /// (`PreparedLine.readTurned`).
        var turnedShare: Double {
            let count = { (lines: [PreparedLine]) in lines.reduce(0) { $0 + $1.line.text.visibleCharacterCount } }
            let all = count(lines)
            return all == 0 ? 0 : Double(count(lines.filter(\.readTurned))) / Double(all)
        }
    }

    /// - Parameters:
    ///   - base: The prepared, orientation-independent page (see `ImagePreparation.base`).
    ///   - detectOrientation: Whether the orientation is to be found (else upright).
    ///   - detection: Tesseract's orientation detection on the page, when asked for.
    ///   - uprightSize: Size of the unscaled image each orientation turns into.
    /// - Throws: `CancellationError` when cancelled, `OCRError.engineFailure` when Tesseract fails.
    func read(
        base: ImagePreparation.Base,
        detectOrientation: Bool,
        detection: () -> (rotation: RotationDegree, confidence: Double)?,
        uprightSize: (RotationDegree) -> ImageSize
    ) throws -> Reading {
        var first = RotationDegree.upright
        if detectOrientation, base.lineDirection == .vertical {
            first = detection()?.rotation == .clockwise270 ? .clockwise270 : .clockwise90
        } else if detectOrientation, base.linesAlignRightOnly {
            first = .clockwise180
        }
        let reading = try readPageLooking(base, rotation: first, uprightSize: uprightSize) { started in
            // While the look runs on the spare core, this one checks the orientation.
            try orientationAhead(of: started, base: base, first: first, detectOrientation: detectOrientation, detection: detection)
        }
        // Most of it read from lines Tesseract turned (a table's cells turned a quarter, read
        // surely as vertical text), however confidently: the page may be turned itself.
        let readTurned = reading.turnedShare > Self.largestTurnedShare
        guard detectOrientation, reading.quality.meanConfidence < Self.reliableConfidence || readTurned else { return reading }
        let gain = try reading.ahead.map(\.halfTurnGain) ?? halfTurnGain(reading)
        if let gain, gain > Self.orientationMargin {
            return reading.orBetter(
                try readPageLooking(base, rotation: first.followed(by: .clockwise180), uprightSize: uprightSize, mayLook: !reading.lookRanOut))
        }
        // A page that read as nothing (a blank picture) has no lines to sample: turning it
        // costs seconds on a large picture and finds nothing. (A page turned a quarter reads
        // as noise, so a noisy reading is sampled; and one whose blocks were all left unread
        // as texture, their samples read as nothing, goes on to the quarter turns.)
        guard !reading.lines.isEmpty || reading.leftTexture else { return reading }
        // Lines sampled on an upside-down page can read as garbage both ways (a receipt's
        // longest lines are its garbled ones): when they did not settle it, or the page read
        // as good as nothing, orientation detection, sure enough, may tell upside down, and
        // the page is read turned too.
        let confidence = reading.quality.meanConfidence
        if first == .upright, let gain, Self.asksDetectionIfUpsideDown(gain: gain, meanConfidence: confidence), let found = detection(),
            found.rotation == .clockwise180, found.confidence >= Self.upsideDownDetection
        {
            return reading.orBetter(try readPageLooking(base, rotation: .clockwise180, uprightSize: uprightSize, mayLook: !reading.lookRanOut))
        }
        if base.lineDirection == .vertical {
            // Measured running down the image, read a quarter turn round, and unreliable: the
            // measure may have been fooled (a receipt's columns of amounts at a small size), so
            // lines sampled upright may show the page was upright after all.
            guard let upright = try turnedPage(base, turnedBy: .upright, readingBetterThan: reading, uprightSize: uprightSize) else { return reading }
            return reading.orBetter(
                try readPageLooking(base, rotation: .upright, uprightSize: uprightSize, prepared: upright, mayLook: !reading.lookRanOut))
        }
        // A small page read as good as unread may be turned a quarter though its lines were
        // measured across (a screenshot's short lines turned; a sideways receipt's barcode):
        // its turns are cheap to sample. (Small as prepared: a slip on a large scan is
        // prepared from the part holding it.)
        let size = base.image.size
        let unread =
            reading.quality.meanConfidence < Double(ReadingQuality.minimumWordConfidence) && size.width * size.height <= Self.cheaplyTurnedPixels
        guard base.lineDirection == nil || unread || readTurned else { return reading }
        // Lines whose direction could not be measured (short lines, table cells, large type),
        // or a small page as good as unread: the quarter turns `quartersToTry` names.
        let proposal = detection()
        let trusted = (proposal?.confidence ?? 0) >= Self.trustedDetection
        for quarter in Self.quartersToTry(proposal: proposal?.rotation, trusted: trusted, unsureUpright: unread || readTurned) {
            let sampled =
                trusted
                ? nil
                : try trace.measure("quarterturn") { try turnedPage(base, turnedBy: quarter, readingBetterThan: reading, uprightSize: uprightSize) }
            guard trusted || sampled != nil else { continue }
            return reading.orBetter(
                try readPageLooking(base, rotation: quarter, uprightSize: uprightSize, prepared: sampled, mayLook: !reading.lookRanOut))
        }
        return reading
    }

    /// The quarter turns a page whose upright reading is doubtful is read at, in order, given
    /// orientation detection's `proposal` (`nil` when it found too little to say) and whether
    /// it is `trusted`: a proposed quarter turn, read directly when trusted; else sampled
    /// first, then the other (unsure, detection proposed the wrong one for a menu board
    /// turned: its panels read 0.99 → 0.54). Without a proposal, or with an upright answer on
    /// a page as good as unread or read from turned lines (`unsureUpright`) and not trusted,
    /// both are sampled; after a trusted upright answer, none.
    static func quartersToTry(proposal: RotationDegree?, trusted: Bool, unsureUpright: Bool) -> [RotationDegree] {
        let both: [RotationDegree] = [.clockwise90, .clockwise270]
        if let proposal, both.contains(proposal) {
            return trusted ? [proposal] : [proposal, proposal.followed(by: .clockwise180)]
        }
        return proposal == nil || (unsureUpright && !trusted) ? both : []
    }

    /// Reads the page turned by `rotation` (`prepared` already, when given) as `readPage`
    /// does; when that reading is unreliable (`.automatic`, `.accurate`), Tesseract's own
    /// layout analysis has one look at the same prepared page, and the reading with more
    /// confidently read characters is kept (a business card whose logo and border our lines
    /// mistook: 0.76 → 0.42). `whileLooking` is given the page's own reading while that look
    /// still runs on the spare core (the job's core would otherwise wait for it); what it
    /// finds stays with that reading (`Reading.ahead`).
    func readPageLooking(
        _ base: ImagePreparation.Base, rotation: RotationDegree, uprightSize: (RotationDegree) -> ImageSize,
        prepared turned: PreparedImage? = nil, mayLook: Bool = true, whileLooking: (Reading) throws -> OrientationAhead? = { _ in nil }
    ) throws -> Reading {
        let label = "\(rotation.degrees)"
        let looksAtLayout = mayLook && segmentation == .automatic && preparation.level == .accurate
        let clock = ContinuousClock()
        let start = clock.now
        var reading = try readPage(
            base, rotation: rotation, uprightSize: uprightSize, label: label, startsLayoutLook: looksAtLayout, prepared: turned)
        guard looksAtLayout else { return reading }
        guard !reading.isReliable, reading.inkComponents <= Self.mostInkForLook else {
            reading.layoutLook?.abandon()
            return reading
        }
        if reading.layoutLook?.isRunning == true { reading.ahead = try whileLooking(reading) }
        // The look is a second opinion, bounded by the page's own reading's time.
        let budget = max(Self.shortestLookBudget, (clock.now - start) * Self.lookBudgetFactor)
        let lines: [PreparedLine]
        if let look = reading.layoutLook, look.wasStarted {
            guard let looked = try look.result(waitingAtMost: budget) else {
                reading.lookRanOut = true
                trace.note("lookGivenUp", budget.inSeconds)
                return reading
            }
            lines = looked
        } else {
            do {
                lines = try trace.measure("look") {
                    try recognize(
                        reading.prepared, PSM_AUTO, with: crew.engines.reader(for: setup), control: control.child(budget: budget), progress: 1...1)
                }
            } catch is RecognitionControl.BudgetExceeded {
                reading.lookRanOut = true
                trace.note("lookGivenUp", budget.inSeconds)
                return reading
            }
        }
        var other = Reading(
            rotation: reading.rotation, prepared: reading.prepared, lines: lines, quality: ReadingQuality(lines: lines.map(\.line)),
            foundLines: reading.foundLines)
        // The look read the same page turned the same way: a half-turn check its blocks'
        // lines settled (upright, `settledMargin`) holds for the look's reading too, and is
        // not sampled again from its lines (0.2–0.3 s on a photographed receipt).
        if let ahead = reading.ahead, let gain = ahead.halfTurnGain, Self.settlesUpright(gain: gain) { other.ahead = ahead }
        trace.notePass("\(label)-layout", meanConfidence: other.quality.meanConfidence)
        // Reading apart rows that ours reads as lines (a label and its value on a slip)
        // costs their meaning: such a reading must also be clearly more confident (a
        // business card's two blocks side by side: 0.61 → 0.81; a pharmacy slip read as
        // a label column and a value column: 0.76 → 0.78, kept as rows).
        let apart = RowSplitting.rowsReadApart(other.lines.map(\.line)) - RowSplitting.rowsReadApart(reading.lines.map(\.line))
        guard apart < RowSplitting.tolerance || other.quality.meanConfidence >= reading.quality.meanConfidence + RowSplitting.confidenceMargin
        else { return reading }
        return reading.orBetter(other)
    }

    /// Reads the page turned by `rotation` (`prepared` already, when given): its layout, then
    /// each block (shared out on a spare core). With `startsLayoutLook`, the helper on that core starts Tesseract's own
    /// layout analysis once it has no block left, while the blocks read so far are doubtful
    /// (`Reading.layoutLook`).
    private func readPage(
        _ base: ImagePreparation.Base, rotation: RotationDegree, uprightSize: (RotationDegree) -> ImageSize, label: String,
        startsLayoutLook: Bool = false, prepared turned: PreparedImage? = nil
    ) throws -> Reading {
        try control.checkpoint()
        var prepared = try turned ?? preparation.prepare(base: base, rotation: rotation, uprightSize: uprightSize(rotation))
        // Faint print (nothing darker than level 40) is read stretched, paper to white: on
        // grey paper beside white print-head streaks, a threshold splits paper from streaks.
        let stretched = try prepared.image.stretchedToPaperWhite()
        if let stretched { prepared = prepared.withStretched(stretched) }
        PreparedImageDump.write(prepared.image, label: label)
        var lines: [PreparedLine] = []
        var foundLines: [PixelRect] = []
        var pictures: [PixelRect] = []
        var layoutLook: SpareLook<BlockReading, [PreparedLine]>?
        var leftTexture = false
        var pageInk = 0
        if segmentation == .automatic {
            let (layout, inkComponents) = try trace.measure("layout") { try layoutOf(prepared, textHeight: base.textHeight) }
            pageInk = inkComponents
            // A page with more ink components than text ever has (a checkerboard, noise) costs
            // Tesseract hundreds of megabytes per look: it is read with one look at a time.
            let crew = inkComponents > TextLineFinder.maximumComponents ? crew.alone : crew
            trace.note("ink", Double(inkComponents))
            // Print faint where the text is, though something else on the page is dark (a
            // photo's desk edge or shadow): its levels are measured inside the lines found.
            if stretched == nil, let faint = try prepared.image.stretchedToPaperWhite(measuredIn: layout.lines) {
                prepared = prepared.withStretched(faint)
            }
            PreparedImageDump.write(prepared.image, blocks: layout.blocks, lines: layout.lines, textHeight: base.textHeight, label: label)
            foundLines = layout.lines
            pictures = layout.pictureBlocks.sorted().map { layout.blocks[$0] }
            try control.checkpoint()
            if startsLayoutLook, inkComponents <= Self.mostInkForLook {
                // Wanted unless the blocks read so far (if any) read reliably, every one of them.
                let unreliable: ([BlockReading]) -> Bool = { read in
                    read.isEmpty
                        || !Self.isReliable(ReadingQuality(lines: read.flatMap(\.lines).map(\.line)), leftTexture: read.contains(where: \.isTexture))
                }
                layoutLook = SpareLook(wanted: unreliable, control: control) { engines, image, control in
                    try recognize(image, PSM_AUTO, with: engines.reader(for: setup), control: control, progress: 1...1)
                }
            }
            // Each block is read with only its own lines in view, from each thread's own copy.
            let height = base.textHeight ?? ImagePreparation.targetTextHeight
            let area = Double(max(1, layout.blocks.reduce(0) { $0 + $1.width * $1.height }))
            let shares = layout.blocks.map { Double($0.width * $0.height) / area }
            let blocks = layout.blocks
            let blockArea: (Int) -> Int = { blocks[$0].width * blocks[$0].height }
            let indices = Array(blocks.indices)
            let read = try crew.map(indices, on: prepared, cost: blockArea, readingWith: [setup], spareLook: layoutLook) { index, engines, image in
                let done = shares[..<index].reduce(0, +)
                let engine = try engines.reader(for: setup)
                return try image.image.withOnly(layout.visibleAreas(of: index), visibleIn: blocks[index], level: image.background) {
                    // A block of a photograph's texture is read only when a sample of its lines reads as text.
                    if let samples = try textureSamples(layout.blockLines[index], textHeight: height, reading: engine, in: image) {
                        return BlockReading(lines: samples, isTexture: true)
                    }
                    let read = try recognize(image, PSM_SINGLE_BLOCK, with: engine, within: blocks[index], progress: done...(done + shares[index]))
                    // One line found, several read: Tesseract may have taken a widely spaced line
                    // for vertical text, read a character at a time (`경계로부터 … 선형과` →
                    // `계로 로 괴`, `Al`, `a}`, …). Read as one line too; the line is kept when read
                    // at least as confidently (the pieces hold more characters: they repeat).
                    // So is a block of one row of text beside a rule or specks (`부가세 포함 1,209`
                    // over a row of dashes read `함 008 00 _`, `가세포함1.20 쪼리 1,20`), read
                    // within the row.
                    let rows = layout.rows(of: index, textHeight: height)
                    let singleLine = layout.isSingleLine(index)
                    if singleLine || rows.count == 1 {
                        guard read.count > 1 else { return BlockReading(lines: read) }
                        let box = singleLine ? blocks[index] : rows[0].readingBox(within: image.image.size)
                        let asLine = try recognize(image, PSM_SINGLE_LINE, with: engine, within: box, progress: 1...1)
                        return BlockReading(lines: Self.reading(ofOneLine: read, asLine: asLine))
                    }
                    // A line read across two of the rows found (labels and their amounts far
                    // apart on grainy paper: `과세금액 11,955원` and `세액 1,195원` read as
                    // `he 14,9552`): the rows are read one at a time too, and kept when they
                    // read better.
                    guard Self.mergesRows(read, rows: rows) else { return BlockReading(lines: read) }
                    let byRows = try rows.flatMap { row in
                        try recognize(image, PSM_SINGLE_LINE, with: engine, within: row.readingBox(within: image.image.size), progress: 1...1)
                    }
                    return BlockReading(lines: Self.reading(read, orByRows: byRows))
                }
            }
            lines = read.flatMap(\.lines)
            leftTexture = read.contains(where: \.isTexture)
            control.report(1)
        } else {
            lines = try recognize(prepared, segmentation.tesseractMode, with: crew.engines.reader(for: setup), progress: 0...1)
        }
        var reading = Reading(
            rotation: rotation, prepared: prepared, lines: lines, quality: ReadingQuality(lines: lines.map(\.line)), foundLines: foundLines,
            pictures: pictures, layoutLook: layoutLook, leftTexture: leftTexture)
        reading.inkComponents = pageInk
        trace.notePass(label, meanConfidence: reading.quality.meanConfidence)
        return reading
    }

    /// One recognition of `prepared` (or a rectangle of it) in `mode`.
    func recognize(
        _ prepared: PreparedImage, _ mode: TessPageSegMode, with engine: any TextRecognizer, within rectangle: PixelRect? = nil,
        control: RecognitionControl? = nil, progress: ClosedRange<Double>
    ) throws -> [PreparedLine] {
        let control = control ?? self.control
        try control.checkpoint()
        let monitor = RecognitionMonitor(control: control, progressRange: progress)
        let lines = engine.recognize(prepared, segmentation: mode, monitor: monitor, within: rectangle)
        try control.checkpoint()
        guard let lines else { throw OCRError.engineFailure("Tesseract could not recognise the image") }
        return lines
    }
}

extension PageSegmentation {
    /// Tesseract's mode for a fixed choice (`.automatic` reads blocks as single columns).
    var tesseractMode: TessPageSegMode {
        switch self {
        case .automatic, .singleColumn: PSM_SINGLE_COLUMN
        case .singleBlock: PSM_SINGLE_BLOCK
        case .layoutAnalysis: PSM_AUTO
        case .singleLine: PSM_SINGLE_LINE
        case .sparseText: PSM_SPARSE_TEXT
        }
    }
}
