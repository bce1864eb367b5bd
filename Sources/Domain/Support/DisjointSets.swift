/// Union-find over `0..<count`, with path halving.
package struct DisjointSets {
    private var parent: [Int]

    package init(count: Int) {
        parent = Array(0..<count)
    }

    package mutating func find(_ element: Int) -> Int {
        var current = element
        while parent[current] != current {
            parent[current] = parent[parent[current]]
            current = parent[current]
        }
        return current
    }

    package mutating func union(_ a: Int, _ b: Int) {
        let rootA = find(a)
        let rootB = find(b)
        if rootA != rootB { parent[max(rootA, rootB)] = min(rootA, rootB) }
    }

    /// The sets, each listed by its members in increasing order.
    package mutating func groups() -> [[Int]] {
        var byRoot: [Int: [Int]] = [:]
        for element in parent.indices { byRoot[find(element), default: []].append(element) }
        return byRoot.keys.sorted().map { byRoot[$0]! }
    }
}
