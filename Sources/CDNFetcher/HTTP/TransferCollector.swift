/// Gathers the results of several groups of transfers (a locale's files) as they finish, in any order, and
/// hands over a group's results, in request order, the moment its last one arrives.
///
///     var collector = TransferCollector<Int>(groupSizes: [2, 1])
///     collector.record(7, request: 1)   // nil: group 0 still waits for request 0
///     collector.record(5, request: 0)   // (group: 0, results: [5, 7])
package struct TransferCollector<Result: Sendable>: Sendable {
    /// Request index → (group, position in the group).
    private let owners: [(group: Int, part: Int)]
    private var results: [[Result?]]
    private var remaining: [Int]

    /// - Parameter groupSizes: how many requests each group has; requests are numbered group by group.
    package init(groupSizes: [Int]) {
        owners = groupSizes.indices.flatMap { group in (0..<groupSizes[group]).map { (group: group, part: $0) } }
        results = groupSizes.map { [Result?](repeating: nil, count: $0) }
        remaining = groupSizes
    }

    /// The number of requests over all groups.
    package var requestCount: Int { owners.count }

    /// The group of request `index`.
    package func group(ofRequest index: Int) -> Int { owners[index].group }

    /// Records the result of request `index`.
    /// - Returns: the group and all its results when this was the group's last outstanding one, else `nil`.
    package mutating func record(_ result: Result, request index: Int) -> (group: Int, results: [Result])? {
        let owner = owners[index]
        precondition(results[owner.group][owner.part] == nil, "request \(index) was recorded twice")
        results[owner.group][owner.part] = result
        remaining[owner.group] -= 1
        guard remaining[owner.group] == 0 else { return nil }
        return (owner.group, results[owner.group].map { $0! })
    }
}
