import Domain
import Foundation

/// A rectangle at any angle: its centre, its sides, and the angle of its `width` side
/// (radians, clockwise from the x axis in top-left pixel coordinates, within ±π/4 of it
/// being the longer side laid across: a line of text reads along `width`).
struct RotatedRectangle: Equatable {
    var centre: ImagePoint
    var width: Double
    var height: Double
    var angle: Double

    /// The corners: top left, top right, bottom right, bottom left (as the line reads).
    var corners: [ImagePoint] {
        let (c, s) = (cos(angle), sin(angle))
        let (w, h) = (width / 2, height / 2)
        return [(-w, -h), (w, -h), (w, h), (-w, h)].map { dx, dy in
            ImagePoint(x: centre.x + dx * c - dy * s, y: centre.y + dx * s + dy * c)
        }
    }

    /// The axis-aligned box holding it, in whole pixels.
    var bounds: PixelRect {
        let xs = corners.map(\.x)
        let ys = corners.map(\.y)
        let left = Int(xs.min()!.rounded(.down))
        let top = Int(ys.min()!.rounded(.down))
        return PixelRect(x: left, y: top, width: Int(xs.max()!.rounded(.up)) - left, height: Int(ys.max()!.rounded(.up)) - top)
    }

    /// Grown by `margin` on every side.
    func grown(by margin: Double) -> RotatedRectangle {
        RotatedRectangle(centre: centre, width: width + 2 * margin, height: height + 2 * margin, angle: angle)
    }

    /// Scaled about the origin, `x` and `y` separately (a map's pixels to a picture's).
    func scaled(x: Double, y: Double) -> RotatedRectangle {
        let along = ImagePoint(x: cos(angle) * x, y: sin(angle) * y)
        let across = ImagePoint(x: -sin(angle) * x, y: cos(angle) * y)
        let length = { (p: ImagePoint) in (p.x * p.x + p.y * p.y).squareRoot() }
        return RotatedRectangle(
            centre: ImagePoint(x: centre.x * x, y: centre.y * y), width: width * length(along), height: height * length(across),
            angle: atan2(along.y, along.x))
    }

    /// The rectangle of least area holding every point (rotating calipers over their convex
    /// hull), its `width` side the one closer to across; `nil` for fewer than three points not on a line.
    static func smallestEnclosing(_ points: [ImagePoint]) -> RotatedRectangle? {
        let hull = convexHull(points)
        guard hull.count >= 3 else { return nil }
        var best: RotatedRectangle?
        var bestArea = Double.infinity
        for index in hull.indices {
            let a = hull[index]
            let b = hull[(index + 1) % hull.count]
            let length = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
            guard length > 0 else { continue }
            let (ux, uy) = ((b.x - a.x) / length, (b.y - a.y) / length)
            var (minU, maxU, minV, maxV) = (Double.infinity, -Double.infinity, Double.infinity, -Double.infinity)
            for p in hull {
                let u = p.x * ux + p.y * uy
                let v = -p.x * uy + p.y * ux
                (minU, maxU, minV, maxV) = (min(minU, u), max(maxU, u), min(minV, v), max(maxV, v))
            }
            let area = (maxU - minU) * (maxV - minV)
            guard area < bestArea else { continue }
            bestArea = area
            let (cu, cv) = ((minU + maxU) / 2, (minV + maxV) / 2)
            best = RotatedRectangle(
                centre: ImagePoint(x: cu * ux - cv * uy, y: cu * uy + cv * ux), width: maxU - minU, height: maxV - minV, angle: atan2(uy, ux))
        }
        return best.map(\.laidAcross)
    }

    /// The same rectangle described with its angle within ±π/4 (its `width` side the one
    /// nearer across).
    var laidAcross: RotatedRectangle {
        var turned = self
        while turned.angle > .pi / 4 {
            turned = RotatedRectangle(centre: centre, width: turned.height, height: turned.width, angle: turned.angle - .pi / 2)
        }
        while turned.angle <= -.pi / 4 {
            turned = RotatedRectangle(centre: centre, width: turned.height, height: turned.width, angle: turned.angle + .pi / 2)
        }
        return turned
    }

    /// The convex hull, counter-clockwise (Andrew's monotone chain).
    static func convexHull(_ points: [ImagePoint]) -> [ImagePoint] {
        let sorted = points.sorted { $0.x != $1.x ? $0.x < $1.x : $0.y < $1.y }
        guard sorted.count >= 3 else { return sorted }
        let cross = { (o: ImagePoint, a: ImagePoint, b: ImagePoint) in (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x) }
        var lower: [ImagePoint] = []
        for p in sorted {
            while lower.count >= 2, cross(lower[lower.count - 2], lower[lower.count - 1], p) <= 0 { lower.removeLast() }
            lower.append(p)
        }
        var upper: [ImagePoint] = []
        for p in sorted.reversed() {
            while upper.count >= 2, cross(upper[upper.count - 2], upper[upper.count - 1], p) <= 0 { upper.removeLast() }
            upper.append(p)
        }
        return Array(lower.dropLast() + upper.dropLast())
    }
}
