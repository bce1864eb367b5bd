internal import CLeptonica
internal import CTesseract

extension TesseractOCRRepository {
    /// The versions of the Tesseract and Leptonica libraries in use, e.g.
    /// `Tesseract 5.3.0, Leptonica 1.82.0` (`TessVersion`, `getLeptonicaVersion`).
    public static var engineVersion: String {
        let tesseract = TessVersion().map { String(cString: $0) } ?? "unknown"
        var leptonica = "unknown"
        if let version = getLeptonicaVersion() {
            leptonica = String(cString: version).replacingOccurrences(of: "leptonica-", with: "")
            free(version)
        }
        return "Tesseract \(tesseract), Leptonica \(leptonica)"
    }
}
