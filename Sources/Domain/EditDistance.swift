/// The Levenshtein distance: how many characters must be changed, left out or added to
/// turn one sequence into another.
enum EditDistance {
    static func between<Element: Equatable>(_ a: [Element], _ b: [Element]) -> Int {
        var previous = Array(0...b.count)
        for (i, left) in a.enumerated() {
            var current = [i + 1]
            for (j, right) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (left == right ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
