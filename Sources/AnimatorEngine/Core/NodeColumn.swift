/// One optional value per node of a tree (a layer's text, contents, shape...), where most
/// nodes have none: the values present are kept once, with a four-byte slot per node saying
/// which is its own, and a column with no value at all keeps nothing but its count. A
/// scene of thousands of plain views then writes a few bytes per view per frame for each
/// kind of detail, not a whole optional value.
public struct NodeColumn<Value>: RandomAccessCollection {
    /// For each node, the index of its value in `values`, or -1; nil while no node has one.
    private var slots: [Int32]?
    private var values: [Value] = []
    private var count_: Int

    /// A column of `count` nodes without values.
    public init(count: Int = 0) {
        count_ = count
    }

    /// The column of `values`, one per node.
    public init(_ values: [Value?]) {
        count_ = 0
        reserveCapacity(values.count)
        for value in values { append(value) }
    }

    /// Makes room for `count` nodes (for a column built by `append`).
    public mutating func reserveCapacity(_ count: Int) {
        slots?.reserveCapacity(count)
    }

    /// Adds the next node's value.
    public mutating func append(_ value: Value?) {
        if let value {
            if slots == nil { slots = [Int32](repeating: -1, count: count_) }
            slots!.append(Int32(values.count))
            values.append(value)
        } else {
            slots?.append(-1)
        }
        count_ += 1
    }

    /// Replaces node `position`'s value.
    public mutating func set(_ value: Value?, at position: Int) {
        precondition(position >= 0 && position < count_, "node \(position) of \(count_)")
        guard let value else {
            slots?[position] = -1
            return
        }
        if slots == nil { slots = [Int32](repeating: -1, count: count_) }
        if slots![position] >= 0 {
            values[Int(slots![position])] = value
        } else {
            slots![position] = Int32(values.count)
            values.append(value)
        }
    }

    /// The positions of the nodes that have a value, in increasing order: a column where no
    /// node has one answers at once, without visiting its nodes.
    public var positionsWithValues: [Int] {
        guard let slots else { return [] }
        return slots.indices.filter { slots[$0] >= 0 }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count_ }

    public subscript(position: Int) -> Value? {
        precondition(position >= 0 && position < count_, "node \(position) of \(count_)")
        guard let slots else { return nil }
        let slot = slots[position]
        return slot < 0 ? nil : values[Int(slot)]
    }
}

extension NodeColumn: Sendable where Value: Sendable {}

extension NodeColumn: Equatable where Value: Equatable {
    /// The same value (or none) at every node.
    public static func == (a: NodeColumn, b: NodeColumn) -> Bool {
        a.count == b.count && a.indices.allSatisfy { a[$0] == b[$0] }
    }
}
