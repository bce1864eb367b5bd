/// The Levenshtein distance: how many characters must be changed, left out or added to
/// turn one sequence into another.
enum EditDistance {
    /// The distance from `a` to `b`, each element of `a` left out counted `leavingOutCosts`
    /// (1 by default; 0 where `a` may hold elements misread that `b` rightly lacks).
    static func between<Element: Equatable>(_ a: [Element], _ b: [Element], leavingOutCosts: Int = 1) -> Int {
        var previous = Array(0...b.count)
        for left in a {
            var current = [previous[0] + leavingOutCosts]
            for (j, right) in b.enumerated() {
                current.append(min(previous[j + 1] + leavingOutCosts, current[j] + 1, previous[j] + (left == right ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
