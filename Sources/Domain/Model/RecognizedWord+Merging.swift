extension RecognizedWord {
    /// One word made of `parts` (at least one): `text`, the union of their boxes, and their
    /// mean confidence weighted by each part's number of characters.
    static func merging(_ parts: [RecognizedWord], text: String) -> RecognizedWord {
        let box = parts.dropFirst().reduce(parts[0].boundingBox) { $0.union($1.boundingBox) }
        let characters = parts.reduce(0) { $0 + max($1.text.count, 1) }
        let weighted = parts.reduce(Float(0)) { $0 + $1.confidence * Float(max($1.text.count, 1)) }
        return RecognizedWord(text: text, boundingBox: box, confidence: weighted / Float(characters))
    }
}
