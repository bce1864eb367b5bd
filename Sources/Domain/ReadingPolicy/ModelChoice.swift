/// Which model's reading each word of a line keeps, when a page's first model reads every
/// line and its other models read only the words the first read doubtfully.
///
/// Reading `kor+eng`, Tesseract reads every line with both models and keeps, word by word,
/// the surer reading (its `SelectBestWords`): the English model's pass costs about as much
/// again as the Korean one, on lines of Hangul it cannot read. Here the Korean model reads
/// the page, and the English model only the runs of words it doubts (`doubtfulRuns`): Hangul
/// read unsurely, digits read unsurely, and anything else — jamo, marks, the digits and
/// symbols it makes of Latin letters (`Samsung` → `ㅎ80054108`) — unless read surely. The
/// two readings of a run are then matched in the smallest groups whose word breaks
/// coincide, and each group is taken from the reading whose least sure word is surer, as
/// Tesseract does.
package enum ModelChoice {
    /// Hangul syllables (and digits with them) read less surely than this are doubted.
    package static let unsureLetters: Float = 0.6
    /// Digits (with their separators) read less surely than this are doubted.
    package static let unsureDigits: Float = 0.8
    /// Anything else (jamo, letters of another script, marks among them) read less surely
    /// than this is doubted.
    package static let unsureOther: Float = 0.9
    /// Words of punctuation alone read less surely than this are doubted.
    package static let unsureMarks: Float = 0.5

    /// Whether the first model's reading of `word` is put to the other models.
    package static func isDoubtful(_ word: RecognizedWord) -> Bool {
        word.confidence < threshold(for: word.text)
    }

    /// The confidence under which a word spelt `text` is doubted.
    static func threshold(for text: String) -> Float {
        var syllables = 0
        var otherLetters = 0
        var digits = 0
        for scalar in text.unicodeScalars {
            if HangulWordRepair.isHangulSyllable(scalar) {
                syllables += 1
            } else if scalar.properties.numericType != nil {
                digits += 1
            } else if scalar.properties.isAlphabetic {
                otherLetters += 1
            }
        }
        if otherLetters > 0 { return unsureOther }
        if syllables > 0 { return unsureLetters }
        if digits > 0 { return unsureDigits }
        return unsureMarks
    }

    /// The runs of consecutive words of `line` that `isDoubtful`, as ranges of word indexes.
    package static func doubtfulRuns(in line: RecognizedLine) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        for (index, word) in line.words.enumerated() where isDoubtful(word) {
            if let last = runs.last, last.upperBound == index {
                runs[runs.count - 1] = last.lowerBound..<(index + 1)
            } else {
                runs.append(index..<(index + 1))
            }
        }
        return runs
    }

    /// `line` (the first model's reading) with each group of the words in `runs` replaced by
    /// the `otherWords` (the other models' reading of those runs) over it, where those are
    /// surer. Where the first model ran words together that the others read apart (`왕돈까스
    /// 28,000` read `왕파스2800016000`), its word is cut at the others' word breaks by
    /// its `characters` (the line's, as read) and each piece is chosen alone.
    /// - Returns: The line (its confidence following its words when any was replaced), and
    ///   the first model's words (or pieces) that were replaced.
    package static func choosing(
        in line: RecognizedLine, characters: [RecognizedWord] = [], runs: [Range<Int>], otherWords: [RecognizedWord]
    ) -> (line: RecognizedLine, replaced: [RecognizedWord]) {
        var words: [RecognizedWord] = []
        var replaced: [RecognizedWord] = []
        var next = line.words.startIndex
        for run in runs where run.lowerBound >= next && run.upperBound <= line.words.endIndex {
            words += line.words[next..<run.lowerBound]
            next = run.upperBound
            let own = Array(line.words[run])
            let extent = own.dropFirst().reduce(own[0].boundingBox) { $0.union($1.boundingBox) }
            let over = otherWords.filter { $0.boundingBox.midX >= extent.minX && $0.boundingBox.midX <= extent.maxX }
                .sorted { $0.boundingBox.minX < $1.boundingBox.minX }
            for (mine, theirs) in groups(own, over) {
                guard !mine.isEmpty, !theirs.isEmpty else {
                    words += mine
                    continue
                }
                let pairs = pairing(mine, theirs, characters: characters)
                guard pairs.contains(where: { isBetter($0.theirs, than: $0.mine) }) else {
                    words += mine
                    continue
                }
                for pair in pairs {
                    if isBetter(pair.theirs, than: pair.mine) {
                        words += pair.theirs
                        replaced += pair.mine
                    } else {
                        words += pair.mine
                    }
                }
            }
        }
        words += line.words[next...]
        guard !replaced.isEmpty else { return (line, []) }
        var chosen = line.withWords(words)
        // The character-weighted mean of its words' confidences.
        chosen.confidence = RecognizedWord.merging(words, text: chosen.text).confidence
        return (chosen, replaced)
    }

    /// The readings to choose between for one group: the group whole, or — where the first
    /// model read fewer words than the others — each of the others' words beside the piece
    /// of the first model's words under it (`pieces`).
    private static func pairing(_ mine: [RecognizedWord], _ theirs: [RecognizedWord], characters: [RecognizedWord]) -> [(
        mine: [RecognizedWord], theirs: [RecognizedWord]
    )] {
        guard mine.count < theirs.count, let cut = pieces(of: mine, cutAt: theirs, characters: characters) else { return [(mine, theirs)] }
        return zip(cut, theirs).map { ([$0], [$1]) }
    }

    /// Whether `theirs` reads the same ink better than `mine`: its least sure word is surer,
    /// and it costs less (Tesseract's test of a certainty and a rating).
    static func isBetter(_ theirs: [RecognizedWord], than mine: [RecognizedWord]) -> Bool {
        leastSure(theirs) > leastSure(mine) && cost(of: theirs) < cost(of: mine)
    }

    /// `words` cut into one piece per word of `breaks`, at the boundaries between their
    /// `characters` (those whose centres lie within them) where the characters part — a
    /// syllable beside a digit, or a gap half as wide again as their usual one — nearest the
    /// gaps between the words of `breaks`, within a character and a half; a piece is its
    /// characters joined, its box their union, its confidence the least sure of them and of
    /// the words cut. `nil` when some break has no such boundary near it.
    static func pieces(of words: [RecognizedWord], cutAt breaks: [RecognizedWord], characters: [RecognizedWord]) -> [RecognizedWord]? {
        let inside = characters.filter { character in
            words.contains { character.boundingBox.midX >= $0.boundingBox.minX && character.boundingBox.midX <= $0.boundingBox.maxX }
        }
        guard inside.count >= max(2, breaks.count) else { return nil }
        let width = inside.reduce(0) { $0 + $1.boundingBox.width } / Double(inside.count)
        // Boundary j lies between characters j and j + 1.
        let boundaries = (0..<(inside.count - 1)).map { (inside[$0].boundingBox.maxX + inside[$0 + 1].boundingBox.minX) / 2 }
        let classChanges = Set((0..<(inside.count - 1)).filter { kind(of: inside[$0].text) * kind(of: inside[$0 + 1].text) == 2 })
        // A cut is taken only where the first model's characters part: between a syllable and
        // a digit, or at a gap half as wide again as its characters' usual gap (a space it
        // did not write). A masked card number read as one word by one model and as four
        // fragments by the other is not cut.
        let gaps = (0..<(inside.count - 1)).map { inside[$0 + 1].boundingBox.minX - inside[$0].boundingBox.maxX }
        let usualGap = gaps.sorted()[gaps.count / 2]
        let parting = Set(boundaries.indices.filter { classChanges.contains($0) || gaps[$0] > max(0, usualGap) * 1.5 + width * 0.05 })
        var cuts: [Int] = []
        for index in 0..<(breaks.count - 1) {
            let gap = (breaks[index].boundingBox.maxX + breaks[index + 1].boundingBox.minX) / 2
            let allowed = boundaries.indices.filter {
                parting.contains($0) && $0 > (cuts.last ?? -1) && $0 < boundaries.count - (breaks.count - 2 - index)
                    && abs(boundaries[$0] - gap) <= 1.5 * width
            }
            guard let nearest = allowed.min(by: { abs(boundaries[$0] - gap) < abs(boundaries[$1] - gap) }) else { return nil }
            cuts.append(nearest)
        }
        let ceiling = leastSure(words)
        var start = 0
        return (cuts.map { $0 + 1 } + [inside.count]).map { end in
            defer { start = end }
            let part = Array(inside[start..<end])
            let box = part.dropFirst().reduce(part[0].boundingBox) { $0.union($1.boundingBox) }
            return RecognizedWord(text: part.map(\.text).joined(), boundingBox: box, confidence: min(ceiling, leastSure(part)))
        }
    }

    /// What kind of character `text` is, for cutting words: a syllable (1), a digit (2), or
    /// other (0); a syllable beside a digit is a parting (their product is 2).
    private static func kind(of text: String) -> Int {
        guard let scalar = text.unicodeScalars.first else { return 0 }
        if HangulWordRepair.isHangulSyllable(scalar) { return 1 }
        return scalar.properties.numericType != nil ? 2 : 0
    }

    /// `own` and `other` (each left to right) cut into the smallest pairs of groups whose
    /// last words end before both readings' next words begin (Tesseract's `SelectBestWords`).
    static func groups(_ own: [RecognizedWord], _ other: [RecognizedWord]) -> [(own: [RecognizedWord], other: [RecognizedWord])] {
        func gap(_ words: [RecognizedWord], _ index: Int) -> (right: Double, nextLeft: Double) {
            guard index < words.count else { return (-.infinity, .infinity) }
            return (words[index].boundingBox.maxX, index + 1 < words.count ? words[index + 1].boundingBox.minX : .infinity)
        }
        var pairs: [(own: [RecognizedWord], other: [RecognizedWord])] = []
        var (b, n) = (0, 0)
        while b < own.count || n < other.count {
            let (startB, startN) = (b, n)
            while b < own.count || n < other.count {
                let (ownRight, ownNext) = gap(own, b)
                let (otherRight, otherNext) = gap(other, n)
                if max(ownRight, otherRight) < min(ownNext, otherNext) { break }
                if (ownRight < otherRight && b < own.count) || n == other.count { b += 1 } else { n += 1 }
            }
            let endB = min(b + 1, own.count)
            let endN = min(n + 1, other.count)
            pairs.append((Array(own[startB..<endB]), Array(other[startN..<endN])))
            (b, n) = (endB, endN)
        }
        return pairs
    }

    /// What reading `words` costs, in the manner of Tesseract's rating (a sum over the
    /// characters, each the more the less sure): of two readings as sure, the one that
    /// makes fewer characters of the same ink.
    private static func cost(of words: [RecognizedWord]) -> Float {
        words.reduce(0) { $0 + Float(max($1.text.count, 1)) * (1 - $1.confidence) }
    }

    private static func leastSure(_ words: [RecognizedWord]) -> Float {
        words.map(\.confidence).min() ?? 0
    }
}
