internal import CTesseract
import Domain

/// Reads a prepared page: verifies orientation candidates by reading them, and chooses
/// how to segment the page.
///
/// Orientation: upright is read first, as one block of text; a reading whose
/// character-weighted mean confidence reaches `reliableConfidence` is taken at once.
/// Otherwise the other candidates are read the same way until one is reliable, and failing
/// that the most confident wins. Read the wrong way up, Korean text never
/// scores near that (≤ 0.54 where the right way scored 0.74–0.94, see Docs/Benchmarks.md);
/// an upright reading from `plausiblyUprightConfidence` is not checked against turns. A page
/// whose text lines run down the image (`LineDirection.vertical`, measured from its ink) is
/// read in its quarter turns first, upright only if neither reads reliably; a page whose
/// lines end together on the right but start raggedly is read half a turn first.
///
/// A reading still unreliable is tried on other images of the page (`.accurate`): its
/// levels stretched when the print is faint, the desk kept when one was painted over. A
/// photograph taken at an angle whose rows split into columns is read straightened too.
///
/// Segmentation (`.automatic`): one block first, because Tesseract's layout analysis
/// erases Hangul strokes it mistakes for ruling lines; when that reading is not reliable
/// (`.accurate` only), layout analysis runs too and the reading with more confidently read
/// characters is kept.
struct PageReader {
    static let reliableConfidence = 0.80
    /// An upright reading this confident is not a page the wrong way up (those scored at
    /// most 0.54 on the evaluation set, see Docs/Benchmarks.md): other orientations are not
    /// tried, though the faint-print and layout passes still may be.
    static let plausiblyUprightConfidence = 0.65
    /// A photographed page whose corners lie this far (a share of its shorter side) from
    /// an upright rectangle's is read straightened too.
    static let straighteningSlant = 0.02
    /// Words further apart than this many line heights stand in different columns.
    static let columnGap = 3.0
    /// A page with this many rows split into columns is read straightened too (prose, whose
    /// lines a slant does not mismatch, is not).
    static let fewColumnRows = 2
    /// A reading with fewer confidently read characters than this read almost nothing.
    static let fewCharacters = 20.0

    let engine: TesseractEngine
    let control: RecognitionControl
    let preparation: ImagePreparation
    let segmentation: PageSegmentation
    let trace: StageTrace

    struct Reading {
        let rotation: RotationDegree
        let prepared: PreparedImage
        let lines: [PreparedLine]
        let quality: ReadingQuality

        /// `other` when it reads better, else this reading.
        func orBetter(_ other: Reading) -> Reading { other.quality > quality ? other : self }
    }

    /// - Parameters:
    ///   - base: The prepared, orientation-independent image (see `ImagePreparation.base`).
    ///   - detectOrientation: Whether to look beyond upright when upright reads unreliably.
    ///   - moreCandidates: The other orientations to try, most likely first (called only
    ///     when the upright reading is unreliable).
    ///   - uprightSize: Size of the unscaled image each candidate turns into, by candidate.
    /// - Throws: `CancellationError` when cancelled, `OCRError.engineFailure` when Tesseract fails.
    func read(
        base: ImagePreparation.Base,
        detectOrientation: Bool,
        moreCandidates: () -> [RotationDegree],
        uprightSize: (RotationDegree) -> ImageSize
    ) throws -> Reading {
        let layoutFallback = segmentation == .automatic && preparation.level == .accurate
        // Lines running down the image: the page is turned a quarter, so upright is read last.
        let sideways = detectOrientation && base.lineDirection == .vertical
        // Lines ending together on the right, ragged on the left: likely upside down.
        let halfTurnFirst = detectOrientation && !sideways && base.linesAlignRightOnly
        var candidates: [RotationDegree] = sideways ? Self.sidewaysFirst(moreCandidates()) : halfTurnFirst ? [.clockwise180, .upright] : [.upright]
        var askedForMore = sideways
        var plannedPasses = Double(candidates.count + (layoutFallback ? 1 : 0))
        var best: Reading?
        var index = 0
        while index < candidates.count {
            let rotation = candidates[index]
            let prepared = try preparation.prepare(base: base, rotation: rotation, uprightSize: uprightSize(rotation))
            PreparedImageDump.write(prepared.image, label: "\(rotation.degrees)")
            let progress = Double(index) / plannedPasses...Double(index + 1) / plannedPasses
            let reading = try read(prepared, rotation: rotation, segmentation.tesseractMode, progress: progress, label: "\(rotation.degrees)")
            if best.map({ reading.quality.meanConfidence > $0.quality.meanConfidence }) ?? true { best = reading }
            if reading.quality.meanConfidence >= Self.reliableConfidence { break }
            if rotation == .upright, detectOrientation, !askedForMore, reading.quality.meanConfidence < Self.plausiblyUprightConfidence {
                let more = moreCandidates().filter { !candidates.contains($0) }
                candidates += more
                plannedPasses += Double(more.count)
                askedForMore = true
            }
            index += 1
        }
        guard var chosen = best else { throw OCRError.engineFailure("no orientation to read") }
        let readLittle = chosen.quality.confidentCharacters < Self.fewCharacters
        if preparation.level == .accurate, chosen.quality.meanConfidence < Self.reliableConfidence || readLittle,
            let faint = try base.image.stretchedToPaperWhite()
        {
            // Faint print read unreliably, or read as almost nothing (a few confident
            // digits from streaks): read once more with its levels stretched, keep the better.
            chosen = chosen.orBetter(try readAgain(base.replacingImage(with: faint), like: chosen, label: "stretched", uprightSize: uprightSize))
        }
        if preparation.level == .accurate, chosen.quality.meanConfidence < Self.reliableConfidence, let withDesk = base.withDesk {
            // Painting the desk over decides the threshold for paper and print; under uneven
            // light it can also lose print. Read once more as photographed, keep the better.
            chosen = chosen.orBetter(try readAgain(base.replacingImage(with: withDesk), like: chosen, label: "desk", uprightSize: uprightSize))
        }
        if preparation.level == .accurate, let corners = base.paperCorners, corners.slant >= Self.straighteningSlant,
            Self.columnRows(in: chosen.lines.map(\.line), uprightSize: chosen.prepared.frame.uprightSize) >= Self.fewColumnRows
        {
            // A page photographed at an angle, its rows split into columns (labels and
            // amounts): its lines slope differently, so one block can pair a label with the
            // next row's amount. Read it straightened too, keep the better.
            chosen = chosen.orBetter(try readAgain(base, like: chosen, label: "straightened", straighten: true, uprightSize: uprightSize))
        }
        guard layoutFallback, chosen.quality.meanConfidence < Self.reliableConfidence else { return chosen }
        let layout = try read(
            chosen.prepared, rotation: chosen.rotation, PSM_AUTO, progress: (plannedPasses - 1) / plannedPasses...1,
            label: "\(chosen.rotation.degrees)-layout")
        return chosen.orBetter(layout)
    }

    /// The number of lines with a gap between words wider than `columnGap` line heights.
    static func columnRows(in lines: [RecognizedLine], uprightSize: ImageSize) -> Int {
        let width = Double(uprightSize.width)
        let height = Double(uprightSize.height)
        return lines.filter { line in
            let lineHeight = line.boundingBox.height * height
            return zip(line.words, line.words.dropFirst()).contains { left, right in
                (right.boundingBox.minX - left.boundingBox.maxX) * width > columnGap * lineHeight
            }
        }.count
    }

    /// The orientations to read for a page whose lines run down the image: the quarter turns
    /// (the one orientation detection proposes first), then upright and half a turn.
    static func sidewaysFirst(_ proposals: [RotationDegree]) -> [RotationDegree] {
        let quarterTurns = proposals.filter { $0 == .clockwise90 || $0 == .clockwise270 }
        var seen: Set<RotationDegree> = []
        return (quarterTurns + [.clockwise90, .clockwise270, .upright, .clockwise180]).filter { seen.insert($0).inserted }
    }

    /// Another image of the page (its levels stretched, its desk kept, or straightened),
    /// read in the orientation `chosen` was.
    private func readAgain(
        _ page: ImagePreparation.Base, like chosen: Reading, label: String, straighten: Bool = false,
        uprightSize: (RotationDegree) -> ImageSize
    ) throws -> Reading {
        let rotation = chosen.rotation
        let prepared = try preparation.prepare(base: page, rotation: rotation, uprightSize: uprightSize(rotation), straighten: straighten)
        PreparedImageDump.write(prepared.image, label: "\(rotation.degrees)-\(label)")
        return try read(prepared, rotation: rotation, segmentation.tesseractMode, progress: 1...1, label: "\(rotation.degrees)-\(label)")
    }

    /// One recognition pass over `prepared`, measured.
    private func read(
        _ prepared: PreparedImage, rotation: RotationDegree, _ mode: TessPageSegMode, progress: ClosedRange<Double>, label: String
    ) throws -> Reading {
        try control.checkpoint()
        let monitor = RecognitionMonitor(control: control, progressRange: progress)
        let lines = engine.recognize(prepared, segmentation: mode, monitor: monitor)
        try control.checkpoint()
        guard let lines else { throw OCRError.engineFailure("Tesseract could not recognise the image") }
        let reading = Reading(rotation: rotation, prepared: prepared, lines: lines, quality: ReadingQuality(lines: lines.map(\.line)))
        trace.notePass(label, meanConfidence: reading.quality.meanConfidence)
        return reading
    }
}

extension PageSegmentation {
    /// Tesseract's mode for a fixed choice (`.automatic` starts with a single block).
    var tesseractMode: TessPageSegMode {
        switch self {
        case .automatic, .singleBlock: PSM_SINGLE_BLOCK
        case .layoutAnalysis: PSM_AUTO
        case .singleColumn: PSM_SINGLE_COLUMN
        case .singleLine: PSM_SINGLE_LINE
        case .sparseText: PSM_SPARSE_TEXT
        }
    }
}
