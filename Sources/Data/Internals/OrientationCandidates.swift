import Domain

/// The page orientations worth reading, most likely first.
///
/// Tesseract's orientation detection (`osd`) proposes one; above its own
/// `min_orientation_margin` (7) its answer is taken alone, below it the proposal and
/// upright come first and (`.accurate`) the other two after them. Without `osd` data,
/// or when detection finds too little text, upright comes first.
enum OrientationCandidates {
    static let trustedConfidence = 7.0

    static func candidates(for base: LeptonicaImage, engines: EngineCache, level: RecognitionLevel) -> [RotationDegree] {
        let detected = engines.optionalEngine(for: ["osd"])?.detectOrientation(base)
        if let detected, detected.confidence >= trustedConfidence { return [detected.rotation] }
        var ordered = [detected?.rotation ?? .upright, .upright]
        if level == .accurate { ordered += RotationDegree.allCases }
        var seen = Set<RotationDegree>()
        return ordered.filter { seen.insert($0).inserted }
    }
}
