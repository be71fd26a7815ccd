/// A set of record indices kept as bits: inserting and removing cost O(1), and iterating
/// visits the members in increasing order, so a scan reads the records front to back
/// (a hash set's order jumps around the records' storage and misses the cache once the
/// records outgrow it).
struct RecordSet: Sequence {
    private var words: [UInt64] = []
    /// How many indices are in the set.
    private(set) var count = 0

    /// Adds `index` (≥ 0).
    mutating func insert(_ index: Int) {
        let (word, bit) = index.quotientAndRemainder(dividingBy: 64)
        if word >= words.count { words.append(contentsOf: repeatElement(0, count: word - words.count + 1)) }
        let mask = UInt64(1) << UInt64(bit)
        if words[word] & mask == 0 {
            words[word] |= mask
            count += 1
        }
    }

    /// Removes `index` if it is there.
    mutating func remove(_ index: Int) {
        let (word, bit) = index.quotientAndRemainder(dividingBy: 64)
        guard word < words.count else { return }
        let mask = UInt64(1) << UInt64(bit)
        if words[word] & mask != 0 {
            words[word] &= ~mask
            count -= 1
        }
    }

    /// Whether `index` is in the set.
    func contains(_ index: Int) -> Bool {
        let (word, bit) = index.quotientAndRemainder(dividingBy: 64)
        return word < words.count && words[word] & (UInt64(1) << UInt64(bit)) != 0
    }

    /// The members in increasing order.
    struct Iterator: IteratorProtocol {
        let words: [UInt64]
        var word = 0
        var bits: UInt64

        init(words: [UInt64]) {
            self.words = words
            bits = words.first ?? 0
        }

        mutating func next() -> Int? {
            while bits == 0 {
                word += 1
                guard word < words.count else { return nil }
                bits = words[word]
            }
            let bit = bits.trailingZeroBitCount
            bits &= bits - 1
            return word * 64 + bit
        }
    }

    func makeIterator() -> Iterator { Iterator(words: words) }
}
