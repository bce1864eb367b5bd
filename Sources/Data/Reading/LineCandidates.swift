internal import CTesseract
import Domain

/// Finds other readings of each line (`RecognitionOptions.candidateCount`): the line is read
/// alone by each other model that fits the languages asked for — each language on its own
/// (`kor`, `eng` for `kor+eng`) and the script model of the first (`script/Hangul`) when
/// installed — and the readings that differ from the line's text are kept, most confident
/// first.
///
/// Tesseract's per-character alternatives (`lstm_choice_mode`) were tried first: on Korean
/// the LSTM's recoded syllables come back as fragments, so they make no readable
/// alternatives. Costs one single-line recognition per line and model.
struct LineCandidates {
    /// The other models, each made on first use (`nil` when not installed).
    let engines: [() -> TesseractEngine?]
    let control: RecognitionControl
    /// Readings wanted per line, the line's own text included.
    let count: Int

    /// The models to ask for `languages`: each alone when there are several, then the
    /// script model of the first language.
    static func models(for languages: [String]) -> [[String]] {
        var models = languages.count > 1 ? languages.map { [$0] } : []
        if let first = languages.first, let script = scriptModel[first] { models.append([script]) }
        return models
    }

    /// Script models for the languages that have one installed by Debian.
    static let scriptModel = ["kor": "script/Hangul", "jpn": "script/Japanese", "eng": "script/Latin", "rus": "script/Cyrillic"]

    func attach(to lines: [PreparedLine], in prepared: PreparedImage) throws -> [PreparedLine] {
        guard count > 1 else { return lines }
        let available = engines.compactMap { $0() }
        return try lines.map { line in
            var readings: [RecognizedText] = []
            for engine in available {
                let read = try engine.look(at: prepared, PSM_SINGLE_LINE, within: line.readingBox(within: prepared.image.size), control: control)
                guard let read, !read.isEmpty else { continue }
                let text = read.map(\.line.text).joined(separator: " ")
                let characters = read.map { Float($0.line.text.count) }
                let confidence = zip(read, characters).map { $0.line.confidence * $1 }.reduce(0, +) / max(1, characters.reduce(0, +))
                readings.append(RecognizedText(string: text, confidence: confidence))
            }
            var withAlternatives = line
            withAlternatives.line.alternatives = Self.alternatives(readings, excluding: line.line.text, count: count - 1)
            return withAlternatives
        }
    }

    /// `readings` without `excluded` and repeats (compared without whitespace), most
    /// confident first, at most `count`.
    static func alternatives(_ readings: [RecognizedText], excluding excluded: String, count: Int) -> [RecognizedText] {
        let compact = { (text: String) in text.filter { !$0.isWhitespace } }
        var seen: Set<String> = [compact(excluded)]
        return Array(
            readings.sorted { $0.confidence > $1.confidence }
                .filter { !compact($0.string).isEmpty && seen.insert(compact($0.string)).inserted }
                .prefix(max(0, count)))
    }
}
