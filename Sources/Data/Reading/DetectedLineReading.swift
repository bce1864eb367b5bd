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
/// the reading of its row; a piece read confidently is added in its place in the reading's
/// order. A detected line read over its whole extent, but only unsurely, is read again alone
/// too, and replaces that reading when read more surely.
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
    /// Lines read over a detected line's whole extent (this share of it, each this share
    /// inside it), none of them at `rereadBelow` or more, are read again as the detector cut
    /// it, and replaced when read `rereadMargin` more surely.
    static let sameExtent = 0.8
    static let rereadBelow: Float = 0.8
    static let rereadMargin: Float = 0.05
    /// The height a line is cut out at, its margins included (its text then about 40 px).
    static let lineHeight = 64.0
    /// The margin around a line cut out, a share of its height.
    static let margin = 0.1
    /// Lines turned less than this (degrees) are read as they stand.
    static let straightenedAngle = 2.0
    /// The white border around a line read alone.
    static let border = 8

    /// `reading` (lines of `image`, the upright picture) with the detected lines it lacks,
    /// read alone; a piece read over lines the rules will drop replaces them.
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
                line.confidence > look.replacedConfidence, line.text.visibleCharacterCount >= 2
            else { return nil }
            // The piece's border lies outside the region it stands for.
            let scale = Double(piece.size.height - 2 * Self.border) / Double(region.height)
            let outer = Int((Double(Self.border) / scale).rounded())
            let placedRegion = PixelRect(x: region.x - outer, y: region.y - outer, width: region.width + 2 * outer, height: region.height + 2 * outer)
            return line.placed(in: placedRegion, of: size)
        }
        // Each piece takes the place of the first line it replaces, else follows its row's
        // line on the left or the line above it in its column (the reading's order is the
        // layout's: columns and blocks, not the page from the top).
        var entries = reading.indices.map { (line: reading[$0], box: readBoxes[$0], read: Optional($0)) }
        var replaced = Set<Int>()
        for (look, piece) in zip(looks, pieces) {
            guard let piece else { continue }
            let box = piece.boundingBox.topLeftPixelRect(in: size)
            let first = look.replacing.min().flatMap { index in entries.firstIndex { $0.read == index } }
            replaced.formUnion(look.replacing)
            entries.insert((piece, box, nil), at: first ?? Self.position(of: box, among: entries.map(\.box)))
        }
        return entries.filter { $0.read.map { !replaced.contains($0) } ?? true }.map(\.line)
    }

    /// Where a line at `box` goes among lines at `boxes`, in their order: after the nearest on
    /// its row to its left, else after the nearest above it in its column, else before the
    /// nearest below it in its column, else after the last line above its centre.
    static func position(of box: PixelRect, among boxes: [PixelRect]) -> Int {
        let onRow = boxes.indices.filter { index in
            let other = boxes[index]
            return Double(min(other.maxY, box.maxY) - max(other.y, box.y)) >= 0.5 * Double(min(other.height, box.height))
                && other.maxX <= box.x + box.height
        }
        if let left = onRow.max(by: { boxes[$0].maxX < boxes[$1].maxX }) { return left + 1 }
        let column = boxes.indices.filter { boxes[$0].x < box.maxX && box.x < boxes[$0].maxX }
        if let above = column.filter({ boxes[$0].centerY < box.centerY }).max(by: { boxes[$0].maxY < boxes[$1].maxY }) { return above + 1 }
        if let below = column.filter({ boxes[$0].centerY >= box.centerY }).min(by: { boxes[$0].y < boxes[$1].y }) { return below }
        return (boxes.indices.last { boxes[$0].centerY < box.centerY }).map { $0 + 1 } ?? 0
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
    /// their length (with the lines under `droppedBelow` inside them, to replace when read more
    /// surely); those read over their whole extent only unsurely (`rereadBelow`), to replace
    /// those lines when read more surely; and the ends of the others beyond the reading of their row.
    static func looks(
        _ detected: [DetectedLine], reading: [RecognizedLine], readBoxes: [PixelRect], droppedBelow: Float, within size: ImageSize
    ) -> [Look] {
        var looks: [Look] = []
        let kept = readBoxes.indices.filter { reading[$0].confidence >= droppedBelow }.map { readBoxes[$0] }
        let whole = PixelRect(x: 0, y: 0, width: size.width, height: size.height)
        for line in detected {
            let box = line.bounds.clamped(to: whole)
            guard box.width >= 4, box.height >= 4 else { continue }
            guard coveredShare(of: box, by: kept) < coveredShare else {
                // Lines read over the whole of it and nowhere else, none of them surely: read
                // again as the detector cut it, to replace them when read more surely.
                let padded = box.padded(by: box.height / 4)
                let inside = readBoxes.indices.filter { padded.overlapShare(of: readBoxes[$0]) >= sameExtent }
                let touching = readBoxes.indices.filter { padded.overlapShare(of: readBoxes[$0]) > 1 - sameExtent }
                if !inside.isEmpty, inside.count == touching.count, coveredShare(of: box, by: inside.map { readBoxes[$0] }) >= sameExtent,
                    let surest = inside.map({ reading[$0].confidence }).max(), surest < rereadBelow
                {
                    looks.append(Look(rectangle: line.rectangle, replacing: inside, replacedConfidence: surest + rereadMargin))
                    continue
                }
                if abs(line.rectangle.angle * 180 / .pi) < straightenedAngle {
                    looks += UnreadLineReview.unreadEnds(of: box, reading: kept).map { Look(rectangle: RotatedRectangle(box: $0)) }
                }
                continue
            }
            // The lines read inside it that the rules will drop: most of their box within it.
            let dropped = readBoxes.indices.filter { index in
                reading[index].confidence < droppedBelow && box.padded(by: box.height / 4).overlapShare(of: readBoxes[index]) >= 0.5
            }
            looks.append(Look(rectangle: line.rectangle, replacing: dropped, replacedConfidence: dropped.map { reading[$0].confidence }.max() ?? 0))
        }
        return Array(looks.sorted { $0.rectangle.width * $0.rectangle.height > $1.rectangle.width * $1.rectangle.height }.prefix(mostLines))
    }

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
