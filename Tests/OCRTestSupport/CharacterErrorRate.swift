import Foundation

/// Text comparison as the accuracy benchmark does it: NFC-normalised, whitespace removed.
public enum CharacterErrorRate {
    /// Edit distance between `recognized` and `expected` divided by the length of `expected`,
    /// whitespace ignored, capped at 1.
    public static func between(_ recognized: String, _ expected: String) -> Double {
        let got = Array(stripped(recognized).unicodeScalars)
        let want = Array(stripped(expected).unicodeScalars)
        guard !want.isEmpty else { return got.isEmpty ? 0 : 1 }
        return min(1, Double(editDistance(got, want)) / Double(want.count))
    }

    /// The text NFC-normalised with all whitespace removed.
    public static func stripped(_ text: String) -> String {
        String(text.precomposedStringWithCanonicalMapping.unicodeScalars.filter { !$0.properties.isWhitespace })
    }

    private static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, y) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
