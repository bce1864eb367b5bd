import Foundation

/// The words of a PDF page's text layer with their boxes, as `pdftotext -bbox` gives them
/// (`<page width="595" height="842">`, `<word xMin="…" yMin="…" xMax="…" yMax="…">`;
/// points, origin top-left), and how much of the page's ink they cover.
struct TextLayer {
    /// The page's size in points.
    var pageWidth = 0.0
    var pageHeight = 0.0
    /// Each word's box in points: x, y from the top-left, width, height.
    var boxes: [(x: Double, y: Double, width: Double, height: Double)] = []

    init(html: Data) {
        let text = String(decoding: html, as: UTF8.self)
        for tag in text.split(separator: "<") {
            if tag.hasPrefix("page "), let width = Self.number("width", in: tag), let height = Self.number("height", in: tag) {
                guard pageWidth == 0 else { continue }  // one page is asked for
                (pageWidth, pageHeight) = (width, height)
            } else if tag.hasPrefix("word "), let x0 = Self.number("xMin", in: tag), let y0 = Self.number("yMin", in: tag),
                let x1 = Self.number("xMax", in: tag), let y1 = Self.number("yMax", in: tag), x1 > x0, y1 > y0
            {
                boxes.append((x0, y0, x1 - x0, y1 - y0))
            }
        }
    }

    /// The share of `picture`'s dark pixels (the page rendered whole, 8-bit gray) that lie
    /// in a word's box, each box grown by one pixel for the rendering's rounding; 1 for a page
    /// without ink.
    func coverage(of picture: LeptonicaImage) -> Double {
        let (width, height) = (picture.size.width, picture.size.height)
        guard pageWidth > 0, pageHeight > 0, width > 0, height > 0 else { return 0 }
        let scaleX = Double(width) / pageWidth
        let scaleY = Double(height) / pageHeight
        var covered = [Bool](repeating: false, count: width * height)
        for box in boxes {
            let left = max(0, Int((box.x * scaleX).rounded(.down)) - 1)
            let right = min(width - 1, Int(((box.x + box.width) * scaleX).rounded(.up)) + 1)
            let top = max(0, Int((box.y * scaleY).rounded(.down)) - 1)
            let bottom = min(height - 1, Int(((box.y + box.height) * scaleY).rounded(.up)) + 1)
            guard left <= right, top <= bottom else { continue }
            for y in top...bottom {
                for x in left...right { covered[y * width + x] = true }
            }
        }
        var ink = 0
        var inWords = 0
        for y in 0..<height {
            for x in 0..<width where picture.level(x: x, y: y) < Self.inkLevel {
                ink += 1
                if covered[y * width + x] { inWords += 1 }
            }
        }
        return ink == 0 ? 1 : Double(inWords) / Double(ink)
    }

    /// Pixels darker than this (of 255) are ink.
    static let inkLevel = 160

    private static func number(_ name: String, in tag: Substring) -> Double? {
        guard let start = tag.range(of: " \(name)=\"") else { return nil }
        let rest = tag[start.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        return Double(rest[..<end])
    }
}
