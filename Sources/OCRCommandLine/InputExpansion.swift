import Foundation

/// Turns the paths given to `ocr scan` into the list of images to read: files as given,
/// directories as the image files inside them (sorted; all levels with `recursive`), and
/// `-` for standard input. A path that does not exist is kept, so it is reported as a
/// failed input like any other unreadable file.
///
/// What cannot be listed is not passed over in silence: a directory that cannot be read
/// and a name that is not valid UTF-8 (which no `String` path can reach) become `skipped`
/// entries, which `ocr scan` reports on stderr and counts as failures.
struct InputExpansion {
    /// File name extensions taken from directories (case-insensitive).
    static let imageExtensions: Set<String> = ["png", "jpg", "jpeg", "tif", "tiff", "bmp", "gif", "webp", "pnm", "pbm", "pgm", "ppm", "jp2"]

    /// A path that was not read, and why.
    struct Skipped: Equatable {
        let path: String
        let reason: String
    }

    let recursive: Bool

    func expand(_ inputs: [String]) -> (paths: [String], skipped: [Skipped]) {
        var paths: [String] = []
        var skipped: [Skipped] = []
        for input in inputs {
            var isDirectory: ObjCBool = false
            guard input != "-", FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory), isDirectory.boolValue else {
                paths.append(input)
                continue
            }
            collect(in: input, into: &paths, skipped: &skipped)
        }
        return (paths, skipped)
    }

    /// Adds the images of `directory` (and, recursively, of its subdirectories) in sorted order.
    private func collect(in directory: String, into paths: inout [String], skipped: inout [Skipped]) {
        let listing: [(name: String, isDirectory: Bool)]
        switch Self.list(directory) {
        case .success(let entries): listing = entries
        case .failure(let error):
            skipped.append(Skipped(path: directory, reason: error.reason))
            return
        }
        let base = URL(fileURLWithPath: directory)
        for entry in listing.sorted(by: { $0.name < $1.name }) {
            let path = base.appendingPathComponent(entry.name).relativePath
            if entry.isDirectory {
                if recursive { collect(in: path, into: &paths, skipped: &skipped) }
            } else if Self.imageExtensions.contains((entry.name as NSString).pathExtension.lowercased()) {
                paths.append(path)
            }
        }
        for entry in Self.invalidNames(in: directory)
        where entry.isDirectory ? recursive : Self.imageExtensions.contains((entry.name as NSString).pathExtension.lowercased()) {
            skipped.append(
                Skipped(path: base.appendingPathComponent(entry.name).relativePath, reason: "its name is not valid UTF-8; rename it to read it"))
        }
    }

    /// The entries of a directory whose names are valid UTF-8 (following symlinks to tell
    /// directories), or why it could not be read.
    private static func list(_ directory: String) -> Result<[(name: String, isDirectory: Bool)], ListingError> {
        guard let stream = opendir(directory) else {
            return .failure(
                ListingError(
                    errno == EACCES
                        ? "cannot read the directory: permission denied" : "cannot read the directory: \(String(cString: strerror(errno)))"))
        }
        defer { closedir(stream) }
        var entries: [(String, Bool)] = []
        while let entry = readdir(stream) {
            guard let name = validName(entry) else { continue }
            var status = stat()
            let path = (directory as NSString).appendingPathComponent(name)
            let isDirectory = stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
            entries.append((name, isDirectory))
        }
        return .success(entries)
    }

    /// Entries of `directory` whose names are not valid UTF-8 (shown with replacement
    /// characters), and whether each is a directory.
    private static func invalidNames(in directory: String) -> [(name: String, isDirectory: Bool)] {
        guard let stream = opendir(directory) else { return [] }
        defer { closedir(stream) }
        var names: [(String, Bool)] = []
        while let entry = readdir(stream) {
            let bytes = rawName(entry)
            if String(validating: bytes, as: UTF8.self) == nil {
                names.append((String(decoding: bytes, as: UTF8.self), entry.pointee.d_type == UInt8(DT_DIR)))
            }
        }
        return names.sorted { $0.0 < $1.0 }
    }

    private static func rawName(_ entry: UnsafeMutablePointer<dirent>) -> [UInt8] {
        withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
    }

    private static func validName(_ entry: UnsafeMutablePointer<dirent>) -> String? {
        guard let name = String(validating: rawName(entry), as: UTF8.self), name != ".", name != ".." else { return nil }
        return name
    }

    struct ListingError: Error {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }
}
