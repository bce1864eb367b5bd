internal import CLeptonica
import Domain
import Foundation

/// PP-OCR's trained text detector (PP-OCRv5 mobile, DBNet), run through ONNX Runtime: the
/// text lines of a picture as rectangles at their angle.
///
/// The picture is looked at whole, at `longestSide` pixels on its long side (PP-OCR's own
/// default). A second, finer look for small print (body text 16 px tall, up to 1280 px on
/// the long side) found more lines on real-dev but read less, in more time (Docs/Benchmarks.md,
/// "The text detector"): the lines the layout misses are large or stand apart.
///
/// The runtime and the model are optional (`TextDetectorFiles`): `TextDetector.shared` says
/// why when they cannot be used, and the reading goes on without them.
final class TextDetector: Sendable {
    private let session: OnnxSession
    let files: TextDetectorFiles

    /// The long side of the picture as the model sees it.
    static let longestSide = 960
    /// The model's sides are multiples of this (its five down-samplings).
    static let stride = 32
    /// ImageNet's means and deviations per channel, as PP-OCR normalises (a gray picture's three alike).
    static let means: [Float] = [0.485, 0.456, 0.406]
    static let deviations: [Float] = [0.229, 0.224, 0.225]

    /// The detector of this process, loaded when first asked for; why not, when it cannot be.
    static let shared: Result<TextDetector, TextDetectorFiles.Missing> = {
        switch TextDetectorFiles.located() {
        case .failure(let missing): return .failure(missing)
        case .success(let files):
            return Result { () throws(TextDetectorFiles.Missing) in try TextDetector(files: files) }
        }
    }()

    /// One thread: the detector runs beside the page's reading (`BackgroundDetection`).
    init(files: TextDetectorFiles, threads: Int = 1) throws(TextDetectorFiles.Missing) {
        self.files = files
        session = try OnnxSession(library: files.library, model: files.model, threads: threads)
    }

    /// The lines in `image` (8-bit gray), in its pixels.
    func lines(in image: LeptonicaImage) throws -> [DetectedLine] {
        let longest = Double(max(image.size.width, image.size.height))
        guard longest >= 8 else { return [] }
        return try look(at: image, scale: min(1, Double(Self.longestSide) / longest))
    }

    /// The lines found in `image` scaled by `scale`, in `image`'s pixels.
    func look(at image: LeptonicaImage, scale: Double) throws -> [DetectedLine] {
        let size = image.size
        let width = Self.rounded(Double(size.width) * scale)
        let height = Self.rounded(Double(size.height) * scale)
        guard let scaledPix = pixScaleToSize(image.pix, Int32(width), Int32(height)),
            let scaled = LeptonicaImage(taking: scaledPix)
        else { throw OCRError.engineFailure("Leptonica could not scale the image for the text detector") }
        let input = Self.tensor(of: scaled)
        let output = try session.run(input)
        guard output.shape.count == 4, output.shape[2] == height, output.shape[3] == width else {
            throw OCRError.engineFailure("the text detector answered a map of shape \(output.shape) for \(width)×\(height)")
        }
        let map = ProbabilityMap(width: width, height: height, values: output.values)
        let (sx, sy) = (Double(size.width) / Double(width), Double(size.height) / Double(height))
        return map.lines().map { DetectedLine(rectangle: $0.rectangle.scaled(x: sx, y: sy), score: $0.score) }
    }

    /// `length` scaled to the model's stride, at least one stride.
    static func rounded(_ length: Double) -> Int {
        max(stride, Int((length / Double(stride)).rounded()) * stride)
    }

    /// The model's input for a gray image: 1 × 3 × height × width, normalised.
    static func tensor(of image: LeptonicaImage) -> OnnxSession.Tensor {
        let size = image.size
        let plane = size.width * size.height
        var values = [Float](repeating: 0, count: 3 * plane)
        let gray = image.grayBytes()
        guard gray.count == plane else { return OnnxSession.Tensor(values: values, shape: [1, 3, size.height, size.width]) }
        values.withUnsafeMutableBufferPointer { out in
            for index in 0..<plane {
                let level = Float(gray[index]) / 255
                for channel in 0..<3 {
                    out[channel * plane + index] = (level - means[channel]) / deviations[channel]
                }
            }
        }
        return OnnxSession.Tensor(values: values, shape: [1, 3, size.height, size.width])
    }
}
