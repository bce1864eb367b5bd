internal import CLeptonica
import Domain

/// Rule lines — table borders, underlines, separators — found by their shape and painted
/// over, so that they neither join a table's rows into one "line" for Tesseract nor read
/// as characters.
///
/// A rule is a thin run of ink far longer than any character: at least `ruleLength` text
/// heights long (a Hangul syllable's longest stroke is under one) and at most a third of a
/// text height thick (a large heading's strokes are thicker, and stay).
extension LeptonicaImage {
    /// Rules are at least this many text heights long.
    static let ruleLength = 5.0
    /// Rules are at most this share of a text height thick.
    static let ruleThickness = 1.0 / 3.0
    /// The side of a table's cell one row high is a vertical rule at least this many text
    /// heights long: found for the document view's tables, never painted (a large heading's
    /// stroke may be as long, but is thicker).
    static let cellSideLength = 2.0

    /// The 8-bit image with its rules painted `level` (`self` when it has none), and its
    /// rules and cell sides drawn black on white (`nil` when it has no rules), to find them
    /// again where the page is read, turned and deskewed (`ImagePreparation.prepare`,
    /// `ruleBoxes(textHeight:)`).
    func removingRules(textHeight: Double, level: Int) throws(OCRError) -> (image: LeptonicaImage, rules: LeptonicaImage?) {
        guard pixGetDepth(pix) == 8, textHeight >= 4 else { return (self, nil) }
        let binary = try binarized()
        let (length, thick) = Self.ruleSize(textHeight: textHeight)
        let horizontal = try binary.thinRuns(along: (length, 1), thickerThan: (1, thick))
        let vertical = try binary.thinRuns(along: (1, length), thickerThan: (thick, 1))
        let rules = try horizontal.applying("join the rules") { pixOr(nil, $0, vertical.pix) }
        guard rules.foregroundCount > 0 else { return (self, nil) }
        let grown = try rules.applying("widen the rules") { pixDilateBrick(nil, $0, 3, 3) }
        let painted = try copy()
        withExtendedLifetime(grown) { _ = pixSetMasked(painted.pix, grown.pix, UInt32(level)) }
        let sides = try binary.thinRuns(along: (1, Self.cellSideSize(textHeight: textHeight)), thickerThan: (thick, 1))
        let drawn = try rules.applying("add the cell sides") { pixOr(nil, $0, sides.pix) }
        return (painted, try drawn.applying("draw the rules") { pixConvert1To8(nil, $0, 255, 0) })
    }

    /// The boxes of the horizontal and vertical rules drawn black in `self` (rules as
    /// `removingRules` draws them, turned and deskewed with the page): table borders and
    /// separators, where rows and cells end.
    func ruleBoxes(textHeight: Double) throws(OCRError) -> (horizontal: [PixelRect], vertical: [PixelRect]) {
        let (length, thick) = Self.ruleSize(textHeight: textHeight)
        let binary = try binarized()
        return (
            try binary.thinRuns(along: (length, 1), thickerThan: (1, thick)).componentBoxes(connectivity: 8),
            try binary.thinRuns(along: (1, Self.cellSideSize(textHeight: textHeight)), thickerThan: (thick, 1)).componentBoxes(connectivity: 8)
        )
    }

    /// The shortest rule and the thickness no rule reaches, in pixels, for text `textHeight` high.
    private static func ruleSize(textHeight: Double) -> (length: Int32, thick: Int32) {
        (Int32(max(40, (ruleLength * textHeight).rounded())), Int32(max(3, (ruleThickness * textHeight).rounded()) + 1))
    }

    /// The shortest cell side, in pixels, for text `textHeight` high.
    private static func cellSideSize(textHeight: Double) -> Int32 {
        Int32(max(20, (cellSideLength * textHeight).rounded()))
    }

    /// The runs of ink at least `along` long (a brick opening), less their parts at least
    /// `thickerThan` thick across.
    private func thinRuns(along: (Int32, Int32), thickerThan: (Int32, Int32)) throws(OCRError) -> LeptonicaImage {
        let long = try openedWithBrick(width: along.0, height: along.1, "find long runs")
        let thickParts = try long.openedWithBrick(width: thickerThan.0, height: thickerThan.1, "find thick runs")
        return try long.applying("keep thin runs") { pixSubtract(nil, $0, thickParts.pix) }
    }
}
