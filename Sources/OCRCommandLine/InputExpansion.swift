import Foundation

/// Turns the paths given to `ocr scan` into the list of images to read: files as given,
/// directories as the image files inside them (sorted; all levels with `recursive`), and
/// `-` for standard input. A path that does not exist is kept, so it is reported as a
/// failed input like any other unreadable file.
///
/// The walk never loops and never wanders: it remembers every real directory it has
/// entered (device and inode) and enters none twice, and inside the given directories it
/// follows no link to a directory unless `followsLinks` (`ln -s . x` or `ln -s / root` in a
/// tree would otherwise read it without end, or the whole disk). Links to files are read.
///
/// What cannot be listed is not passed over in silence: a directory that cannot be read,
/// a name that is not valid UTF-8 (which no `String` path can reach) and a path too long
/// for the system to open become `skipped` entries, which `ocr scan` reports on stderr and
/// counts as failures; a link not followed is a `note`.
struct InputExpansion {
    /// File name extensions taken from directories (case-insensitive): images, and PDFs.
    static let imageExtensions: Set<String> = ["png", "jpg", "jpeg", "tif", "tiff", "bmp", "gif", "webp", "pnm", "pbm", "pgm", "ppm", "jp2", "pdf"]
    /// The longest path the system opens, in bytes with its terminating zero (`PATH_MAX`).
    static let longestPath = Int(PATH_MAX)

    /// A path that was not read, and why.
    struct Skipped: Equatable {
        let path: String
        let reason: String
    }

    /// What the inputs expand to.
    struct Expansion: Equatable {
        var paths: [String] = []
        var skipped: [Skipped] = []
        /// Links to directories that were not followed (said once each, not failures).
        var notes: [String] = []
    }

    let recursive: Bool
    var followsLinks = false

    func expand(_ inputs: [String]) -> Expansion {
        var walk = Walk(recursive: recursive, followsLinks: followsLinks)
        for input in inputs {
            var status = stat()
            guard input != "-", stat(input, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
                walk.expansion.paths.append(input)
                continue
            }
            // A directory the user names is entered even through a link: naming it is asking.
            walk.enter(input, id: FileID(status))
        }
        return walk.expansion
    }

    /// A directory's identity, whatever path reaches it.
    struct FileID: Hashable {
        let device: UInt64
        let inode: UInt64

        init(_ status: stat) {
            device = UInt64(status.st_dev)
            inode = UInt64(status.st_ino)
        }
    }

    /// One expansion's state: what was found and the directories already entered.
    private struct Walk {
        let recursive: Bool
        let followsLinks: Bool
        var expansion = Expansion()
        var entered: Set<FileID> = []

        init(recursive: Bool, followsLinks: Bool) {
            self.recursive = recursive
            self.followsLinks = followsLinks
        }

        /// Adds the images of `directory` (and, recursively, of its subdirectories) in
        /// sorted order, unless it was entered already.
        mutating func enter(_ directory: String, id: FileID) {
            guard entered.insert(id).inserted else { return }
            let listing: [Entry]
            switch InputExpansion.list(directory) {
            case .success(let entries): listing = entries
            case .failure(let error):
                expansion.skipped.append(Skipped(path: directory, reason: error.reason))
                return
            }
            let base = URL(fileURLWithPath: directory)
            for entry in listing.sorted(by: { $0.name < $1.name }) {
                let path = base.appendingPathComponent(entry.name).relativePath
                let isImageName = InputExpansion.imageExtensions.contains((entry.name as NSString).pathExtension.lowercased())
                switch entry.kind {
                case .directory(let id, let isLink):
                    guard recursive else { continue }
                    if isLink && !followsLinks {
                        expansion.notes.append("\(path): a link to a directory, not followed; --follow-links follows links")
                    } else {
                        enter(path, id: id)
                    }
                case .file:
                    if isImageName { expansion.paths.append(path) }
                case .unreachable(let reason, let isDirectory):
                    if isDirectory ? recursive : isImageName { expansion.skipped.append(Skipped(path: path, reason: reason)) }
                }
            }
        }
    }

    /// An entry of a directory listing.
    struct Entry {
        enum Kind {
            /// A directory (or, `isLink`, a link to one).
            case directory(FileID, isLink: Bool)
            /// Anything else, followed through links (its reading reports what it is).
            case file
            /// An entry that cannot be reached by its path, and whether it looked like a directory.
            case unreachable(reason: String, isDirectory: Bool)
        }

        let name: String
        let kind: Kind
    }

    /// The entries of a directory (following links to tell directories), or why it could
    /// not be read.
    private static func list(_ directory: String) -> Result<[Entry], ListingError> {
        guard let stream = opendir(directory) else {
            let code = errno
            return .failure(
                ListingError(
                    code == EACCES ? "cannot read the directory: permission denied" : "cannot read the directory: \(String(cString: strerror(code)))")
            )
        }
        defer { closedir(stream) }
        var entries: [Entry] = []
        while let entry = readdir(stream) {
            let bytes = rawName(entry)
            guard bytes != [0x2E], bytes != [0x2E, 0x2E] else { continue }
            let typedDirectory = entry.pointee.d_type == UInt8(DT_DIR)
            guard let name = String(validating: bytes, as: UTF8.self) else {
                let shown = String(decoding: bytes, as: UTF8.self)
                entries.append(
                    Entry(name: shown, kind: .unreachable(reason: "its name is not valid UTF-8; rename it to read it", isDirectory: typedDirectory)))
                continue
            }
            let path = (directory as NSString).appendingPathComponent(name)
            guard path.utf8.count < longestPath else {
                let reason = "its path is longer than \(longestPath) bytes, the longest the system opens; move it to a shorter path"
                entries.append(Entry(name: name, kind: .unreachable(reason: reason, isDirectory: typedDirectory)))
                continue
            }
            var link = stat()
            var target = stat()
            let isLink = lstat(path, &link) == 0 && link.st_mode & S_IFMT == S_IFLNK
            if stat(path, &target) == 0, target.st_mode & S_IFMT == S_IFDIR {
                entries.append(Entry(name: name, kind: .directory(FileID(target), isLink: isLink)))
            } else {
                entries.append(Entry(name: name, kind: .file))
            }
        }
        return .success(entries)
    }

    private static func rawName(_ entry: UnsafeMutablePointer<dirent>) -> [UInt8] {
        withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
    }

    struct ListingError: Error {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }
}
