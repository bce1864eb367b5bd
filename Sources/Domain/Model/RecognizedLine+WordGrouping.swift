extension RecognizedLine {
    /// The line with its words regrouped to follow the spaces in its text, and clipped to
    /// the line's box.
    ///
    /// Tesseract's Korean model often reports each Hangul syllable as a separate word
    /// while the line text is spaced correctly ("상승장에서는" as six words). Consecutive
    /// words whose texts spell one space-separated token of the line are merged: the box
    /// is their union and the confidence their character-weighted mean. When the words
    /// do not spell the line's tokens exactly, they are left as they are.
    ///
    /// Tesseract's line boxes are reliable but its per-syllable boxes sometimes reach far
    /// into the neighbouring lines, so word boxes are clipped to the line box.
    package func groupingWordsByText() -> RecognizedLine {
        var line = self
        let clipped = words.map { word in
            RecognizedWord(text: word.text, boundingBox: word.boundingBox.clipped(to: boundingBox), confidence: word.confidence)
        }
        line.words = Self.group(clipped, into: text.split(whereSeparator: \.isWhitespace).map(String.init)) ?? clipped
        return line
    }

    private static func group(_ words: [RecognizedWord], into tokens: [String]) -> [RecognizedWord]? {
        var grouped: [RecognizedWord] = []
        var remaining = words[...]
        for token in tokens {
            var parts: [RecognizedWord] = []
            var spelled = ""
            while spelled.count < token.count, let next = remaining.popFirst() {
                parts.append(next)
                spelled += next.text
            }
            guard spelled == token, !parts.isEmpty else { return nil }
            grouped.append(.merging(parts, text: token))
        }
        return remaining.isEmpty ? grouped : nil
    }
}
