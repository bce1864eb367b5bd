/// A barcode or QR code found on the page, like Vision's `BarcodeObservation`.
public struct DetectedBarcode: Sendable, Hashable, Codable {
    /// The barcode's symbology as the decoder names it (`QR-Code`, `EAN-13`, `CODE-128`).
    public var symbology: String
    /// What it encodes, as text.
    public var payload: String
    /// Where it is, in normalized upright-image coordinates.
    public var boundingBox: NormalizedRect

    /// Creates a barcode.
    public init(symbology: String, payload: String, boundingBox: NormalizedRect) {
        self.symbology = symbology
        self.payload = payload
        self.boundingBox = boundingBox
    }
}
