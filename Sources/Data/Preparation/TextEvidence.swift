import Domain
import Foundation

/// What tells a page of text from texture — noise, a halftone, a dither, a screen's moiré,
/// a scan smeared to specks — before anything is read: text is ink the size of characters
/// that lines up, character after character, into lines. A page with plenty of ink and not
/// one line of four characters, across or down, is texture: it is answered from these
/// measurements, as holding no text, instead of being read (Tesseract spends a minute on a
/// 12 MP moiré and reads nothing). `SWIFTOCR_SKIP=texture` reads such pages all the same.
enum TextEvidence {
    /// Whether a page is texture: plenty of ink — at least `leastCharacterSized` components
    /// of character size, or fine-grained ink over much of the page (`isFineGrainedInk`) —
    /// and no text line among `chains` (found at `textHeight` among `components` in
    /// `binary`), nor, when the page's lines were measured to run down (`runsDown`: a page
    /// turned a quarter), among the lines found down the page; too many
    /// components for any page of text (`TextLineFinder.chains` gives `nil`), or text
    /// measured under `ImagePreparation.smallestTextHeightOnSmallPages` pixels, which no
    /// reading reads, is no line either.
    static func isTexture(
        chains: [TextLineFinder.Chain]?, components: [PixelRect], characterSized: Int, textHeight: Double, of binary: LeptonicaImage,
        runsDown: () -> Bool
    ) -> Bool {
        guard !StageAblation.skipped.contains("texture") else { return false }
        guard characterSized >= leastCharacterSized || isFineGrainedInk(binary, textHeight: textHeight) else { return false }
        guard textHeight >= ImagePreparation.smallestTextHeightOnSmallPages, let chains else { return true }
        if hasTextLine(chains, textHeight: textHeight) { return false }
        // Lines running down: the same search over the boxes with x and y exchanged (asked
        // only of pages measured so: stripes, turned, chain into lines by chance).
        guard runsDown() else { return true }
        guard let down = TextLineFinder.chains(in: components.map(\.transposed), textHeight: textHeight) else { return true }
        return !hasTextLine(down, textHeight: textHeight)
    }

    /// Whether `chains` hold a line of text: `shortestLine` characters or more, shaped like
    /// text (`TextLineFinder.isShapedLikeText`).
    static func hasTextLine(_ chains: [TextLineFinder.Chain], textHeight: Double) -> Bool {
        chains.contains { $0.characters >= shortestLine && TextLineFinder.isShapedLikeText($0.box, textHeight: textHeight) }
    }

    /// Lines of fewer characters are not counted (specks side by side chain by chance).
    static let shortestLine = 4
    /// Fewer components of character size are too few to call texture (a sign of a few
    /// characters on a plain wall is read)...
    static let leastCharacterSized = 200

    /// ... unless `leastInkShare` of the page is ink in runs shorter than the text is high
    /// (a dither or a moiré, joined into a few large components): a page of print, dark
    /// regions inverted, holds a fifth at most, and a photograph's dark parts are inked in
    /// long runs (a car behind its number plate).
    static func isFineGrainedInk(_ binary: LeptonicaImage, textHeight: Double) -> Bool {
        let ink = binary.foregroundCount
        guard Double(ink) >= leastInkShare * Double(max(1, binary.size.pixelCount)),
            let long = try? binary.keepingRuns(atLeast: max(8, Int(textHeight.rounded())), down: false)
        else { return false }
        return Double(long.foregroundCount) <= longRunShare * Double(ink)
    }

    static let leastInkShare = 0.3
    /// Fine-grained ink keeps at most this share of itself in runs as long as the text is high.
    static let longRunShare = 0.2
}

extension PixelRect {
    /// The rectangle with x and y exchanged (mirrored about the diagonal).
    var transposed: PixelRect { PixelRect(x: y, y: x, width: height, height: width) }
}
