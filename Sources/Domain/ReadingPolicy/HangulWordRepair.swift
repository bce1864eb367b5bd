/// Repairs Korean words that a mixed Korean/English reading turned into Latin letters or
/// symbols.
///
/// Reading `kor+eng`, Tesseract picks per word whichever model is more confident, and
/// its English model is often more confident about nonsense: 버스는 comes out as `WAL`,
/// 공연했다 as `SARC`, 회의 as `3] £}`. Read with the Korean model alone, those words come
/// back as well-formed Hangul syllables, while real English words come back as digits,
/// jamo and symbols (`Samsung` → `ㅎ80054108`, `Netflix` → `지601`). So a suspect word
/// (no Hangul; Latin letters, or mostly symbols) — or a run of adjacent suspect words — is
/// replaced by the Korean reading of the same span when that reading is mostly Hangul
/// syllables and the Korean model is more confident of it than the mixed reading was.
package enum HangulWordRepair {
    /// The smallest confidence a Korean reading needs to replace a word (it must also be
    /// more confident than the word it replaces; that is the condition that does the work).
    package static let minimumConfidence: Float = 0.3

    /// `line` with its suspect words replaced by the Korean words covering the same span,
    /// where those spell well-formed Hangul.
    /// - Parameters:
    ///   - line: The mixed-language reading.
    ///   - koreanWords: The same line read with the Korean model alone, left to right.
    package static func repair(_ line: RecognizedLine, koreanWords: [RecognizedWord]) -> RecognizedLine {
        // Tesseract may split one Korean word into several suspect ones (서울특별시 → `ASS SA`),
        // so at each suspect word the longest run of suspect words that the Korean reading
        // covers word by word is replaced together; shorter runs are tried after it.
        var words: [RecognizedWord] = []
        var index = line.words.startIndex
        while index < line.words.endIndex {
            var runEnd = index
            while runEnd < line.words.endIndex, isSuspect(line.words[runEnd].text) { runEnd += 1 }
            let match = (index..<runEnd).reversed().lazy.compactMap { last in
                let others = Array(line.words[..<index] + line.words[(last + 1)...])
                return replacement(for: Array(line.words[index...last]), besides: others, from: koreanWords).map { ($0, last) }
            }.first
            if let (replacement, last) = match {
                words.append(replacement)
                index = last + 1
            } else {
                words.append(line.words[index])
                index += 1
            }
        }
        return line.withWords(words)
    }

    /// Whether a word may be a misread Korean word: it has no Hangul, and has Latin
    /// letters or is mostly symbols (neither letters nor digits).
    package static func isSuspect(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        guard !scalars.isEmpty, !scalars.contains(where: isHangul) else { return false }
        let symbols = scalars.filter { !$0.properties.isAlphabetic && $0.properties.numericType == nil }.count
        return scalars.contains(where: isLatinLetter) || symbols * 2 >= scalars.count
    }

    /// Whether `text` reads as Korean: Hangul syllables at least as many as digits and
    /// Latin letters together, otherwise only punctuation, and no stray jamo.
    package static func isWellFormedHangul(_ text: String) -> Bool {
        let scalars = text.unicodeScalars
        let syllables = scalars.filter(isHangulSyllable).count
        let others = scalars.filter { $0.properties.numericType != nil || isLatinLetter($0) }.count
        return syllables > 0 && syllables >= others
            && scalars.allSatisfy {
                isHangulSyllable($0) || $0.properties.numericType != nil || isLatinLetter($0)
                    || $0.properties.generalCategory.isPunctuation
            }
    }

    /// The Korean words read over `run` joined into one, when they spell well-formed Hangul
    /// more confidently than the run was read. A Korean word that repeats one of the line's
    /// `others`, lying over it, is that word's reading, not the run's (Tesseract's box for a
    /// title's `**`, read `wt`, spanned the name beside it: `5365열린약국*%%`).
    private static func replacement(for run: [RecognizedWord], besides others: [RecognizedWord], from koreanWords: [RecognizedWord])
        -> RecognizedWord?
    {
        guard let first = run.first else { return nil }
        let span = run.dropFirst().reduce(first.boundingBox) { $0.union($1.boundingBox) }
        let over = koreanWords.filter { overlapFraction(of: $0.boundingBox, inside: span) >= 0.5 }
        let spans = over.map(\.boundingBox)
        guard run.allSatisfy({ coverage(of: $0.boundingBox, by: spans) >= 0.6 }) else { return nil }
        let covering = over.filter { korean in
            !others.contains { $0.text == korean.text && overlapFraction(of: korean.boundingBox, inside: $0.boundingBox) >= 0.5 }
        }
        guard !covering.isEmpty else { return nil }
        let text = covering.map(\.text).joined()
        let confidence = covering.map(\.confidence).reduce(0, +) / Float(covering.count)
        let runConfidence = run.map(\.confidence).reduce(0, +) / Float(run.count)
        guard isWellFormedHangul(text), confidence >= minimumConfidence, confidence > runConfidence else { return nil }
        return RecognizedWord(text: text, boundingBox: span, confidence: confidence)
    }

    static func isLatinLetter(_ scalar: Unicode.Scalar) -> Bool {
        ("A"..."Z").contains(scalar) || ("a"..."z").contains(scalar)
    }

    /// A precomposed Hangul syllable (가–힣).
    package static func isHangulSyllable(_ scalar: Unicode.Scalar) -> Bool { (0xAC00...0xD7A3).contains(scalar.value) }

    /// Whether `character` is one precomposed Hangul syllable.
    package static func isHangulSyllable(_ character: Character) -> Bool {
        character.unicodeScalars.count == 1 && character.unicodeScalars.allSatisfy(isHangulSyllable)
    }

    static func isHangul(_ scalar: Unicode.Scalar) -> Bool {
        isHangulSyllable(scalar) || (0x1100...0x11FF).contains(scalar.value) || (0x3130...0x318F).contains(scalar.value)
    }

    /// How much of `inner`'s width lies inside `outer`'s horizontal span.
    static func overlapFraction(of inner: NormalizedRect, inside outer: NormalizedRect) -> Double {
        guard inner.width > 0 else { return 0 }
        return max(0, min(inner.maxX, outer.maxX) - max(inner.minX, outer.minX)) / inner.width
    }

    /// How much of `target`'s width the union of `spans` covers.
    static func coverage(of target: NormalizedRect, by spans: [NormalizedRect]) -> Double {
        guard target.width > 0 else { return 0 }
        let left = spans.map(\.minX).min() ?? 0
        let right = spans.map(\.maxX).max() ?? 0
        return max(0, min(right, target.maxX) - max(left, target.minX)) / target.width
    }
}

extension Unicode.GeneralCategory {
    var isPunctuation: Bool {
        switch self {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
            .initialPunctuation, .finalPunctuation, .otherPunctuation, .mathSymbol, .currencySymbol:
            true
        default:
            false
        }
    }
}
