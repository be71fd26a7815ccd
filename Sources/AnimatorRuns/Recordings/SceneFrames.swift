import AnimatorRendering

/// A transition's frames, in order: held as values (a test's, a check's few frames) or in a
/// `FrameStore` (a run's, decoded as they are read). Either way a random-access collection.
public struct SceneFrames: RandomAccessCollection, ExpressibleByArrayLiteral, Sendable {
    private enum Storage: Sendable {
        case values([SceneFrame])
        case store(FrameStore, count: Int)
    }

    private let storage: Storage

    /// The frames `frames`.
    public init(_ frames: [SceneFrame]) {
        storage = .values(frames)
    }

    /// The frames `elements`.
    public init(arrayLiteral elements: SceneFrame...) {
        storage = .values(elements)
    }

    /// The frames `store` holds now (frames appended later are not part of this value).
    public init(store: FrameStore) {
        storage = .store(store, count: store.count)
    }

    public var startIndex: Int { 0 }

    public var endIndex: Int {
        switch storage {
        case .values(let frames): frames.count
        case .store(_, let count): count
        }
    }

    /// The time of frame `position`, without decoding a stored frame.
    public func time(at position: Int) -> Double {
        switch storage {
        case .values(let frames): return frames[position].time
        case .store(let store, let count):
            precondition(position >= 0 && position < count, "frame \(position) of \(count)")
            return store.time(at: position)
        }
    }

    public subscript(position: Int) -> SceneFrame {
        switch storage {
        case .values(let frames): return frames[position]
        case .store(let store, let count):
            precondition(position >= 0 && position < count, "frame \(position) of \(count)")
            return store.frame(at: position)
        }
    }
}
