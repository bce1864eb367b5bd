internal import CTesseractOverrides

/// Tesseract's built-in table of character ambiguities (`universalambigs.h`), which its
/// legacy engine reads and its LSTM never does.
///
/// Tesseract 5.3 built with the legacy engine (Debian's) parses the table whenever it loads
/// a language, whatever the engine mode: about two thirds of the start of an engine holding
/// a Latin model (`eng` 0.10 → 0.02 s, `kor+eng` 0.14 → 0.05 s on this machine's
/// `tesseract` command), and an `ocr scan` starts up to six such engines. Engines whose
/// languages are read by the LSTM alone start without it (`CTesseractOverrides` takes the
/// place of `UnicharAmbigs::LoadUniversal` for the thread starting them); they read exactly
/// as before (`TesseractOverrideTests`).
enum UniversalAmbiguities {
    /// `body`, with the engines it starts on this thread not parsing the table.
    static func skipped<Result, Failure>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        tesseract_overrides_skip_ambiguities_begin()
        defer { tesseract_overrides_skip_ambiguities_end() }
        return try body()
    }

    /// How many times the table's parse was skipped on this thread (stays 0 where
    /// Tesseract's call to it cannot be taken over: engines then start as before).
    static var skippedCount: Int {
        tesseract_overrides_skipped_ambiguity_tables()
    }
}
