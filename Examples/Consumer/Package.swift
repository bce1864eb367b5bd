// swift-tools-version: 6.0
// A consumer of SwiftOCR by path, as an app that ports its Apple-Vision-based domain layer
// would be: it imports `Domain` and `Data` and runs that layer's own test unchanged; and as
// a new app would, with `import SwiftOCR` alone.
//
//   swift test --package-path Examples/Consumer
import PackageDescription

let package = Package(
    name: "Consumer",
    dependencies: [.package(name: "SwiftOCR", path: "../..")],
    targets: [
        // The README's library example, compiled as written (it reads `receipt.jpg`).
        .executableTarget(name: "ReadmeExample", dependencies: [.product(name: "SwiftOCR", package: "SwiftOCR")]),
        // The document view: a page's table cells and phone numbers (run by CI on a fixture).
        .executableTarget(name: "DocumentExample", dependencies: [.product(name: "SwiftOCR", package: "SwiftOCR")]),
        .testTarget(
            name: "ConsumerTests",
            dependencies: [
                .product(name: "Domain", package: "SwiftOCR"), .product(name: "Data", package: "SwiftOCR"),
                .product(name: "SwiftOCR", package: "SwiftOCR"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
