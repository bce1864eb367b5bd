internal import CLeptonica
import Domain

/// Gray-level histograms counted from the image's words.
///
/// Leptonica's `pixGetGrayHistogram` adds 1.0 to a float bin per pixel: on a page of
/// paper nearly every pixel lands in the same bin, each addition waits for the last, and a
/// photograph's histogram took longer than thresholding it (it is counted several times as
/// a page is prepared). Integer counts, four bins per level so that neighbouring pixels of
/// one level do not wait on each other, give the same histogram (exact past 2²⁴ per bin,
/// where Leptonica's float stops counting).
extension LeptonicaImage {
    /// The 256-level histogram of an 8-bit image without a colour map; `nil` for any other.
    func levelCounts() -> [Int]? {
        guard pixGetDepth(pix) == 8, pixGetColormap(pix) == nil, let data = pixGetData(pix) else { return nil }
        let width = Int(pixGetWidth(pix))
        let height = Int(pixGetHeight(pix))
        let wordsPerLine = Int(pixGetWpl(pix))
        let wholeWords = width / 4
        var counts = [UInt32](repeating: 0, count: 4 * 256)
        counts.withUnsafeMutableBufferPointer { bins in
            let bins = bins.baseAddress!
            for y in 0..<height {
                let line = data + y * wordsPerLine
                for index in 0..<wholeWords {
                    let word = line[index]
                    bins[Int(word & 0xff)] &+= 1
                    bins[256 + Int((word >> 8) & 0xff)] &+= 1
                    bins[512 + Int((word >> 16) & 0xff)] &+= 1
                    bins[768 + Int(word >> 24)] &+= 1
                }
                // The last word's first pixels: Leptonica keeps pixel 0 of a word in its
                // most significant byte, whatever the machine's byte order.
                for x in (4 * wholeWords)..<width {
                    let word = line[x / 4]
                    bins[Int((word >> UInt32(24 - 8 * (x % 4))) & 0xff)] &+= 1
                }
            }
        }
        return (0..<256).map { Int(counts[$0]) + Int(counts[256 + $0]) + Int(counts[512 + $0]) + Int(counts[768 + $0]) }
    }

    /// `counts` as a Leptonica histogram (`NUMA`), for the functions that take one; the
    /// caller destroys it.
    static func histogramNuma(_ counts: [Int]) -> UnsafeMutablePointer<NUMA>? {
        guard let numa = numaCreate(Int32(counts.count)) else { return nil }
        for count in counts { numaAddNumber(numa, Float(count)) }
        return numa
    }
}
