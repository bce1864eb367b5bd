import Domain

/// The page orientations worth reading after upright, most likely first.
///
/// Upright is always read first (most pages are, and a reliable upright reading ends the
/// search without detection). Only then does Tesseract's orientation detection (`osd`)
/// propose a turn. When it proposes upright, the page is taken as upright (on the
/// evaluation set it never proposed upright for a turned page: the upright reading was
/// just hard). Above its own `min_orientation_margin` (7) a proposed turn is the only
/// other candidate; below it, the proposal comes first and (`.accurate`) the remaining
/// turns after it. Without `osd` data, or when detection finds too little text, the other
/// turns are tried in order (`.accurate`).
enum OrientationCandidates {
    static let trustedConfidence = 7.0

    static func afterUpright(for base: LeptonicaImage, engines: EngineCache, level: RecognitionLevel) -> [RotationDegree] {
        let detected = engines.optionalEngine(for: ["osd"])?.detectOrientation(base)
        if detected?.rotation == .upright { return [] }
        if let detected, detected.confidence >= trustedConfidence { return [detected.rotation] }
        var ordered = detected.map { [$0.rotation] } ?? []
        if level == .accurate { ordered += RotationDegree.allCases }
        var seen: Set<RotationDegree> = [.upright]
        return ordered.filter { seen.insert($0).inserted }
    }
}
