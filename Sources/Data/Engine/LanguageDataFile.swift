import Domain
import Foundation

/// A plausibility check of a `.traineddata` file before Tesseract loads it.
///
/// Tesseract trusts the file: a 2 GiB file made it abort the process (`std::length_error`),
/// one byte less made it allocate 4 GB, and an offset table out of order makes it size an
/// entry negatively. The check reads only the header: the entry count (a little-endian
/// `Int32`, 1...1000 as in `TessdataManager::LoadMemBuffer`), then one little-endian `Int64`
/// offset per entry, each -1 (absent) or inside the file, present ones ascending.
enum LanguageDataFile {
    /// No real model comes near this (the largest of tessdata_best is under 100 MB).
    static let maximumSize: Int64 = 256 << 20
    static let maximumEntries: Int32 = 1000

    /// - Returns: The components the file holds (`Components`).
    /// - Throws: `OCRError.languageDataInvalid` saying what is wrong with the file at `path`.
    @discardableResult
    static func check(_ path: String) throws(OCRError) -> Components {
        // Non-blocking, so a FIFO put in the file's place cannot hang the open.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw .languageDataUnreadable(path: path) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw .languageDataInvalid(path: path, reason: "it is not a regular file")
        }
        let size = Int64(status.st_size)
        guard size > 0 else { throw .languageDataInvalid(path: path, reason: "the file is empty") }
        guard size <= maximumSize else {
            throw .languageDataInvalid(path: path, reason: "the file is \(size >> 20) MiB, more than any language model (\(maximumSize >> 20) MiB)")
        }
        var header = [UInt8](repeating: 0, count: 4 + Int(maximumEntries) * 8)
        let read = header.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        let bytes = Data(header.prefix(max(0, read)))
        if let problem = problem(inHeader: bytes, fileSize: size) { throw .languageDataInvalid(path: path, reason: problem) }
        return Components(inHeader: bytes)
    }

    /// The components a `.traineddata` file holds, by Tesseract's numbering
    /// (`TessdataType` in `tessdatamanager.h`).
    struct Components: Equatable {
        /// The numbers of the entries present (offset not -1).
        let present: Set<Int>

        /// `TESSDATA_UNICHARSET`, `TESSDATA_INTTEMP` (the legacy engine's) and `TESSDATA_LSTM`.
        static let unicharset = 1, legacyTemplates = 3, lstm = 17

        /// Read from a header `LanguageDataFile.problem(inHeader:fileSize:)` found no problem in.
        init(inHeader header: Data) {
            let bytes = [UInt8](header)
            let count = Int(LanguageDataFile.integer(in: bytes, at: 0, width: 4))
            present = Set((0..<count).filter { LanguageDataFile.integer(in: bytes, at: 4 + $0 * 8, width: 8) != -1 })
        }

        init(present: Set<Int>) {
            self.present = present
        }

        /// Whether Tesseract's default engine mode reads this language with the LSTM alone:
        /// it has an LSTM model and not the legacy engine's (`TessdataManager::IsLSTMAvailable`
        /// and not `IsBaseAvailable`, which `init_tesseract_lang_data` chooses `OEM_LSTM_ONLY`
        /// by). Debian's `kor`, `eng` and script models are such files; `osd` is legacy only.
        var readsWithLSTMOnly: Bool {
            present.contains(Self.lstm) && !(present.contains(Self.unicharset) && present.contains(Self.legacyTemplates))
        }
    }

    /// The little-endian integer of `width` bytes at `offset` of `bytes` (sign-extended from 8 bytes only).
    private static func integer(in bytes: [UInt8], at offset: Int, width: Int) -> Int64 {
        (0..<width).reversed().reduce(0) { $0 << 8 | Int64(bytes[offset + $1]) }
    }

    /// What is wrong with a header read from a file of `fileSize` bytes, or `nil`.
    static func problem(inHeader header: Data, fileSize: Int64) -> String? {
        let bytes = [UInt8](header)
        func integer(at offset: Int, width: Int) -> Int64 { Self.integer(in: bytes, at: offset, width: width) }
        guard bytes.count >= 4 else { return "the file is truncated (no header)" }
        let count = Int32(truncatingIfNeeded: integer(at: 0, width: 4))
        guard (1...maximumEntries).contains(count) else { return "its header is not Tesseract's (\(count) entries)" }
        let tableEnd = 4 + Int(count) * 8
        guard bytes.count >= tableEnd, Int64(tableEnd) <= fileSize else { return "the file is truncated (in its header)" }
        var previous = Int64(tableEnd) - 1
        var present = 0
        for index in 0..<Int(count) {
            let offset = integer(at: 4 + index * 8, width: 8)
            if offset == -1 { continue }
            guard offset > previous, offset < fileSize else {
                return offset >= fileSize ? "the file is truncated (an entry starts past its end)" : "its table of entries is out of order"
            }
            previous = offset
            present += 1
        }
        return present == 0 ? "it has no entries" : nil
    }
}
