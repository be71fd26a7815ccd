/// When each animated layer next needs the clock to stop (an animation starting or
/// ending), kept in a binary min-heap so the engine finds the earliest without scanning
/// every animated layer at every step, and finds the layers due without visiting the
/// others.
///
/// A layer has at most one valid entry: rescheduling it gives it a new stamp, and entries
/// with an older stamp are dropped when they reach the top. The engine reschedules a layer
/// whenever its animations change in a way that can bring its next event earlier (an
/// animation added) and checks the top against the layer's animations before trusting it
/// (a removal can only make the event later); a change to any layer's time map (timing,
/// parent, mask) makes the whole schedule stale, rebuilt at the next look.
struct EventSchedule {
    private struct Entry {
        let time: Double
        let record: Int
        let stamp: UInt32
    }

    private var heap: [Entry] = []
    private var stamps: [UInt32] = []
    /// Whether the schedule must be rebuilt before it is read (a time map changed).
    var isStale = false

    /// Gives `record` its next event time (nil: none), replacing the one it had.
    mutating func schedule(_ record: Int, at time: Double?) {
        if record >= stamps.count { stamps.append(contentsOf: repeatElement(0, count: record - stamps.count + 1)) }
        stamps[record] &+= 1
        guard let time else { return }
        heap.append(Entry(time: time, record: record, stamp: stamps[record]))
        siftUp(heap.count - 1)
    }

    /// Forgets every entry (before a rebuild). The stamps stay: with the heap empty no old
    /// entry is left to tell apart, and each layer scheduled again gets a new one.
    mutating func removeAll() {
        heap.removeAll(keepingCapacity: true)
        isStale = false
    }

    /// The earliest valid entry, dropping invalid ones on the way.
    mutating func earliest() -> (time: Double, record: Int)? {
        while let top = heap.first {
            if stamps[top.record] == top.stamp { return (top.time, top.record) }
            removeTop()
        }
        return nil
    }

    /// Removes and returns the layers whose entries are due by `time`, each once, earliest
    /// first (by time, then layer).
    ///
    /// A few due layers (the usual step) are taken from the top, each in O(log n). When
    /// many are (every animation of a transition starting on its first frame, thousands of
    /// them), the rest are taken in one pass over the heap, which is then rebuilt in linear
    /// time: O(n) where taking each from the top would be O(n log n).
    mutating func takeDue(by time: Double) -> [Int] {
        var due: [Int] = []
        while let top = earliest(), top.time <= time {
            if due.count == Self.popLimit, heap.count > 4 * Self.popLimit { return due + takeAllDue(by: time) }
            due.append(top.record)
            removeTop()
            stamps[top.record] &+= 1
        }
        return due
    }

    /// How many due layers `takeDue` takes from the top before it takes the rest in one pass.
    static let popLimit = 64

    /// Takes every due layer in one pass: entries due by `time` (valid ones, in order),
    /// and stale ones, are left out of the heap, which is then rebuilt.
    private mutating func takeAllDue(by time: Double) -> [Int] {
        var due: [Entry] = [], kept: [Entry] = []
        kept.reserveCapacity(heap.count)
        for entry in heap where stamps[entry.record] == entry.stamp {
            if entry.time <= time { due.append(entry) } else { kept.append(entry) }
        }
        heap = kept
        // Floyd's construction: sift down every parent, the last one first.
        var parent = heap.count / 2 - 1
        while parent >= 0 {
            siftDown(parent)
            parent -= 1
        }
        due.sort(by: Self.precedes)
        for entry in due { stamps[entry.record] &+= 1 }
        return due.map(\.record)
    }

    private mutating func removeTop() {
        let last = heap.removeLast()
        guard !heap.isEmpty else { return }
        heap[0] = last
        siftDown(0)
    }

    /// Entries order by time, then by layer, so that the order never depends on history.
    private static func precedes(_ a: Entry, _ b: Entry) -> Bool {
        a.time < b.time || (a.time == b.time && a.record < b.record)
    }

    private mutating func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard Self.precedes(heap[child], heap[parent]) else { return }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < heap.count, Self.precedes(heap[left], heap[smallest]) { smallest = left }
            if right < heap.count, Self.precedes(heap[right], heap[smallest]) { smallest = right }
            guard smallest != parent else { return }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
