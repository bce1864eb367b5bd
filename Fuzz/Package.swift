// swift-tools-version: 6.0
// libFuzzer targets for SwiftOCR. Built only by Scripts/fuzz.sh, with coverage
// instrumentation and AddressSanitizer, which apply to the library too. Not part of the
// main build.
import PackageDescription

let package = Package(
    name: "SwiftOCRFuzz",
    dependencies: [.package(name: "SwiftOCR", path: "..")],
    targets: [
        .target(name: "CFuzzer"),
        .executableTarget(
            name: "DecodeFuzzer",
            dependencies: ["CFuzzer", .product(name: "Data", package: "SwiftOCR"), .product(name: "Domain", package: "SwiftOCR")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
        .executableTarget(
            name: "ImageDecoderFuzzer",
            dependencies: ["CFuzzer", .product(name: "Data", package: "SwiftOCR"), .product(name: "Domain", package: "SwiftOCR")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
        .executableTarget(
            name: "ArgumentFuzzer",
            dependencies: ["CFuzzer", .product(name: "OCRCommandLine", package: "SwiftOCR")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
    ],
    swiftLanguageModes: [.v6]
)
