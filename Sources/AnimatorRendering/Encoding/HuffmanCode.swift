/// Huffman codes as DEFLATE needs them: code lengths for symbol frequencies, limited to a
/// longest code, and the canonical codes for those lengths (RFC 1951, 3.2.2).
enum HuffmanCode {
    /// The code length of each symbol (0 for a symbol that never occurs), no longer than
    /// `limit`, with the shortest total length such codes allow up to the limit's
    /// adjustment. At least two symbols get a code, so the code is complete (as zlib makes
    /// sure: a single code would be one bit with nothing beside it).
    static func lengths(_ frequencies: [Int], limit: Int) -> [UInt8] {
        var used = frequencies.indices.filter { frequencies[$0] > 0 }
        var weights = frequencies
        for symbol in frequencies.indices where used.count < 2 && !used.contains(symbol) {
            used.append(symbol)
            weights[symbol] = 1
        }
        used.sort { (weights[$0], $0) < (weights[$1], $1) }
        // Build the tree: leaves 0..<n (in `used` order), inner nodes after; each node's
        // parent, then each leaf's depth. Ties go to the node made first, so the result
        // depends on the frequencies only.
        let n = used.count
        var parent = [Int](repeating: -1, count: 2 * n - 1)
        var nodeWeight = used.map { weights[$0] } + [Int](repeating: 0, count: n - 1)
        var leaf = 0, inner = n, next = n
        func smallest() -> Int {
            if leaf < n && (inner >= next || nodeWeight[leaf] <= nodeWeight[inner]) {
                leaf += 1
                return leaf - 1
            }
            inner += 1
            return inner - 1
        }
        // Leaves are sorted and inner nodes are made in increasing weight: two queues.
        while next < 2 * n - 1 {
            let a = smallest(), b = smallest()
            nodeWeight[next] = nodeWeight[a] + nodeWeight[b]
            parent[a] = next
            parent[b] = next
            next += 1
        }
        var depth = [Int](repeating: 0, count: 2 * n - 1)
        for node in stride(from: 2 * n - 3, through: 0, by: -1) { depth[node] = depth[parent[node]] + 1 }
        // How many codes of each length, longer ones folded into the limit, then the
        // Kraft sum restored by lengthening the deepest codes that fit (as miniz does).
        var counts = [Int](repeating: 0, count: max(limit, 1) + 1)
        for node in 0..<n { counts[min(depth[node], limit)] += 1 }
        var total = 0
        for length in 1...limit { total += counts[length] << (limit - length) }
        while total > 1 << limit {
            counts[limit] -= 1
            for length in stride(from: limit - 1, through: 1, by: -1) where counts[length] > 0 {
                counts[length] -= 1
                counts[length + 1] += 2
                break
            }
            total -= 1
        }
        // The rarest symbols take the longest codes.
        var result = [UInt8](repeating: 0, count: frequencies.count)
        var position = 0
        for length in stride(from: limit, through: 1, by: -1) {
            for _ in 0..<counts[length] {
                result[used[position]] = UInt8(length)
                position += 1
            }
        }
        return result
    }

    /// The canonical code of each symbol for `lengths`: codes of one length are
    /// consecutive in symbol order, shorter codes first.
    static func canonical(_ lengths: [UInt8]) -> [UInt32] {
        var counts = [UInt32](repeating: 0, count: 16)
        for length in lengths where length > 0 { counts[Int(length)] += 1 }
        var nextCode = [UInt32](repeating: 0, count: 16)
        var code: UInt32 = 0
        for length in 1..<16 {
            code = (code + counts[length - 1]) << 1
            nextCode[length] = code
        }
        return lengths.map { length in
            guard length > 0 else { return 0 }
            defer { nextCode[Int(length)] += 1 }
            return nextCode[Int(length)]
        }
    }
}
