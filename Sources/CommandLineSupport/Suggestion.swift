/// The nearest of a set of words to a mistyped one, for "did you mean" hints: `--verison` → `--version`,
/// `stat` → `status`.
package enum Suggestion {
    /// The candidate closest to `word` by optimal string alignment distance (a swap of two neighbours costs one
    /// edit), when it is at most a third of the word's length and at most 2 edits away, or a prefix of the word of
    /// at least 3 characters names one candidate (`stat`); the first of equals.
    /// - Parameters:
    ///   - word: what was typed.
    ///   - candidates: what it could have meant.
    package static func nearest(to word: String, in candidates: [String]) -> String? {
        let typed = Array(word.lowercased().unicodeScalars)
        let prefixed = candidates.filter { typed.count >= 3 && $0.lowercased().hasPrefix(word.lowercased()) }
        if prefixed.count == 1 { return prefixed[0] }
        let limit = min(2, max(1, typed.count / 3))
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = Self.distance(typed, Array(candidate.lowercased().unicodeScalars))
            if distance <= limit, distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        return best?.candidate
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions and neighbour swaps.
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var rows = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { rows[i][0] = i }
        for j in 0...b.count { rows[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                rows[i][j] = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    rows[i][j] = min(rows[i][j], rows[i - 2][j - 2] + 1)
                }
            }
        }
        return rows[a.count][b.count]
    }

    /// ` (did you mean 'X'?)` for the nearest candidate, else nothing: to follow the word in an error message.
    /// - Parameters:
    ///   - word: what was typed.
    ///   - candidates: what it could have meant.
    package static func hint(for word: String, in candidates: [String]) -> String {
        nearest(to: word, in: candidates).map { " (did you mean '\($0)'?)" } ?? ""
    }
}
