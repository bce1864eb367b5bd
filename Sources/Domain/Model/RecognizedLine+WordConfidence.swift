extension RecognizedLine {
    /// The line with a confidence no lower than its least sure word's.
    ///
    /// Tesseract's line confidence averages every word it read, one it returned as nothing
    /// (far below zero) too: a line of sure words then reads as unsure, and the rules keep
    /// only its longest words (`시장에서 사과 한 봉지와 배추 두 포기를 다.` at 0.44, its words
    /// 0.46–0.97, printed as `시장에서 봉지와 포기를`). Such a line takes the character-weighted
    /// mean of the words it holds; any other line, or one without words, is left as read.
    package func withConfidenceOfItsWords() -> RecognizedLine {
        guard let least = words.lazy.map(\.confidence).min(), confidence < least else { return self }
        var mended = self
        mended.confidence = RecognizedWord.merging(words, text: text).confidence
        return mended
    }
}
