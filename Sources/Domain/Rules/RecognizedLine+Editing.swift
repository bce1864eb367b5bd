extension RecognizedLine {
    /// The line made of `words`: text joined by single spaces, box their union,
    /// confidence their character-weighted mean.
    public func replacingWords(with words: [RecognizedWord]) -> RecognizedLine {
        guard let first = words.first else { return RecognizedLine(text: "", boundingBox: boundingBox, confidence: confidence) }
        let box = words.dropFirst().reduce(first.boundingBox) { $0.union($1.boundingBox) }
        return RecognizedLine(
            text: words.map(\.text).joined(separator: " "), boundingBox: box,
            confidence: RecognizedWord.weightedConfidence(of: words), words: words)
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
                if !token.isEmpty { output += transform(token); token = "" }
                output.append(character)
            } else {
                token.append(character)
            }
        }
        if !token.isEmpty { output += transform(token) }
        return output
    }
}

extension RecognizedWord {
    /// The mean confidence of `words`, each weighted by its number of characters.
    static func weightedConfidence(of words: [RecognizedWord]) -> Float {
        let characters = words.reduce(0) { $0 + max($1.text.count, 1) }
        guard characters > 0 else { return 0 }
        return words.reduce(Float(0)) { $0 + $1.confidence * Float(max($1.text.count, 1)) } / Float(characters)
    }
}
