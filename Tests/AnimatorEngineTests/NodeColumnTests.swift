import Testing
@testable import AnimatorEngine

/// A column of one optional value per node, kept sparse: read back exactly what was put in,
/// however it was built.
@Suite struct NodeColumnTests {
    @Test func whatGoesInComesOutNodeByNode() {
        // Built from a list, from appends, and with values set afterwards: the same column.
        let values: [String?] = [nil, "title", nil, nil, "label", nil]
        var appended = NodeColumn<String>()
        for value in values { appended.append(value) }
        #expect(Array(NodeColumn(values)) == values && Array(appended) == values)
        #expect(NodeColumn(values) == appended)
        // Set a value where there was none, replace one, clear one.
        var changed = appended
        changed.set("new", at: 0)
        changed.set("label 2", at: 4)
        changed.set(nil, at: 1)
        #expect(Array(changed) == ["new", nil, nil, nil, "label 2", nil])
        // The original is untouched (a value).
        #expect(Array(appended) == values && changed != appended)
        // Where the values are: a cleared node is not among them.
        #expect(appended.positionsWithValues == [1, 4] && changed.positionsWithValues == [0, 4])
        #expect(NodeColumn<String>(count: 5).positionsWithValues.isEmpty)
    }

    @Test func aColumnWithoutValuesHasItsNodesAllEmpty() {
        let empty = NodeColumn<Int>(count: 4)
        #expect(empty.count == 4 && empty.allSatisfy { $0 == nil })
        var one = empty
        one.set(7, at: 3)
        #expect(Array(one) == [nil, nil, nil, 7])
        one.set(nil, at: 3)
        #expect(one.allSatisfy { $0 == nil } && one == empty)
        // Nodes appended after the first value keep their places.
        var later = NodeColumn<Int>(count: 2)
        later.append(5)
        later.append(nil)
        #expect(Array(later) == [nil, nil, 5, nil])
    }
}
