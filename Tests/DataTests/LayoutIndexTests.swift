import Domain
import OCRTestSupport
import Testing

@testable import Data

/// The indexes that keep layout fast on a photo's texture (thousands of lines and marks)
/// find exactly what a scan of every box finds.
@Suite("Layout indexes: the same answers as a plain scan")
struct LayoutIndexTests {
    /// Boxes scattered over a page, of text height and smaller, some tall, from a fixed seed.
    static func scattered(_ count: Int, seed: UInt64, heights: ClosedRange<Int>) -> [PixelRect] {
        var generator = SeededGenerator(seed: seed)
        return (0..<count).map { _ in
            PixelRect(
                x: Int.random(in: 0...3_000, using: &generator), y: Int.random(in: 0...4_000, using: &generator),
                width: Int.random(in: 1...200, using: &generator), height: Int.random(in: heights, using: &generator))
        }
    }

    @Test("Fragments on one row are joined as a scan of every box so far joins them", arguments: [1, 2, 3])
    func fragmentsJoinedAsAScanJoinsThem(seed: UInt64) {
        let lines = Self.scattered(3_000, seed: seed, heights: 8...40) + Self.scattered(20, seed: seed + 10, heights: 100...900)
        var scanned: [PixelRect] = []
        for line in lines.sorted(by: { ($0.x, $0.y) < ($1.x, $1.y) }) {
            if let index = scanned.firstIndex(where: { ReadingOrder.sameRow($0, line) && line.x - $0.maxX < 30 }) {
                scanned[index] = scanned[index].union(line)
            } else {
                scanned.append(line)
            }
        }
        let joined = ReadingOrder.joiningFragments(lines) { left, right in right.x - left.maxX < 30 }
        #expect(joined.count < lines.count)
        #expect(joined.count == scanned.count)
        #expect(zip(joined, scanned).filter { $0 != $1 }.count == 0)
    }

    @Test("Marks join the first line they touch, as a scan of every line finds it", arguments: [1, 2, 3])
    func marksJoinTheFirstLineTheyTouch(seed: UInt64) {
        let textHeight = 24.0
        let chains = (Self.scattered(2_000, seed: seed, heights: 12...40) + Self.scattered(2_000, seed: seed + 10, heights: 2...11))
            .map { (box: $0, characters: 1, slope: Double?.none) }
        var lines = chains.filter { Double($0.box.height) >= TextLineFinder.markHeight * textHeight }.map(\.box)
        var kept: [PixelRect] = []
        for mark in chains.map(\.box) where Double(mark.height) < TextLineFinder.markHeight * textHeight {
            let reach = mark.padded(by: Int(0.2 * textHeight))
            if let index = lines.firstIndex(where: { $0.intersects(reach) }) {
                lines[index] = lines[index].union(mark)
            } else {
                kept.append(mark)
            }
        }
        let absorbed = TextLineFinder.absorbingMarks(chains, textHeight: textHeight).map(\.box)
        #expect(absorbed.count < chains.count)
        #expect(absorbed.count == lines.count + kept.count)
        #expect(zip(absorbed, lines + kept).filter { $0 != $1 }.count == 0)
    }

    @Test("A grid lists every box within reach once, a box grown and filed again included")
    func gridListsEveryBoxWithinReach() {
        var boxes = Self.scattered(2_000, seed: 7, heights: 4...60)
        var grid = Grid(boxes, cell: 24)
        let grown = boxes[5].union(PixelRect(x: 3_500, y: 4_500, width: 10, height: 10))
        grid.grow(5, from: boxes[5], to: grown)
        boxes[5] = grown
        for query in Self.scattered(200, seed: 8, heights: 1...50) + [PixelRect(x: 3_400, y: 4_400, width: 5, height: 5)] {
            let listed = grid.candidates(near: query, reach: 12)
            let near = query.padded(by: 12)
            #expect(Set(listed).count == listed.count)
            #expect(Set(boxes.indices.filter { boxes[$0].intersects(near) }).isSubset(of: Set(listed)))
        }
    }
}
