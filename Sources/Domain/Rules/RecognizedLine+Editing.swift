extension RecognizedLine {
    /// The line made of `words`: text joined by single spaces, box their union,
    /// confidence their character-weighted mean.
    public func replacingWords(with words: [RecognizedWord]) -> RecognizedLine {
        guard !words.isEmpty else { return RecognizedLine(text: "", boundingBox: boundingBox, confidence: confidence) }
        let whole = RecognizedWord.merging(words, text: words.map(\.text).joined(separator: " "))
        return RecognizedLine(text: whole.text, boundingBox: whole.boundingBox, confidence: whole.confidence, words: words)
    }

    /// The line with only the words `keep` accepts (rebuilt as `replacingWords(with:)`), itself
    /// when it keeps them all or has no words, `nil` when it keeps none.
    public func keepingWords(where keep: (RecognizedWord) -> Bool) -> RecognizedLine? {
        guard !words.isEmpty else { return self }
        let kept = words.filter(keep)
        guard kept.count < words.count else { return self }
        return kept.isEmpty ? nil : replacingWords(with: kept)
    }

    /// The line with `words` in place of its own and the text they spell; its box and
    /// confidence kept (a repair of some words, not a new reading).
    public func withWords(_ words: [RecognizedWord]) -> RecognizedLine {
        guard words != self.words else { return self }
        var line = self
        line.words = words
        line.text = words.map(\.text).joined(separator: " ")
        return line
    }

    /// The line with `transform` applied to its whole text and to every word's text; words
    /// that become empty are dropped.
    public func mappingText(_ transform: (String) -> String) -> RecognizedLine {
        var line = self
        line.text = transform(text)
        line.words = words.compactMap { word in
            var word = word
            word.text = transform(word.text)
            return word.text.isEmpty ? nil : word
        }
        return line
    }

    /// The line with `transform` applied to every whitespace-separated token of its text
    /// and to every word's text (the spacing of the text is kept).
    public func mappingTokens(_ transform: (String) -> String) -> RecognizedLine {
        var line = self
        line.text = Self.mapTokens(in: text, transform)
        line.words = words.map { word in
            var word = word
            word.text = Self.mapTokens(in: word.text, transform)
            return word
        }
        return line
    }

    private static func mapTokens(in text: String, _ transform: (String) -> String) -> String {
        var output = ""
        var token = ""
        for character in text {
            if character.isWhitespace {
                if !token.isEmpty {
                    output += transform(token)
                    token = ""
                }
                output.append(character)
            } else {
                token.append(character)
            }
        }
        if !token.isEmpty { output += transform(token) }
        return output
    }
}
