import Foundation

/// Turns the paths given to `ocr scan` into the list of images to read: files as given,
/// directories as the image files inside them (sorted; all levels with `recursive`), and
/// `-` for standard input. A path that does not exist is kept, so it is reported as a
/// failed input like any other unreadable file.
struct InputExpansion {
    /// File name extensions taken from directories (case-insensitive).
    static let imageExtensions: Set<String> = ["png", "jpg", "jpeg", "tif", "tiff", "bmp", "gif", "webp", "pnm", "pbm", "pgm", "ppm", "jp2"]

    let recursive: Bool

    func expand(_ inputs: [String]) -> [String] {
        inputs.flatMap { input -> [String] in
            var isDirectory: ObjCBool = false
            guard input != "-", FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory), isDirectory.boolValue
            else { return [input] }
            return images(in: input)
        }
    }

    private func images(in directory: String) -> [String] {
        let base = URL(fileURLWithPath: directory)
        let names: [String]
        if recursive {
            let enumerator = FileManager.default.enumerator(atPath: directory)
            names = (enumerator?.allObjects as? [String]) ?? []
        } else {
            names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        }
        return names
            .filter { Self.imageExtensions.contains(($0 as NSString).pathExtension.lowercased()) }
            .sorted()
            .map { base.appendingPathComponent($0).relativePath }
            .filter { path in
                var isDirectory: ObjCBool = false
                return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
            }
    }
}
