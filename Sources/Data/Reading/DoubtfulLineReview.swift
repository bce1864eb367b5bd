internal import CLeptonica
internal import CTesseract
import Domain

/// Re-reads each doubtful line on its own and keeps the more confident reading.
///
/// A page read as one block can leave a line with low confidence because of its
/// neighbours (a faded print band, a price column that drifts); read alone, with a margin,
/// the same line often comes back whole and sure. Runs for `.accurate` readings; costs one
/// single-line recognition per line below `PageReader.reliableConfidence`.
///
/// A line still read under `otherViewsBelow` (the confidence filter would drop it) is shown to
/// Tesseract in other ways (`LineView`), while it stays that unsure: made `widening` times
/// wider (its line model sees narrow print — a condensed receipt font, a card number of
/// asterisks — better spread out), then with bolder strokes. Other widths read less well,
/// thinner strokes no better, and showing every doubtful line so cost seconds for little.
///
/// A line holding a mask read unsurely out of a card number's shape (`2760-24*-*_1383`) is
/// shown so too, whatever its confidence, and a view is taken when it reads the shape
/// (taking any more confident view instead turned right numbers wrong).
struct DoubtfulLineReview {
    static let stage = "review"
    let crew: EngineCrew
    /// The setup of the engine the page was read with.
    let setup: EngineSetup
    let control: RecognitionControl
    /// Lines read alone less confidently than this are shown in other ways (0: none is).
    var otherViewsBelow: Float = 0
    /// The height of the body text in prepared pixels on a page printed in two sizes
    /// (`ImagePreparation.bodyTextHeight`): lines `doubleHeight` times taller are shown
    /// widened too. (`nil` on a page of one size: there a tall box is a slanted line.)
    var bodyTextHeight: Double? = nil

    /// Lines at least this many text heights tall are printed double height: a receipt
    /// printer's double-height mode stretches characters up, not across, so they are
    /// condensed for their height (`8,000` read `800`), and are shown widened as well.
    static let doubleHeight = 1.7

    /// How much wider a line still unsure is read.
    static let widening = 1.5
    /// A reading with fewer characters than this per line height of the line's width is
    /// sparse: not shown in other ways (brick and shadow read as specks: other views only
    /// cost time there).
    static let sparseReading = 0.7

    func review(_ lines: [PreparedLine], in prepared: PreparedImage) throws -> [PreparedLine] {
        guard Self.isWorthReviewing(lines) else { return lines }
        let looksAgain: (PreparedLine) -> Bool = { $0.isDoubtful || Self.holdsUnreadMask($0.line) }
        return try crew.review(lines, on: prepared, readingWith: [setup], where: looksAgain) { line, engines, prepared in
            let reread = try engines.reader(for: setup).look(
                at: prepared, PSM_SINGLE_LINE, within: line.readingBox(within: prepared.image.size), control: control)
            var best = line
            if let alone = reread, alone.count == 1, let candidate = alone.first, candidate.line.confidence > line.line.confidence {
                best = PreparedLine(line: candidate.line, preparedBox: line.preparedBox)
            }
            // Still too unsure to keep: other looks at the line, while it stays so — unless
            // the reading leaves most of the line empty (brick and shadow read as a few marks
            // across a photograph: not text to look at again).
            let tall = bodyTextHeight.map { Double(line.preparedBox.height) >= Self.doubleHeight * $0 } ?? false
            for view in LineView.allCases {
                let unsure = best.line.confidence < otherViewsBelow || (tall && view == .widened && best.isDoubtful)
                let unreadMask = Self.holdsUnreadMask(best.line)
                guard unsure || unreadMask, line.characterDensity(of: best.line) >= Self.sparseReading else { break }
                try control.checkpoint()
                guard let other = try Self.read(line, seen: view, in: prepared, with: engines.reader(for: setup), control: control)
                else { continue }
                // A mask's line is taken when the view reads a card number's shape there; any
                // other when it is read more confidently.
                let readsMask = unreadMask && MaskedCardNumber.find(in: other.line.text) != nil
                if readsMask || (unsure && other.line.confidence > best.line.confidence) { best = other }
            }
            return best
        }
    }

    /// Whether a page's lines are worth second looks: not when the page was read mostly as
    /// noise (`NoisyPageFilter.isNoisy`: a wall of bricks, a grille), where the rules keep only
    /// sure words anyway. Measured: the wall sign 4.1 → 2.3 s (77 of its 79 "lines" were looked
    /// at again), the same text on all 23 real images; the held-out split's faint
    /// photographed receipt, unreadable either way, 0.868 → 0.983.
    static func isWorthReviewing(_ lines: [PreparedLine]) -> Bool {
        !NoisyPageFilter().isNoisy(lines.map(\.line))
    }

    /// A word with a mask under this confidence makes its line worth other looks.
    static let unsureMask: Float = 0.5

    /// Whether `line` holds a mask read unsurely and not in a card number's shape
    /// (`2760-24*-*_1383` at 0.18): runs of asterisks are what the line model reads worst,
    /// and a card number is what a reader of a receipt needs. A view of the line is taken
    /// when it reads the shape (`MaskedCardNumber`); a number already in shape is left as read.
    static func holdsUnreadMask(_ line: RecognizedLine) -> Bool {
        line.words.contains { word in
            word.confidence < unsureMask && word.text.contains("*") && word.text.filter(\.isNumber).count >= 4
        } && MaskedCardNumber.find(in: line.text) == nil
    }

    /// Other ways of showing Tesseract a line it read unsurely, in the order tried.
    enum LineView: CaseIterable {
        /// Made `DoubtfulLineReview.widening` times wider: narrow print spread out.
        case widened
        /// Its strokes made a pixel bolder (a 3×3 grey erosion): thin or broken print filled in.
        case thickened
    }

    /// `line` read alone from a copy of its reading box shown as `view`, its boxes mapped
    /// back into the upright image; `nil` when it did not come back as one line.
    static func read(
        _ line: PreparedLine, seen view: LineView, in prepared: PreparedImage, with engine: any TextRecognizer, control: RecognitionControl
    ) throws -> PreparedLine? {
        let box = line.readingBox(within: prepared.image.size)
        let crop = try prepared.image.clipped(to: box)
        var frame = prepared.frame
        frame.origin = (frame.origin.x + box.x, frame.origin.y + box.y)
        let piece: LeptonicaImage
        switch view {
        case .widened:
            piece = try crop.widened(by: widening)
            frame.widening = widening
        case .thickened:
            piece = try crop.applying("thicken the strokes") { pixErodeGray($0, 3, 3) }
        }
        let read = try engine.look(
            at: PreparedImage(image: piece, frame: frame, resolution: prepared.resolution, background: prepared.background), PSM_SINGLE_LINE,
            control: control)
        guard let read, read.count == 1, let only = read.first else { return nil }
        return PreparedLine(line: only.line, preparedBox: line.preparedBox)
    }
}

extension PreparedLine {
    /// How many characters (not spaces) `reading` holds per height of this line's width.
    func characterDensity(of reading: RecognizedLine) -> Double {
        preparedBox.characterDensity(of: reading)
    }

    /// Whether the line was read less confidently than `PageReader.reliableConfidence`.
    var isDoubtful: Bool { Double(line.confidence) < PageReader.reliableConfidence }

    /// The line's box with a fifth of its height (at least 2 px) of margin, for reading it alone.
    func readingBox(within size: ImageSize) -> PixelRect {
        preparedBox.readingBox(within: size)
    }

    /// `word` of this line on a copy of its own, with a quarter of the line's height of
    /// margin, for reading it alone (read from a copy: Tesseract copies the whole image it is
    /// given); `nil` when the word has no place along the line or cannot be cut out.
    func piece(of word: RecognizedWord, in prepared: PreparedImage) -> PreparedImage? {
        guard let span = line.span(of: word) else { return nil }
        let rectangle = readingBox(over: span, margin: max(2, preparedBox.height / 4), within: prepared.image.size)
        guard let crop = try? prepared.image.clipped(to: rectangle) else { return nil }
        return PreparedImage(piece: crop, of: prepared)
    }

    /// The part of the line's reading box over `span` (fractions of its width), `margin`
    /// pixels wider on each side, for reading some of its words alone.
    func readingBox(over span: ClosedRange<Double>, margin: Int, within size: ImageSize) -> PixelRect {
        let whole = readingBox(within: size)
        let left = max(whole.x, preparedBox.x + Int((span.lowerBound * Double(preparedBox.width)).rounded(.down)) - margin)
        let right = min(whole.x + whole.width, preparedBox.x + Int((span.upperBound * Double(preparedBox.width)).rounded(.up)) + margin)
        return PixelRect(x: left, y: whole.y, width: max(1, right - left), height: whole.height)
    }
}

extension RecognizedLine {
    /// Where `word` lies along the line, as fractions of its width; `nil` for a line of no width.
    func span(of word: RecognizedWord) -> ClosedRange<Double>? {
        guard boundingBox.width > 0 else { return nil }
        let start = (word.boundingBox.minX - boundingBox.minX) / boundingBox.width
        return start...max(start, (word.boundingBox.maxX - boundingBox.minX) / boundingBox.width)
    }

    /// Where the words `run` (indexes of its words) lie along the line, first to last;
    /// `nil` for a line of no width.
    func span(ofWords run: Range<Int>) -> ClosedRange<Double>? {
        guard !run.isEmpty, let start = span(of: words[run.lowerBound]), let end = span(of: words[run.upperBound - 1]) else { return nil }
        return start.lowerBound...max(start.lowerBound, end.upperBound)
    }

    /// Where the characters `run` of `word` lie along the line, as fractions of its width,
    /// placed within the word by their widths (`LatinLetterRepair.span(of:in:)`).
    func span(of run: Range<Int>, in word: RecognizedWord) -> ClosedRange<Double>? {
        guard let wordSpan = span(of: word), let inWord = LatinLetterRepair.span(of: run, in: word.text) else { return nil }
        let width = wordSpan.upperBound - wordSpan.lowerBound
        return (wordSpan.lowerBound + inWord.lowerBound * width)...(wordSpan.lowerBound + inWord.upperBound * width)
    }
}
