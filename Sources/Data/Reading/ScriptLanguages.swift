/// Which installed languages read a script that orientation and script detection names:
/// `ocr scan --lang auto`, `RecognitionOptions.automaticallyDetectsLanguage`.
enum ScriptLanguages {
    /// Script detection's confidence needed to change the languages. Measured on 27 pages:
    /// an English page 127; Korean pages were named Korean or Hangul at 0–2, but also
    /// Japanese, Cyrillic, Latin and Arabic at up to 6.9 (a photographed receipt, a sign).
    static let trustedConfidence = 10.0

    /// Tesseract's script names (from `osd`) and the language models that read them, the
    /// most likely first.
    static let candidates: [String: [String]] = [
        "Hangul": ["kor", "script/Hangul"], "Korean": ["kor", "script/Hangul"],
        "Latin": ["eng", "script/Latin"],
        "Han": ["chi_sim", "chi_tra", "jpn", "kor"],
        "Japanese": ["jpn", "script/Japanese"], "Katakana": ["jpn"], "Hiragana": ["jpn"],
        "Cyrillic": ["rus", "ukr", "script/Cyrillic"], "Arabic": ["ara", "fas"], "Greek": ["ell"], "Hebrew": ["heb"],
        "Thai": ["tha"], "Devanagari": ["hin", "mar", "nep"], "Bengali": ["ben"], "Tamil": ["tam"], "Georgian": ["kat"],
        "Armenian": ["hye"], "Fraktur": ["deu_latf", "frk"], "Hindi": ["hin"],
    ]

    /// The languages to read a page of `script` with: the first installed model for the
    /// script, then English for the Latin letters and digits most pages also hold;
    /// `nil` when no installed model reads the script.
    static func languages(for script: String, installed: Set<String>) -> [String]? {
        guard let primary = candidates[script]?.first(where: { installed.contains($0) || installed.contains(bare($0)) }) else {
            return nil
        }
        var chosen = [primary]
        if !primary.hasPrefix("eng"), !primary.hasPrefix("script/Latin"), installed.contains("eng") { chosen.append("eng") }
        return chosen
    }

    /// `script/Hangul` as Debian installs it (`Hangul`).
    private static func bare(_ code: String) -> String {
        code.hasPrefix("script/") ? String(code.dropFirst("script/".count)) : code
    }
}
