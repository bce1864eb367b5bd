import Domain
import Foundation
import OCRTestSupport
import Testing

@testable import Data

/// The trained text detector (`TextDetector`): DBNet's post-processing on maps of known
/// shape, the real PP-OCRv5 model through the real ONNX Runtime on a real page when
/// `Scripts/setup.sh` installed them, and the files' lookup when they are not.
@Suite("Text detector: PP-OCR's lines through ONNX Runtime")
struct TextDetectorTests {
    /// Whether the runtime and the model are installed here (CI installs them; its
    /// detector-off run turns them off with `SWIFTOCR_DETECTOR=0`).
    static var isInstalled: Bool { (try? TextDetector.shared.get()) != nil }

    @Test("The smallest rectangle around a tilted box's corners is that box, laid across")
    func smallestEnclosingRectangle() throws {
        let box = RotatedRectangle(centre: ImagePoint(x: 100, y: 50), width: 80, height: 20, angle: 10 * .pi / 180)
        let inside = box.corners + [box.centre, ImagePoint(x: 110, y: 52)]
        let found = try #require(RotatedRectangle.smallestEnclosing(inside))
        #expect(abs(found.width - 80) < 0.01 && abs(found.height - 20) < 0.01)
        #expect(abs(found.angle - box.angle) < 0.001)
        #expect(abs(found.centre.x - 100) < 0.01 && abs(found.centre.y - 50) < 0.01)
        // Turned a quarter, its width is the side nearer across: the short one.
        let upright = try #require(RotatedRectangle.smallestEnclosing(box.corners.map { ImagePoint(x: $0.y, y: -$0.x) }))
        #expect(abs(upright.width - 20) < 0.01 && abs(upright.height - 80) < 0.01)
    }

    @Test("A map of two sure regions and one unsure gives two lines, grown back by DBNet's margin")
    func probabilityMapLines() {
        let (width, height) = (120, 60)
        var values = [Float](repeating: 0, count: width * height)
        let fill = { (x0: Int, y0: Int, x1: Int, y1: Int, level: Float) in
            for y in y0..<y1 { for x in x0..<x1 { values[y * width + x] = level } }
        }
        fill(10, 10, 70, 20, 0.9)  // a line 60 × 10
        fill(80, 40, 110, 46, 0.95)  // a line 30 × 6
        fill(10, 40, 40, 50, 0.45)  // over the threshold, under the region's: not a line
        let lines = ProbabilityMap(width: width, height: height, values: values).lines().sorted { $0.bounds.y < $1.bounds.y }
        #expect(lines.count == 2)
        guard lines.count == 2 else { return }
        // Grown by area × 1.5 / perimeter on each side: 60 × 10 → 6.43 px, 30 × 6 → 3.75 px.
        let first = lines[0].rectangle
        #expect(abs(first.width - (60 + 2 * 6.4286)) < 0.01 && abs(first.height - (10 + 2 * 6.4286)) < 0.01)
        #expect(abs(first.centre.x - 40) < 0.01 && abs(first.centre.y - 15) < 0.01)
        #expect(abs(lines[1].rectangle.width - (30 + 2 * 3.75)) < 0.01)
        #expect(lines.allSatisfy { $0.score > 0.85 })
    }

    @Test("Missing files are named: the library, the model, or the switch that turned it off")
    func missingFiles() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("no-models-\(getpid())").path
        let noLibrary = TextDetectorFiles.located(environment: ["SWIFTOCR_ONNXRUNTIME": "/nonexistent/libonnxruntime.so"])
        #expect(noLibrary == .failure(.library("SWIFTOCR_ONNXRUNTIME names no file: /nonexistent/libonnxruntime.so")))
        let library = try #require(Bundle.main.executablePath)  // a file that exists, for the model's lookup
        guard case .failure(.model(let reason)) = TextDetectorFiles.located(environment: ["SWIFTOCR_ONNXRUNTIME": library, "SWIFTOCR_MODELS": empty])
        else {
            Issue.record("a directory without the model was accepted")
            return
        }
        #expect(reason.contains(TextDetectorFiles.modelName) && reason.contains(empty))
        #expect(TextDetectorFiles.located(environment: ["SWIFTOCR_DETECTOR": "0"]) == .failure(.unusable("turned off (SWIFTOCR_DETECTOR=0)")))
    }

    @Test("The real model finds every text line of the sample receipt, and nothing off it", .enabled(if: isInstalled))
    func receiptLines() throws {
        let detector = try TextDetector.shared.get()
        let image = try Fixture("receipt.png").grayscaleImage()
        let lines = try detector.lines(in: image)
        // The receipt's 7 lines, from the top (some read as two pieces: a label and its amount).
        let rows = Set(lines.map { Int(($0.rectangle.centre.y / 10).rounded()) })
        #expect(lines.count >= 7 && lines.count <= 14, "\(lines.map(\.bounds))")
        #expect(rows.count >= 7)
        #expect(lines.allSatisfy { $0.score >= Double(ProbabilityMap.regionThreshold) && abs($0.rectangle.angle) < 0.05 })
        let page = PixelRect(x: 0, y: 0, width: image.size.width, height: image.size.height)
        #expect(lines.allSatisfy { page.overlapShare(of: $0.bounds) > 0.95 })
    }

    @Test("With the detector on, a clean page reads as with it off: no line lost, none doubled", .enabled(if: isInstalled))
    func cleanPageUnchanged() async throws {
        let repository = try SharedRepository.get()
        let data = try Fixture("receipt.png").data()
        var on = RecognitionOptions.suite
        on.usesTextDetector = true
        let withDetector = try await repository.recognizeText(in: data, rotation: .upright, options: on)
        let without = try await repository.recognizeText(in: data, rotation: .upright, options: .suite)
        #expect(withDetector.lines.map(\.text) == without.lines.map(\.text))
        #expect(withDetector.text.contains("합계"))
    }

    @Test("Detected lines are read where the reading has none, only lines the rules drop, or unsure lines of the same extent")
    func looksByCoverage() {
        let size = ImageSize(width: 400, height: 200)
        let line = { (x: Int, y: Int, width: Int, height: Int) in
            DetectedLine(rectangle: RotatedRectangle(box: PixelRect(x: x, y: y, width: width, height: height)), score: 0.9)
        }
        let read = { (text: String, confidence: Float, box: PixelRect) in
            RecognizedLine(text: text, boundingBox: NormalizedRect(topLeftPixelRect: box, in: size), confidence: confidence)
        }
        let reading = [
            read("covered line", 0.95, PixelRect(x: 10, y: 10, width: 200, height: 20)),
            read("~~", 0.3, PixelRect(x: 10, y: 100, width: 60, height: 20)),
            read("unsure", 0.7, PixelRect(x: 250, y: 50, width: 100, height: 20)),
            read("unsure and longer", 0.7, PixelRect(x: 10, y: 50, width: 200, height: 20)),
        ]
        let boxes = reading.map { $0.boundingBox.topLeftPixelRect(in: size) }
        let detected = [
            line(12, 8, 196, 24), line(10, 98, 180, 24), line(250, 150, 100, 24), line(248, 48, 104, 24), line(10, 48, 100, 24),
        ]
        let looks = DetectedLineReading.looks(detected, reading: reading, readBoxes: boxes, droppedBelow: 0.5, within: size)
        #expect(looks.count == 3, "\(looks.map(\.rectangle.bounds))")
        // The line under the dropped reading replaces it when read surely; the empty one is new.
        #expect(looks.contains { $0.rectangle.bounds.y == 98 && $0.replacing == [1] })
        #expect(looks.contains { $0.rectangle.bounds.x == 250 && $0.replacing.isEmpty })
        // The unsure line read over the detected line's whole extent is read again; the one
        // reaching past it (half of it detected) is not.
        #expect(looks.contains { $0.rectangle.bounds.x == 248 && $0.replacing == [2] && $0.replacedConfidence > 0.7 })
        #expect(!looks.contains { $0.replacing.contains(3) })
    }
}
