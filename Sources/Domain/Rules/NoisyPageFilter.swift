/// On a page the engine read mostly as noise, keeps only the words it is quite sure of.
///
/// A photograph of a scene (a sign on a wall, a number plate on a car) gives the engine
/// brick, grilles and shadows to read: most of what it reads there is unsure, and what it
/// is half sure of (`8 bee |`, `an 4` at 0.55–0.67) is invented. When less than
/// `noisyShare` of the characters read stand in lines at or above `minimumConfidence`,
/// words under `noisyWordConfidence` are dropped from every line (a line whose words all go
/// is dropped). On the real development images this marked the three sign photographs and
/// nothing else (Docs/Benchmarks.md). Pages read mostly with confidence are left as they are.
public struct NoisyPageFilter: RecognitionRule, Hashable, Codable {
    /// The line confidence that counts as read with confidence.
    public var minimumConfidence: Float
    /// A page with a smaller share of its characters in such lines was read as noise.
    public var noisyShare: Double
    /// On such a page, words under this confidence are dropped.
    public var noisyWordConfidence: Float

    /// Creates the rule.
    public init(minimumConfidence: Float = ConfidenceFilter.defaultMinimumConfidence, noisyShare: Double = 0.5, noisyWordConfidence: Float = 0.6) {
        self.minimumConfidence = minimumConfidence
        self.noisyShare = noisyShare
        self.noisyWordConfidence = noisyWordConfidence
    }

    public var name: String { "noisy-page" }

    /// Whether `lines` were read mostly as noise.
    public func isNoisy(_ lines: [RecognizedLine]) -> Bool {
        func characters(_ line: RecognizedLine) -> Int { line.text.visibleCharacterCount }
        let total = lines.reduce(0) { $0 + characters($1) }
        guard total > 0 else { return false }
        let sure = lines.filter { $0.confidence >= minimumConfidence }.reduce(0) { $0 + characters($1) }
        return Double(sure) < noisyShare * Double(total)
    }

    public func apply(to result: OCRResult) -> OCRResult {
        guard isNoisy(result.lines) else { return result }
        // On a page of noise, texture reads as digits too: no number is kept for its shape.
        let sureWords = WordConfidenceFilter(minimumConfidence: noisyWordConfidence, keepsStructuredNumbers: false).apply(to: result)
        // ... and as short words: a line of a few characters must be read surely (`Ih`, `ie`,
        // `of` read from a brick wall at 0.64–0.78).
        return LoneCharacterFilter(longest: Self.shortLine).apply(to: sureWords)
    }

    /// On a noisy page, lines of at most this many characters are held to
    /// `LoneCharacterFilter`'s confidence.
    public static let shortLine = 3
}
