internal import CLeptonica
internal import CTesseract
import Domain

/// How a page's reading settles its orientation: the half-turn check, the quarter turns
/// sampled, orientation detection asked for in time.
extension PageReader {
    /// What `read` finds out about the orientation of a doubtful reading while Tesseract's
    /// layout look runs on the spare core (the job's core would otherwise wait for it): used
    /// when that reading is kept.
    struct OrientationAhead {
        /// See `halfTurnGain(_:)`.
        let halfTurnGain: Double?
    }

    /// The half-turn check of `reading`, and orientation detection (kept by the job) when
    /// the page was read upright or its line direction was not measured: what a reading
    /// under `reliableConfidence` is checked with next, done before waiting for the layout look.
    func orientationAhead(
        of reading: Reading, base: ImagePreparation.Base, first: RotationDegree, detectOrientation: Bool,
        detection: () -> (rotation: RotationDegree, confidence: Double)?
    ) throws -> OrientationAhead? {
        guard detectOrientation else { return nil }
        let gain = try halfTurnGain(reading)
        let confidence = reading.quality.meanConfidence
        let asks = gain.map { first == .upright && Self.asksDetectionIfUpsideDown(gain: $0, meanConfidence: confidence) } ?? false
        if let gain, gain <= Self.orientationMargin, asks || base.lineDirection == nil { _ = detection() }
        return OrientationAhead(halfTurnGain: gain)
    }

    /// How much more confidently, on average, a few of the reading's longest lines read
    /// again half a turn round: over `orientationMargin`, the page is upside down; `nil`
    /// when the reading has no lines.
    ///
    /// The longest lines are read first, one per core; when they already read clearly worse
    /// turned (`settledMargin`), the page is taken as upright without reading the rest.
    func halfTurnGain(_ reading: Reading) throws -> Double? {
        try trace.measure("halfturn") { () throws -> Double? in
            let sample = Array(reading.lines.sorted { $0.line.text.count > $1.line.text.count }.prefix(Self.orientationSampleLines))
            guard !sample.isEmpty else { return nil }
            let first = min(sample.count, Self.orientationFirstLines)
            var pairs = try confidencesTurned(Array(sample[..<first]), in: reading.prepared)
            let settled = pairs.count == first && Self.settlesUpright(gain: Self.meanGain(pairs, over: first))
            if !settled, first < sample.count {
                pairs += try confidencesTurned(Array(sample[first...]), in: reading.prepared)
            }
            let count = settled ? first : sample.count
            trace.note("turned", Self.meanGain(pairs, over: count))
            return Self.meanGain(pairs, over: count)
        }
    }

    /// Whether a reading (of `meanConfidence`) whose half-turn gain did not turn the page
    /// asks orientation detection whether it is upside down: the gain settled nothing (it
    /// neither turns the page, `orientationMargin`, nor settles it upright, `settledMargin`),
    /// or the reading is as good as unread (under `ReadingQuality.minimumWordConfidence`: the
    /// lines it samples are noise either way round — an upside-down receipt scan's read 0.38
    /// worse turned).
    static func asksDetectionIfUpsideDown(gain: Double, meanConfidence: Double) -> Bool {
        let unsettled = gain <= orientationMargin && !settlesUpright(gain: gain)
        return unsettled || meanConfidence < Double(ReadingQuality.minimumWordConfidence)
    }

    /// Orientation detection's confidence needed to read a page upside down when sampled
    /// lines did not settle it. Measured with `tesseract --psm 0` on the 23 real images and
    /// the same turned half a turn: every answer of 0 or 180 at 1 or more was right; under
    /// it, a web graphic upright was called upside down (0.21).
    static let upsideDownDetection = 1.0

    /// The page prepared turned by `rotation` (a quarter turn orientation detection proposed
    /// unsurely, or upright after a quarter turn the measured line direction chose) when it
    /// reads clearly better than `reading`, else `nil`: the text lines found on the turned page
    /// (of the text's height: no rows of dashes or pictures), its `orientationFirstLines`
    /// widest read alone, are `orientationMargin` more confident on average than `reading`'s
    /// lines as they stand (`Reading.uprightQuality`). A page turned a quarter has no lines to sample
    /// upright (its characters stand in columns), so they are found on the turned page.
    func turnedPage(
        _ base: ImagePreparation.Base, turnedBy rotation: RotationDegree, readingBetterThan reading: Reading,
        uprightSize: (RotationDegree) -> ImageSize
    ) throws -> PreparedImage? {
        try control.checkpoint()
        let turned = try preparation.prepare(base: base, rotation: rotation, uprightSize: uprightSize(rotation))
        let height = base.textHeight ?? ImagePreparation.targetTextHeight
        let found = try trace.measure("layout") { try layoutOf(turned, textHeight: height).0.lines }
        // Lines of the text's height: not rows of dashes, not pictures.
        let text = found.filter { Double($0.height) >= 0.7 * height && Double($0.height) <= 1.5 * height }
        let widest = Array(text.sorted { $0.width > $1.width }.prefix(Self.orientationFirstLines))
        guard !widest.isEmpty else { return nil }
        let confidences = try crew.map(widest, on: turned, cost: \.width, readingWith: [setup]) { line, engines, image -> Double in
            try control.checkpoint()
            let box = line.readingBox(within: image.image.size)
            let read = try engines.reader(for: setup).look(at: image, PSM_SINGLE_LINE, within: box, control: control) ?? []
            return Double(read.map(\.line.confidence).max() ?? 0)
        }
        let sampled = confidences.reduce(0, +) / Double(confidences.count)
        let standing = reading.uprightQuality.meanConfidence
        trace.note("quarter", sampled - standing)
        return sampled > standing + Self.orientationMargin ? turned : nil
    }

    /// Lines whose turned reading is this much less confident (on average) settle that the
    /// page is upright: upright pages' longest lines read far worse turned, well past it.
    static let settledMargin = 0.2

    /// Whether a half-turn `gain` settles that the page stands upright (`settledMargin`).
    static func settlesUpright(gain: Double) -> Bool { gain < -settledMargin }

    /// The mean gain in confidence of `pairs` (as read, turned) over `count` lines.
    static func meanGain(_ pairs: [(Double, Double)], over count: Int) -> Double {
        pairs.reduce(0) { $0 + $1.1 - $1.0 } / Double(max(1, count))
    }

    /// For each of `lines`, its confidence as read and read again half a turn round (with
    /// `EngineSetup.turnedSample`).
    func confidencesTurned(_ lines: [PreparedLine], in prepared: PreparedImage) throws -> [(Double, Double)] {
        let turnedSetup = setup.turnedSample
        return try crew.map(lines, on: prepared, cost: \.preparedBox.width, readingWith: [turnedSetup]) { line, engines, image -> (Double, Double)? in
            try control.checkpoint()
            let box = line.readingBox(within: image.image.size)
            guard let crop = try? image.image.clipped(to: box).rotated(by: .clockwise180) else { return nil }
            let piece = PreparedImage(piece: crop, of: image)
            let other = try engines.reader(for: turnedSetup).look(at: piece, PSM_SINGLE_LINE, control: control) ?? []
            return (Double(line.line.confidence), Double(other.map(\.line.confidence).max() ?? 0))
        }.compactMap { $0 }
    }
}
