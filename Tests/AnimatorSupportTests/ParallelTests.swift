import Testing
@testable import AnimatorSupport

/// Work spread over the cores: results in order, nothing kept afterwards.
@Suite struct ParallelTests {
    final class Token {
        let value: Int
        init(_ value: Int) { self.value = value }
    }

    @Test func resultsComeBackInOrderFromEveryWorker() {
        let squares = Parallel.map(1000, workers: 3) { index, _ in index * index }
        #expect(squares == (0..<1000).map { $0 * $0 })
        #expect(Parallel.map(0) { index, _ in index }.isEmpty)
    }

    @Test func theResultsAreNotKeptAliveAfterTheCaller() {
        // A map that kept its results (a frame's pixels, in renders) would leak them all.
        weak var first: Token?
        weak var last: Token?
        do {
            let tokens = Parallel.map(8, workers: 2) { index, _ in Token(index) }
            first = tokens.first
            last = tokens.last
            #expect(tokens.map(\.value) == Array(0..<8))
        }
        #expect(first == nil && last == nil)
    }
}
