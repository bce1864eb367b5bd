internal import CTesseractOverrides

/// A step of Tesseract's that `CTesseractOverrides` leaves out on the threads that ask, by
/// taking the place of the library function that does it (the dynamic linker resolves
/// libtesseract's call to the package's; on any other thread it passes the call on).
///
/// Engines read exactly as they would with the step (`TesseractOverrideTests`).
struct TesseractOverride: Sendable {
    private let begin: @Sendable () -> Void
    private let end: @Sendable () -> Void
    private let changed: @Sendable () -> Int

    /// `body`, with the step left out of what it makes Tesseract do on this thread.
    func during<Result, Failure>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        begin()
        defer { end() }
        return try body()
    }

    /// How many calls the override changed on this thread (stays 0 where Tesseract's call
    /// cannot be taken over: its step is then done as before).
    var changedCount: Int { changed() }

    /// Tesseract's built-in table of character ambiguities (`universalambigs.h`), parsed by
    /// `UnicharAmbigs::LoadUniversal` at every language load, whatever the engine mode,
    /// though only the legacy engine reads it: about two thirds of the start of an engine
    /// holding a Latin model (`eng` 0.10 → 0.02 s, `kor+eng` 0.14 → 0.05 s on this machine's
    /// `tesseract` command), and an `ocr scan` starts up to six such engines. Left out while
    /// an engine whose languages read with the LSTM alone starts (`TesseractEngine.init`).
    static let universalAmbiguities = TesseractOverride(
        begin: { tesseract_overrides_skip_ambiguities_begin() }, end: { tesseract_overrides_skip_ambiguities_end() },
        changed: { tesseract_overrides_skipped_ambiguity_tables() })

    /// The compression of the line images Tesseract's LSTM keeps while it reads: it writes
    /// every line image into memory as a PNG (`ImageData::SetPixInternal`, through
    /// Leptonica's `pixWriteMem`) and decodes it again at once, and zlib's deflate and
    /// inflate held 4% of the CPU of a reading. Left out (PNGs stored at zlib level 0, the
    /// same pixels back) while an engine of ours recognises (`TesseractEngine.recognizing`).
    static let storedLineImages = TesseractOverride(
        begin: { tesseract_overrides_store_line_images_begin() }, end: { tesseract_overrides_store_line_images_end() },
        changed: { tesseract_overrides_stored_line_images() })
}
