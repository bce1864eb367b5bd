extension String {
    /// The matches of `regex` that are not directly preceded by one of `excluded` (Swift's
    /// `Regex` has no lookbehind).
    func matches<Output>(of regex: Regex<Output>, notAfter excluded: String) -> [Regex<Output>.Match] {
        matches(of: regex).filter { match in
            match.range.lowerBound == startIndex || !excluded.contains(self[index(before: match.range.lowerBound)])
        }
    }
}
