import Foundation
import Synchronization

/// Where an image read by `ocr scan` comes from: which input (from 0: a path given on the
/// command line, or a non-empty line of `--files-from`) and, for a page of an input of
/// several (a PDF, a multi-page TIFF), which page of how many. A directory's images share
/// their input's position.
struct InputPosition: Sendable, Equatable {
    var input: Int
    var page: Int? = nil
    var pages: Int? = nil

    /// The positions of `count` sources made from input `input`: pages when there are several.
    static func of(input: Int, sourceCount count: Int) -> [InputPosition] {
        count > 1 ? (1...count).map { InputPosition(input: input, page: $0, pages: count) } : [InputPosition(input: input)]
    }
}

/// The positions of a batch's sources, by source index, filled in as the sources are fed
/// (`--files-from` feeds them while earlier ones are read).
final class InputPositions: Sendable {
    private let positions = Mutex<[InputPosition]>([])

    init(_ positions: [InputPosition] = []) {
        self.positions.withLock { $0 = positions }
    }

    /// Records the positions of the next sources.
    func append(_ more: [InputPosition]) {
        positions.withLock { $0 += more }
    }

    /// The position of source `index`, once it was fed.
    subscript(index: Int) -> InputPosition? {
        positions.withLock { $0.indices.contains(index) ? $0[index] : nil }
    }
}
