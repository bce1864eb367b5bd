internal import CLeptonica
import Domain
import Foundation

/// What tells a page of text from texture — noise, a halftone, a dither, a screen's moiré, a
/// scan smeared to specks — before anything is read: a line of text stands apart, with clear
/// space above and below it (the leading between lines), while ink chained into "lines" by
/// chance has ink as dense around it as inside. A page with plenty of ink the size of
/// characters and not one such line is texture: it is answered from these measurements, as
/// holding no text, instead of being read (Tesseract spends a minute on a 12 MP moiré and
/// reads nothing). `SWIFTOCR_SKIP=texture` reads such pages all the same.
enum TextEvidence {
    /// Whether a page is texture: plenty of ink — at least `leastCharacterSized` components
    /// of character size, or `leastInkShare` of the page inked — and no line of text standing
    /// apart among `chains` (found at `textHeight` in `binary`; `nil` when there were more
    /// components than any page of text holds), or text measured under
    /// `ImagePreparation.smallestTextHeightOnSmallPages` pixels, which no reading reads.
    static func isTexture(chains: [TextLineFinder.Chain]?, characterSized: Int, textHeight: Double, of binary: LeptonicaImage) -> Bool {
        guard !StageAblation.skipped.contains("texture") else { return false }
        let inkShare = Double(binary.foregroundCount) / Double(max(1, binary.size.pixelCount))
        guard characterSized >= leastCharacterSized || inkShare >= leastInkShare else { return false }
        guard textHeight >= ImagePreparation.smallestTextHeightOnSmallPages, let chains else { return true }
        return separatedLines(among: chains, textHeight: textHeight, in: binary) == 0
    }

    /// Fewer components of character size are too few to call texture (a sign of a few
    /// characters on a plain wall is read)...
    static let leastCharacterSized = 200
    /// ... unless this share of the page is ink: a page of print, dark regions inverted,
    /// holds a fifth at most (a dither or a moiré, a third or more).
    static let leastInkShare = 0.3

    /// How many lines among `chains` stand apart as text does: of `shortestLine` characters
    /// or more, shaped like text, and with bands above and below them at most `bandInk` as
    /// inked as the line. At most `sampled` of the longest chains are looked at, so the
    /// count is bounded however much noise there is.
    static func separatedLines(among chains: [TextLineFinder.Chain], textHeight: Double, in binary: LeptonicaImage) -> Int {
        let candidates = chains.filter { $0.characters >= shortestLine && TextLineFinder.isShapedLikeText($0.box, textHeight: textHeight) }
            .sorted { $0.characters > $1.characters }.prefix(sampled)
        let height = binary.size.height
        let band = max(1, Int((bandHeight * textHeight).rounded()))
        return candidates.filter { chain in
            let line = chain.box
            let inLine = binary.foregroundCount(in: line)
            guard inLine > 0 else { return false }
            let bands = [
                PixelRect(x: line.x, y: max(0, line.y - band), width: line.width, height: min(band, line.y)),
                PixelRect(x: line.x, y: line.maxY, width: line.width, height: max(0, min(band, height - line.maxY))),
            ].filter { $0.height > 0 }
            let lineDensity = Double(inLine) / Double(line.width * line.height)
            let densest = bands.map { Double(binary.foregroundCount(in: $0)) / Double($0.width * $0.height) }.max() ?? 0
            return densest <= bandInk * lineDensity
        }.count
    }

    /// Lines of fewer characters are not counted (specks side by side chain by chance).
    static let shortestLine = 4
    /// The most chains looked at on one page.
    static let sampled = 400
    /// The height of the band looked at above and below a line, in text heights.
    static let bandHeight = 0.35
    /// A line stands apart when its bands are at most this share as inked as it is.
    static let bandInk = 0.5
}

extension LeptonicaImage {
    /// The foreground pixels of a 1-bit image inside `rect`.
    func foregroundCount(in rect: PixelRect) -> Int {
        guard rect.width > 0, rect.height > 0, let box = boxCreate(Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height)) else {
            return 0
        }
        var pointer: UnsafeMutablePointer<BOX>? = box
        defer { boxDestroy(&pointer) }
        var count: Int32 = 0
        pixCountPixelsInRect(pix, box, &count, nil)
        return Int(count)
    }
}
