/// How trustworthy a reading of a page looks, from the engine's own confidences.
///
/// Used to choose between two readings of the same image (for example one block of text
/// versus full layout analysis): the better reading has more characters read with
/// confidence, weighted by that confidence.
package struct ReadingQuality: Sendable, Hashable, Comparable {
    /// Characters (whitespace excluded) in words of at least `minimumWordConfidence`,
    /// each weighted by its word's confidence.
    package let confidentCharacters: Double
    /// The character-weighted mean word confidence over all words, 0 when there are none.
    package let meanConfidence: Double

    /// Words below this confidence count as unread.
    package static let minimumWordConfidence: Float = 0.5

    /// Measures a reading.
    package init(lines: [RecognizedLine]) {
        var weighted = 0.0
        var characters = 0
        var confident = 0.0
        for word in lines.flatMap(\.words) {
            let count = word.text.visibleCharacterCount
            characters += count
            weighted += Double(word.confidence) * Double(count)
            if word.confidence >= Self.minimumWordConfidence {
                confident += Double(word.confidence) * Double(count)
            }
        }
        confidentCharacters = confident
        meanConfidence = characters == 0 ? 0 : weighted / Double(characters)
    }

    package static func < (lhs: ReadingQuality, rhs: ReadingQuality) -> Bool {
        (lhs.confidentCharacters, lhs.meanConfidence) < (rhs.confidentCharacters, rhs.meanConfidence)
    }
}
