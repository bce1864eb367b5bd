internal import CTesseractOverrides

/// The line images Tesseract's LSTM keeps while it reads, stored uncompressed.
///
/// Tesseract 5.3 writes every line image it recognises into memory as a PNG
/// (`ImageData::SetPixInternal`) and decodes it again at once (`GetPixInternal`): zlib's
/// deflate and inflate at the default level held about 4% of the CPU of a reading. While an
/// engine of ours recognises, those PNGs are written with compression level 0
/// (`CTesseractOverrides` takes the place of Leptonica's `pixWriteMem` for the thread): the
/// same pixels come back, so the same text is read (`TesseractOverrideTests`), without the
/// compression. Measured on the 23 real images alternating: 36.45 → 35.52 s wall, 61.3 →
/// 59.4 CPU-s.
enum StoredLineImages {
    /// `body`, with the PNGs written on this thread stored uncompressed.
    static func storing<Result, Failure>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        tesseract_overrides_store_line_images_begin()
        defer { tesseract_overrides_store_line_images_end() }
        return try body()
    }

    /// How many PNGs were written uncompressed on this thread (stays 0 where Leptonica's
    /// function cannot be taken over: they are then compressed as before).
    static var storedCount: Int {
        tesseract_overrides_stored_line_images()
    }
}
