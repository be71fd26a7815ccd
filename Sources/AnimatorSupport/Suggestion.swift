/// "Did you mean ...?": the closest of some known names to a mistyped one, by edit
/// distance ignoring case, when it is close enough to be the likely intent.
package enum Suggestion {
    /// The candidate nearest to `typed`, or nil when none is within a third of its
    /// length in edits (at least one edit, at most three), or the nearest is a tie.
    package static func closest(to typed: String, among candidates: [String]) -> String? {
        let word = Array(typed.lowercased().unicodeScalars)
        guard !word.isEmpty else { return nil }
        let allowed = min(max(word.count / 3, 1), 3)
        var best: (name: String, distance: Int)?
        var tie = false
        for candidate in candidates where !candidate.isEmpty {
            let distance = editDistance(word, Array(candidate.lowercased().unicodeScalars))
            guard distance <= allowed else { continue }
            if let current = best, distance == current.distance, candidate != current.name {
                tie = true
            } else if best == nil || distance < best!.distance {
                best = (candidate, distance)
                tie = false
            }
        }
        return tie ? nil : best?.name
    }

    /// " (did you mean 'x'?)" for a message, or "".
    package static func hint(_ typed: String, among candidates: [String]) -> String {
        closest(to: typed, among: candidates).map { " (did you mean '\($0)'?)" } ?? ""
    }

    /// Levenshtein distance with adjacent transpositions counted as one edit.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], before[j - 2] + 1)
                }
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}
