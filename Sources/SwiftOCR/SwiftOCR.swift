// The whole library under one import: `import SwiftOCR` brings the domain (`OCRRepository`,
// `OCRResult`, `RecognitionOptions`, `ReceiptExtractor`, …), the Tesseract repository and
// Foundation, so `Data` is Foundation's type, never this package's module of that name.
@_exported import Data
@_exported import Domain
@_exported import Foundation
