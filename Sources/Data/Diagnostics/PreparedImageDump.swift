internal import CLeptonica
import Domain
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

    /// Writes `image` with each of `blocks` outlined in red and its `lines` in blue
    /// (`prepared-<n>-<label>-layout.png`), and the rectangles as text beside it
    /// (`….tsv`: kind, x, y, width, height; the first row gives the text height).
    static func write(_ image: LeptonicaImage, blocks: [PixelRect], lines: [PixelRect] = [], textHeight: Double? = nil, label: String) {
        guard let directory, let color = pixConvertTo32(image.pix) else { return }
        var pointer: UnsafeMutablePointer<PIX>? = color
        defer { pixDestroy(&pointer) }
        for (rectangles, width, red, blue) in [(lines, Int32(1), UInt8(0), UInt8(255)), (blocks, 3, 255, 0)] {
            for rectangle in rectangles {
                guard let box = boxCreate(Int32(rectangle.x), Int32(rectangle.y), Int32(rectangle.width), Int32(rectangle.height)) else { continue }
                var boxPointer: UnsafeMutablePointer<BOX>? = box
                pixRenderBoxArb(color, box, width, red, 0, blue)
                boxDestroy(&boxPointer)
            }
        }
        let path = (directory as NSString).appendingPathComponent("prepared-\(counter.next())-\(label)-layout.png")
        _ = pixWrite(path, color, Int32(IFF_PNG))
        var rows = ["textHeight\t\(textHeight ?? 0)"]
        for (kind, rectangles) in [("line", lines), ("block", blocks)] {
            rows += rectangles.map { "\(kind)\t\($0.x)\t\($0.y)\t\($0.width)\t\($0.height)" }
        }
        try? (rows.joined(separator: "\n") + "\n").write(toFile: (path as NSString).deletingPathExtension + ".tsv", atomically: true, encoding: .utf8)
    }

    private final class Counter: @unchecked Sendable {
        // @unchecked: only used from engine worker queues while debugging; the lock keeps it exact.
        private let lock = NSLock()
        private var value = 0
        func next() -> Int {
            lock.withLock {
                value += 1
                return value
            }
        }
    }
}
