// swift-tools-version: 6.0
import PackageDescription

/// An on-device OCR library and command-line tool built on Tesseract.
///
/// Dependencies point inward: `ocr` → `OCRCommandLine` → `Data` → `Domain`.
/// `ocr-benchmark` measures the library for Docs/Benchmarks.md.
/// `Domain` is pure Swift (Foundation only); only `Data` sees the C libraries.
let package = Package(
    name: "SwiftOCR",
    products: [
        // `import SwiftOCR` is all an app needs; `Domain` and `Data` for those who want the layers.
        .library(name: "SwiftOCR", targets: ["SwiftOCR"]),
        .library(name: "Domain", targets: ["Domain"]),
        .library(name: "Data", targets: ["Data"]),
        .library(name: "OCRCommandLine", targets: ["OCRCommandLine"]),
        .executable(name: "ocr", targets: ["ocr"]),
    ],
    targets: [
        .systemLibrary(
            name: "CTesseract",
            pkgConfig: "tesseract",
            providers: [.apt(["libtesseract-dev"]), .brew(["tesseract"])]
        ),
        .systemLibrary(
            name: "CLeptonica",
            pkgConfig: "lept",
            providers: [.apt(["libleptonica-dev"]), .brew(["leptonica"])]
        ),
        .target(
            name: "CImageCodecs",
            linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("jpeg"), .linkedLibrary("webp"), .linkedLibrary("webpdemux")]
        ),
        // Two of Tesseract's wasted steps left out on the threads that ask (see its header).
        .target(name: "CTesseractOverrides", linkerSettings: [.linkedLibrary("lept"), .linkedLibrary("dl")]),
        // ONNX Runtime's C API, opened at run time (see its header): the text detector's runtime.
        .target(name: "COnnxRuntime", linkerSettings: [.linkedLibrary("dl")]),
        // zbar, loaded at run time for barcodes and QR codes (Debian's libzbar0): optional.
        .target(name: "CBarcodes", linkerSettings: [.linkedLibrary("dl")]),
        .target(name: "Domain"),
        .target(
            name: "Data", dependencies: ["Domain", "CTesseract", "CLeptonica", "CImageCodecs", "CTesseractOverrides", "COnnxRuntime", "CBarcodes"]),
        .target(name: "SwiftOCR", dependencies: ["Domain", "Data"]),
        .target(name: "OCRCommandLine", dependencies: ["Domain", "Data"]),
        .executableTarget(name: "ocr", dependencies: ["OCRCommandLine"]),
        .executableTarget(name: "ocr-benchmark", dependencies: ["Domain", "Data"], path: "Sources/OCRBenchmark"),
        .target(name: "OCRTestSupport", dependencies: ["Domain"], path: "Tests/OCRTestSupport"),
        .testTarget(name: "DomainTests", dependencies: ["Domain", "OCRTestSupport"]),
        .testTarget(name: "DataTests", dependencies: ["Domain", "Data", "CLeptonica", "OCRTestSupport"]),
        .testTarget(name: "OCRCommandLineTests", dependencies: ["Domain", "OCRCommandLine", "ocr", "OCRTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
