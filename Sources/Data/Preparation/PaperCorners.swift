import Domain

/// A point in an image's pixel coordinates (origin top-left, y down).
struct ImagePoint: Equatable {
    var x: Double
    var y: Double

    /// The point in the image turned clockwise by `rotation` (`size`: the image before).
    func turned(by rotation: RotationDegree, in size: ImageSize) -> ImagePoint {
        let width = Double(size.width)
        let height = Double(size.height)
        return switch rotation {
        case .upright: self
        case .clockwise90: ImagePoint(x: height - y, y: x)
        case .clockwise180: ImagePoint(x: width - x, y: height - y)
        case .clockwise270: ImagePoint(x: y, y: width - x)
        }
    }
}

/// The four corners of a photographed page, taken at an angle: a quadrilateral that
/// straightening maps onto an upright rectangle.
struct PaperCorners: Equatable {
    var topLeft: ImagePoint
    var topRight: ImagePoint
    var bottomRight: ImagePoint
    var bottomLeft: ImagePoint

    var all: [ImagePoint] { [topLeft, topRight, bottomRight, bottomLeft] }

    /// The area enclosed (shoelace formula).
    var area: Double {
        let points = all
        return abs(
            (0..<4).reduce(0) { sum, index in
                let a = points[index]
                let b = points[(index + 1) % 4]
                return sum + a.x * b.y - b.x * a.y
            }) / 2
    }

    func scaled(by factor: Double) -> PaperCorners {
        func scaled(_ point: ImagePoint) -> ImagePoint { ImagePoint(x: point.x * factor, y: point.y * factor) }
        return PaperCorners(topLeft: scaled(topLeft), topRight: scaled(topRight), bottomRight: scaled(bottomRight), bottomLeft: scaled(bottomLeft))
    }

    /// The corners in the image turned clockwise by `rotation` (`size`: the image before).
    func turned(by rotation: RotationDegree, in size: ImageSize) -> PaperCorners {
        PaperCorners(extremesOf: all.map { $0.turned(by: rotation, in: size) })!
    }

    /// Whether a side of the quadrilateral runs along the border of an image of `size`
    /// (both its corners within `margin` pixels of one edge): the bright region goes on
    /// beyond the picture there — a wall around a board, a page cut off by the frame — so
    /// that side is the picture's edge, and its corners are not a page's.
    func hasSide(alongBorderOf size: ImageSize, margin: Double) -> Bool {
        let onEdge: [(ImagePoint) -> Bool] = [
            { $0.x <= margin }, { $0.y <= margin },
            { $0.x >= Double(size.width - 1) - margin }, { $0.y >= Double(size.height - 1) - margin },
        ]
        let points = all
        return (0..<4).contains { index in
            let (a, b) = (points[index], points[(index + 1) % 4])
            return onEdge.contains { $0(a) && $0(b) }
        }
    }

    /// Where the quadrilateral crosses the row at height `y`: from its leftmost to its
    /// rightmost point there, `nil` on a row above or below it.
    func span(atRow y: Double) -> ClosedRange<Double>? {
        let points = all
        var crossings: [Double] = []
        for index in 0..<4 {
            let (a, b) = (points[index], points[(index + 1) % 4])
            guard min(a.y, b.y) <= y, y <= max(a.y, b.y) else { continue }
            crossings.append(a.y == b.y ? min(a.x, b.x) : a.x + (y - a.y) / (b.y - a.y) * (b.x - a.x))
            if a.y == b.y { crossings.append(max(a.x, b.x)) }
        }
        guard let left = crossings.min(), let right = crossings.max() else { return nil }
        return left...right
    }

    /// The upright rectangle the page is straightened onto: at its top-left corner's
    /// place, as wide as its top and bottom edges on average, as tall as its sides.
    var straightened: PaperCorners {
        func distance(_ a: ImagePoint, _ b: ImagePoint) -> Double { ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot() }
        let width = (distance(topLeft, topRight) + distance(bottomLeft, bottomRight)) / 2
        let height = (distance(topLeft, bottomLeft) + distance(topRight, bottomRight)) / 2
        let left = min(topLeft.x, bottomLeft.x)
        let top = min(topLeft.y, topRight.y)
        return PaperCorners(
            topLeft: ImagePoint(x: left, y: top), topRight: ImagePoint(x: left + width, y: top),
            bottomRight: ImagePoint(x: left + width, y: top + height), bottomLeft: ImagePoint(x: left, y: top + height))
    }

    /// How far the corners lie from the straightened rectangle's, at most, as a share of
    /// its shorter side.
    var slant: Double {
        let target = straightened
        let side = min(target.topRight.x - target.topLeft.x, target.bottomLeft.y - target.topLeft.y)
        guard side > 0 else { return 0 }
        return zip(all, target.all).map { pair in
            max(abs(pair.0.x - pair.1.x), abs(pair.0.y - pair.1.y))
        }.max()! / side
    }
}

extension PaperCorners {
    /// Corners found among `points`: the extremes of x + y and x − y (for a page turned by
    /// less than 45°, its corners).
    init?(extremesOf points: [ImagePoint]) {
        guard let topLeft = points.min(by: { $0.x + $0.y < $1.x + $1.y }),
            let bottomRight = points.max(by: { $0.x + $0.y < $1.x + $1.y }),
            let topRight = points.max(by: { $0.x - $0.y < $1.x - $1.y }),
            let bottomLeft = points.max(by: { $0.y - $0.x < $1.y - $1.x })
        else { return nil }
        self.init(topLeft: topLeft, topRight: topRight, bottomRight: bottomRight, bottomLeft: bottomLeft)
    }
}

/// A projective map of the plane: (x, y) → ((a x + b y + c) / (g x + h y + 1), (d x + e y + f) / (g x + h y + 1)).
struct ProjectiveMap: Equatable {
    /// a, b, c, d, e, f, g, h.
    let coefficients: [Double]

    func callAsFunction(_ point: ImagePoint) -> ImagePoint {
        let c = coefficients
        let denominator = c[6] * point.x + c[7] * point.y + 1
        guard abs(denominator) > 1e-12 else { return point }
        return ImagePoint(
            x: (c[0] * point.x + c[1] * point.y + c[2]) / denominator, y: (c[3] * point.x + c[4] * point.y + c[5]) / denominator)
    }
}
