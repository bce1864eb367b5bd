internal import CLeptonica
import Foundation

/// A debugging aid: when `SWIFTOCR_DUMP_DIRECTORY` names a directory, every prepared image
/// is written there as PNG (`prepared-<n>-<rotation>.png`) to show what Tesseract saw.
enum PreparedImageDump {
    private static let directory = ProcessInfo.processInfo.environment["SWIFTOCR_DUMP_DIRECTORY"]
    private static let counter = Counter()

    static func write(_ image: LeptonicaImage, label: String) {
        guard let directory else { return }
        let path = (directory as NSString).appendingPathComponent("prepared-\(counter.next())-\(label).png")
        _ = pixWrite(path, image.pix, Int32(IFF_PNG))
    }

    private final class Counter: @unchecked Sendable {
        // @unchecked: only used from engine worker queues while debugging; the lock keeps it exact.
        private let lock = NSLock()
        private var value = 0
        func next() -> Int { lock.withLock { value += 1; return value } }
    }
}
