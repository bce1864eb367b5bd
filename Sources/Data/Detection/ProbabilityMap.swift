/// A text detector's answer for each pixel of the picture it saw: how likely the pixel lies
/// in a text line (PP-OCR's DB model, its shrunk text kernels). Lines are read from it as
/// DBNet's own post-processing reads them: the pixels over `threshold` joined into regions,
/// each region's smallest enclosing rectangle kept when the region's mean probability
/// reaches `regionThreshold`, then grown back by the margin the model was trained to shrink
/// lines by (`unclipRatio`).
struct ProbabilityMap {
    let width: Int
    let height: Int
    /// Row-major, `width` × `height`.
    let values: [Float]

    /// DBNet's defaults (PaddleOCR's `DBPostProcess`).
    static let threshold: Float = 0.3
    static let regionThreshold: Float = 0.6
    static let unclipRatio = 1.5
    /// Regions with a side under this many map pixels are noise.
    static let smallestSide = 3.0

    /// The lines found, in the map's pixels.
    func lines() -> [DetectedLine] {
        var visited = [Bool](repeating: false, count: values.count)
        var lines: [DetectedLine] = []
        var stack: [Int] = []
        var region: [Int] = []
        for start in values.indices where !visited[start] && values[start] > Self.threshold {
            // One region, 8-connected.
            region.removeAll(keepingCapacity: true)
            stack.append(start)
            visited[start] = true
            while let index = stack.popLast() {
                region.append(index)
                let x = index % width
                let y = index / width
                for dy in -1...1 {
                    let ny = y + dy
                    guard ny >= 0, ny < height else { continue }
                    for dx in -1...1 {
                        let nx = x + dx
                        guard nx >= 0, nx < width else { continue }
                        let neighbour = ny * width + nx
                        if !visited[neighbour], values[neighbour] > Self.threshold {
                            visited[neighbour] = true
                            stack.append(neighbour)
                        }
                    }
                }
            }
            if let line = line(of: region) { lines.append(line) }
        }
        return lines
    }

    /// The line a region of pixels stands for, or `nil` when it is too small or too unsure.
    private func line(of region: [Int]) -> DetectedLine? {
        guard region.count >= 4 else { return nil }
        var score: Float = 0
        var extents: [Int: (low: Int, high: Int)] = [:]
        for index in region {
            score += values[index]
            let x = index % width
            let y = index / width
            if let extent = extents[y] {
                extents[y] = (min(extent.low, x), max(extent.high, x))
            } else {
                extents[y] = (x, x)
            }
        }
        score /= Float(region.count)
        guard score >= Self.regionThreshold else { return nil }
        // The corners of the region's pixel squares, row by row.
        var points: [ImagePoint] = []
        points.reserveCapacity(extents.count * 4)
        for (y, extent) in extents {
            for dy in 0...1 {
                points.append(ImagePoint(x: Double(extent.low), y: Double(y + dy)))
                points.append(ImagePoint(x: Double(extent.high + 1), y: Double(y + dy)))
            }
        }
        guard let rectangle = RotatedRectangle.smallestEnclosing(points),
            min(rectangle.width, rectangle.height) >= Self.smallestSide
        else { return nil }
        // Grown by the offset DBNet shrank the line by: area × ratio / perimeter.
        let margin = rectangle.width * rectangle.height * Self.unclipRatio / (2 * (rectangle.width + rectangle.height))
        let grown = rectangle.grown(by: margin)
        guard min(grown.width, grown.height) >= Self.smallestSide + 2 else { return nil }
        return DetectedLine(rectangle: grown, score: Double(score))
    }
}
