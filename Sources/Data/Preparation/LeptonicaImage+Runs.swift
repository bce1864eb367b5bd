internal import CLeptonica
import Domain

/// Openings and safe closings of a 1-bit image with a line one pixel thick, computed from
/// its runs of ink.
///
/// A line `n` pixels long opens or closes an image in `2n` rasterop passes as a brick, and
/// in about `2√n` as Leptonica's composite (where that is exact at all). What these do is
/// simpler than either: opening with a line keeps the runs of ink along it at least `n`
/// long; closing it safely fills the gaps shorter than `n` between two runs (a gap that
/// reaches the image's edge stays open). Across, the runs are found word by word; down, the
/// line's erosion and dilation are running ANDs and ORs of whole rows (van Herk's method:
/// three word operations a word, whatever `n`). Pixel for pixel what Leptonica's
/// `pixOpenBrick` and `pixCloseSafeBrick` give (`MorphologyTests`).
extension LeptonicaImage {
    /// The runs of ink at least `length` long, across or `down` (a line opening).
    func keepingRuns(atLeast length: Int, down: Bool) throws(OCRError) -> LeptonicaImage {
        try transformingRows("keep long runs") { rows in
            down ? rows.keepingColumnRuns(atLeast: length) : rows.keepingRowRuns(atLeast: length)
        }
    }

    /// The gaps shorter than `length` between runs of ink filled, across or `down` (a safe
    /// line closing).
    func fillingGaps(shorterThan length: Int, down: Bool) throws(OCRError) -> LeptonicaImage {
        try transformingRows("fill short gaps") { rows in
            down ? rows.fillingColumnGaps(shorterThan: length) : rows.fillingRowGaps(shorterThan: length)
        }
    }

    /// A new 1-bit image of this one's size whose words `transform` computes from this one's.
    private func transformingRows(_ action: String, _ transform: (BitRows) -> [UInt32]) throws(OCRError) -> LeptonicaImage {
        guard pixGetDepth(pix) == 1, let data = pixGetData(pix) else { throw .engineFailure("Leptonica could not \(action): not a 1-bit image") }
        let rows = BitRows(
            width: Int(pixGetWidth(pix)), height: Int(pixGetHeight(pix)), wordsPerLine: Int(pixGetWpl(pix)), words: data)
        let words = transform(rows)
        let result = try Self.checked(pixCreateTemplate(pix), action)
        guard let target = pixGetData(result.pix) else { throw .engineFailure("Leptonica could not \(action)") }
        words.withUnsafeBufferPointer { target.update(from: $0.baseAddress!, count: words.count) }
        return result
    }
}

/// The rows of a 1-bit Leptonica image as 32-bit words, pixel 0 of each word in its most
/// significant bit; the bits past the width are read as paper.
private struct BitRows {
    let width: Int
    let height: Int
    let wordsPerLine: Int
    let words: UnsafeMutablePointer<UInt32>

    /// The bits of the last word of a row that are pixels.
    var lastWordMask: UInt32 { width % 32 == 0 ? .max : ~(UInt32.max >> UInt32(width % 32)) }

    /// Row `y`'s words, the bits past the width cleared.
    func row(_ y: Int) -> [UInt32] {
        var row = Array(UnsafeBufferPointer(start: words + y * wordsPerLine, count: wordsPerLine))
        clearPadding(of: &row, from: 0)
        return row
    }

    /// Clears the bits past the width in the row whose words start at `base` of `words`.
    func clearPadding(of words: inout [UInt32], from base: Int) {
        if width > 0 { words[base + (width - 1) / 32] &= lastWordMask }
        for index in ((width + 31) / 32)..<wordsPerLine { words[base + index] = 0 }
    }

    /// The runs of set bits of `row` as half-open ranges of x.
    func runs(in row: [UInt32]) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var start: Int? = nil
        var x = 0
        while x < width {
            let word = row[x / 32]
            let offset = x % 32
            // The bits from x on, in the word's top bits: a run goes on while they are set.
            let ahead = word << UInt32(offset)
            let same = start == nil ? ahead.leadingZeroBitCount : (~ahead).leadingZeroBitCount
            let step = min(32 - offset, same)
            if step == 32 - offset {
                x += step
                continue
            }
            x += step
            guard x < width else { break }
            if let begun = start {
                runs.append(begun..<x)
                start = nil
            } else {
                start = x
            }
        }
        if let start { runs.append(start..<width) }
        return runs
    }

    /// Sets bits `range` of `row` (words `base`… of `words`).
    static func set(_ range: Range<Int>, in words: inout [UInt32], base: Int) {
        var x = range.lowerBound
        while x < range.upperBound {
            let offset = x % 32
            let count = min(32 - offset, range.upperBound - x)
            let bits = count == 32 ? UInt32.max : ((UInt32(1) << UInt32(count)) - 1) << UInt32(32 - offset - count)
            words[base + x / 32] |= bits
            x += count
        }
    }

    func keepingRowRuns(atLeast length: Int) -> [UInt32] {
        var result = [UInt32](repeating: 0, count: height * wordsPerLine)
        for y in 0..<height {
            for run in runs(in: row(y)) where run.count >= length { Self.set(run, in: &result, base: y * wordsPerLine) }
        }
        return result
    }

    func fillingRowGaps(shorterThan length: Int) -> [UInt32] {
        var result = [UInt32](repeating: 0, count: height * wordsPerLine)
        for y in 0..<height {
            let row = row(y)
            result.replaceSubrange((y * wordsPerLine)..<((y + 1) * wordsPerLine), with: row)
            let runs = runs(in: row)
            for (left, right) in zip(runs, runs.dropFirst()) where right.lowerBound - left.upperBound < length {
                Self.set(left.upperBound..<right.lowerBound, in: &result, base: y * wordsPerLine)
            }
        }
        return result
    }

    /// The rows, the bits past the width cleared, one after the other.
    func allRows() -> [UInt32] { (0..<height).flatMap { row($0) } }

    func keepingColumnRuns(atLeast length: Int) -> [UInt32] {
        Self.opened(allRows(), height: height, wordsPerLine: wordsPerLine, length: length, outside: 0)
    }

    func fillingColumnGaps(shorterThan length: Int) -> [UInt32] {
        // Closing is opening the paper: a gap of paper at least `length` long stays, and
        // the paper beyond the edges makes every gap that reaches them long enough.
        let paper = allRows().map { ~$0 }
        var closed = Self.opened(paper, height: height, wordsPerLine: wordsPerLine, length: length, outside: .max).map { ~$0 }
        for y in 0..<height { clearPadding(of: &closed, from: y * wordsPerLine) }
        return closed
    }

    /// `rows` (`height` of them) opened down with a line `length` rows long, the rows
    /// beyond the image's edges all `outside`: the erosions (the AND of the `length` rows
    /// from each start, for every start whose window meets the image), then each row the
    /// OR of the erosions of the windows that cover it.
    static func opened(_ rows: [UInt32], height: Int, wordsPerLine: Int, length: Int, outside: UInt32) -> [UInt32] {
        guard length > 1, height > 0 else { return rows }
        let margin = [UInt32](repeating: outside, count: (length - 1) * wordsPerLine)
        let eroded = slidingWindow(margin + rows + margin, length: length, wordsPerLine: wordsPerLine, &)
        return slidingWindow(eroded, length: length, wordsPerLine: wordsPerLine, |)
    }

    /// For each start `i` of `rows` (rows of `wordsPerLine` words, one after the other)
    /// whose window of `length` rows fits, the rows `i..<i + length` combined word by word
    /// (`combine` is AND or OR): van Herk's method, a running combination forward and back
    /// within blocks of `length` rows, so each window is two of them combined.
    static func slidingWindow(_ rows: [UInt32], length: Int, wordsPerLine: Int, _ combine: (UInt32, UInt32) -> UInt32) -> [UInt32] {
        let count = rows.count / wordsPerLine
        guard count >= length else { return [] }
        var forward = rows
        var backward = rows
        for start in stride(from: 0, to: count, by: length) {
            let end = min(start + length, count)
            for row in (start + 1)..<max(start + 1, end) {
                for word in 0..<wordsPerLine {
                    forward[row * wordsPerLine + word] = combine(forward[(row - 1) * wordsPerLine + word], rows[row * wordsPerLine + word])
                }
            }
            for row in stride(from: end - 2, through: start, by: -1) {
                for word in 0..<wordsPerLine {
                    backward[row * wordsPerLine + word] = combine(backward[(row + 1) * wordsPerLine + word], rows[row * wordsPerLine + word])
                }
            }
        }
        var windows = [UInt32](repeating: 0, count: (count - length + 1) * wordsPerLine)
        for start in 0...(count - length) {
            for word in 0..<wordsPerLine {
                windows[start * wordsPerLine + word] = combine(
                    backward[start * wordsPerLine + word], forward[(start + length - 1) * wordsPerLine + word])
            }
        }
        return windows
    }
}
