/// One of N parts of a manifest's cases (`snapshot verify --shard I/N`), so that a large
/// suite runs across a CI matrix: case k (counting from 0 in the manifest's order, after
/// `--only`) belongs to part k mod N + 1. The parts partition the cases exactly, and
/// each holds every N-th case, so long and short cases spread evenly.
public struct SnapshotShard: Equatable, Sendable {
    /// This part, from 1.
    public var index: Int
    /// How many parts.
    public var count: Int

    /// The most parts a manifest may be cut into.
    public static let maximumCount = 1000

    /// Creates a part; nil unless 1 ≤ index ≤ count ≤ `maximumCount`.
    public init?(index: Int, count: Int) {
        guard count >= 1, count <= Self.maximumCount, index >= 1, index <= count else { return nil }
        self.index = index
        self.count = count
    }

    /// Reads "I/N"; nil when it is not one.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let index = Int(parts[0]), let count = Int(parts[1]) else { return nil }
        self.init(index: index, count: count)
    }

    /// The elements of `items` in this part, in order.
    public func select<T>(_ items: [T]) -> [T] {
        items.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
    }

    /// "2/4".
    public var description: String { "\(index)/\(count)" }
}
