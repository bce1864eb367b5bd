internal import CTesseract
import Domain
import Foundation

/// Reads the lines a trained text detector found (`TextDetector`) where the page's reading
/// has none, each cut out of the upright image on its own, and adds those read confidently.
///
/// Our layout finds lines from the geometry of ink components, in a page prepared for
/// Tesseract; a line it does not find is lost (a sign's panels, a receipt bent in the hand,
/// print over a photograph). The detector, trained on millions of lines, finds most of them
/// in the picture as it is, and knows no layout. Both are reconciled by coverage: a detected
/// line that the lines read cover for less than `coveredShare` of its length is read alone
/// (cut out, straightened, dark on light, scaled to `lineHeight`), and so are its ends beyond
/// the reading of its row; a piece read confidently is added in its place from the top.
struct DetectedLineReading {
    let crew: EngineCrew
    let setup: EngineSetup
    let control: RecognitionControl
    /// Lines read less surely than this are dropped by the rules in force: they cover nothing,
    /// and a detected line read over them replaces them.
    var droppedBelow: Float = 0

    /// A detected line read for less than this share of its length is read alone.
    static let coveredShare = 0.5
    /// A piece read alone is kept at this confidence or more.
    static let keptConfidence: Float = 0.75
    /// The most detected lines read per page, the largest first.
    static let mostLines = 40
    /// The height a line is read at (its text about `ImagePreparation.targetTextHeight`).
    static let lineHeight = 56.0
    /// The margin around a line cut out, a share of its height.
    static let margin = 0.1
    /// Lines turned less than this (degrees) are read as they stand.
    static let straightenedAngle = 2.0
    /// The white border around a line read alone.
    static let border = 8

    /// `reading` (lines of `image`, the upright picture) with the detected lines it lacks,
    /// and with the detected lines it read doubtfully read again.
    func adding(_ detected: [DetectedLine], in image: LeptonicaImage, to reading: [RecognizedLine]) throws -> [RecognizedLine] {
        let size = image.size
        let readBoxes = reading.map { $0.boundingBox.topLeftPixelRect(in: size) }
        let looks = Self.looks(detected, reading: reading, readBoxes: readBoxes, droppedBelow: droppedBelow, within: size)
        guard !looks.isEmpty else { return reading }
        let page = PreparedImage(image: image, frame: PreparedFrame(identityOf: size))
        let usesKoreanModel = setup.languages.count > 1 && setup.languages.contains("kor")
        let setups = [setup] + (usesKoreanModel ? KoreanSecondOpinion.engineSetups : [])
        let pieces = try crew.map(looks, on: page, cost: \Look.width, readingWith: setups) {
            (look: Look, engines: EngineCache, page: PreparedImage) -> RecognizedLine? in
            guard let (piece, region) = try page.image.cutOut(look.rectangle, lineHeight: Self.lineHeight) else { return nil }
            let prepared = PreparedImage(image: piece, frame: PreparedFrame(identityOf: piece.size))
            var read = try engines.reader(for: setup).look(at: prepared, PSM_SINGLE_LINE, control: control)
            // Korean lines read with the Korean model alone too (no Latin letters to confuse
            // strokes with), the surer reading kept.
            if usesKoreanModel, let engine = engines.optionalEngine(for: KoreanSecondOpinion.korean),
                let korean = try engine.look(at: prepared, PSM_SINGLE_LINE, control: control), korean.count == 1,
                korean[0].line.confidence > read?.first?.line.confidence ?? 0
            {
                read = korean
            }
            guard let read, read.count == 1, let line = read.first?.line, line.confidence >= Self.keptConfidence,
                line.confidence > look.replacedConfidence, line.text.visibleCharacterCount > 0
            else { return nil }
            // The piece's border lies outside the region it stands for.
            let scale = Double(piece.size.height - 2 * Self.border) / Double(region.height)
            let outer = Int((Double(Self.border) / scale).rounded())
            let placedRegion = PixelRect(x: region.x - outer, y: region.y - outer, width: region.width + 2 * outer, height: region.height + 2 * outer)
            return line.placed(in: placedRegion, of: size)
        }
        var replaced = Set<Int>()
        var added: [RecognizedLine] = []
        for (look, piece) in zip(looks, pieces) {
            guard let piece else { continue }
            replaced.formUnion(look.replacing)
            added.append(piece)
        }
        var lines = reading.indices.filter { !replaced.contains($0) }.map { reading[$0] }
        for line in added {
            let position = lines.firstIndex { $0.boundingBox.midY < line.boundingBox.midY } ?? lines.endIndex
            lines.insert(line, at: position)
        }
        return lines
    }

    /// A detected line to read alone: where it lies, the lines of the reading it would
    /// replace (their indices), and how sure those were (0 when none).
    struct Look {
        var rectangle: RotatedRectangle
        var replacing: [Int] = []
        var replacedConfidence: Float = 0
        /// What reading it costs: its length.
        var width: Int { Int(rectangle.width) }
    }

    /// The detected lines to read alone, the largest first, at most `mostLines`: those the
    /// lines read (`reading`, their boxes `readBoxes`) cover for less than `coveredShare` of
    /// their length; the ends of the others beyond the reading of their row; and those read
    /// doubtfully (`isDoubtful`), to replace the lines read there when read more surely.
    static func looks(
        _ detected: [DetectedLine], reading: [RecognizedLine], readBoxes: [PixelRect], droppedBelow: Float, within size: ImageSize
    ) -> [Look] {
        var looks: [Look] = []
        let kept = readBoxes.indices.filter { reading[$0].confidence >= droppedBelow }.map { readBoxes[$0] }
        let whole = PixelRect(x: 0, y: 0, width: size.width, height: size.height)
        for line in detected {
            let box = line.bounds.clamped(to: whole)
            guard box.width >= 4, box.height >= 4 else { continue }
            // The lines read inside it: most of their box within the detected line's.
            let inside = readBoxes.indices.filter { box.padded(by: box.height / 4).overlapShare(of: readBoxes[$0]) >= 0.5 }
            if coveredShare(of: box, by: kept) < coveredShare {
                let dropped = inside.filter { reading[$0].confidence < droppedBelow }
                looks.append(Look(rectangle: line.rectangle, replacing: dropped))
                continue
            }
            if !inside.isEmpty, isDoubtful(inside.map { reading[$0] }, in: box) {
                let confidence = inside.map { reading[$0].confidence }.max() ?? 0
                looks.append(Look(rectangle: line.rectangle, replacing: inside, replacedConfidence: confidence))
            } else if abs(line.rectangle.angle * 180 / .pi) < straightenedAngle {
                looks += UnreadLineReview.unreadEnds(of: box, reading: kept).map { Look(rectangle: RotatedRectangle(box: $0)) }
            }
        }
        return Array(looks.sorted { $0.rectangle.width * $0.rectangle.height > $1.rectangle.width * $1.rectangle.height }.prefix(mostLines))
    }

    /// Whether `lines`, read inside the detected line `box`, read it doubtfully: none read
    /// surely (`keptConfidence`), or far fewer characters than a line of its length holds
    /// (`fewestCharacters` per height of its width).
    static func isDoubtful(_ lines: [RecognizedLine], in box: PixelRect) -> Bool {
        let characters = lines.reduce(0) { $0 + $1.text.visibleCharacterCount }
        let expected = Double(box.width) / Double(max(1, box.height))
        return !lines.contains { $0.confidence >= keptConfidence } || Double(characters) < fewestCharacters * expected
    }

    /// Fewer characters than this per height of a detected line's width is a doubtful reading of it.
    static let fewestCharacters = 0.4

    /// The share of `box`'s width that lines read on its row cover (a read line counts when
    /// it overlaps half of `box`'s height or half of its own).
    static func coveredShare(of box: PixelRect, by reading: [PixelRect]) -> Double {
        let spans = reading.compactMap { line -> (Int, Int)? in
            let overlap = min(line.maxY, box.maxY) - max(line.y, box.y)
            guard Double(overlap) >= 0.5 * Double(min(line.height, box.height)) else { return nil }
            let (low, high) = (max(line.x, box.x), min(line.maxX, box.maxX))
            return low < high ? (low, high) : nil
        }.sorted { $0.0 < $1.0 }
        var covered = 0
        var reach = box.x
        for (low, high) in spans where high > reach {
            covered += high - max(low, reach)
            reach = high
        }
        return Double(covered) / Double(max(1, box.width))
    }
}

extension RotatedRectangle {
    /// An axis-aligned box as a rectangle.
    init(box: PixelRect) {
        self.init(
            centre: ImagePoint(x: Double(box.x) + Double(box.width) / 2, y: Double(box.y) + Double(box.height) / 2),
            width: Double(box.width), height: Double(box.height), angle: 0)
    }
}
