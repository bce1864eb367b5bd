/// How numbers are written in the result document (Docs/ocr-result.schema.json): a
/// confidence to three decimals (`0.93`, not `0.9300000071525574`), a normalized coordinate
/// to four (a tenth of a pixel on a 1,000-pixel side).
package enum DocumentNumber {
    package static func confidence(_ value: Float) -> Double { (Double(value) * 1000).rounded() / 1000 }
    package static func coordinate(_ value: Double) -> Double { (value * 10_000).rounded() / 10_000 }
}
