import Dispatch
import Glibc
import Synchronization

/// Work spread over the machine's cores.
package enum Parallel {
    /// `body(i)` for every i in 0 ..< count, computed on all cores; the results in order.
    /// `body` must be safe to call from several threads at once (each call touches its
    /// own state, or state only read). Each worker takes the next index not yet taken, so
    /// a worker whose items cost less is not left idle while another still has a queue;
    /// `worker` (0 ..< workers) names the thread making the call, for state of its own (a
    /// worker's indices come to it in increasing order).
    package static func map<T>(_ count: Int, workers: Int? = nil, _ body: (_ index: Int, _ worker: Int) -> T) -> [T] {
        guard count > 0 else { return [] }
        let workers = min(max(workers ?? ProcessInfoShim.activeProcessorCount, 1), count)
        let results = UnsafeMutableBufferPointer<T?>.allocate(capacity: count)
        results.initialize(repeating: nil)
        defer {
            // The results were copied out: release the buffer's references, then the buffer.
            _ = results.deinitialize()
            results.deallocate()
        }
        let queue = WorkQueue()
        withoutActuallyEscaping(body) { body in
            let shared = Unchecked((body, results))
            DispatchQueue.concurrentPerform(iterations: workers) { worker in
                let (body, results) = shared.value
                while true {
                    let index = queue.next.add(1, ordering: .relaxed).oldValue
                    guard index < count else { break }
                    results[index] = body(index, worker)
                }
            }
        }
        return results.map { $0! }
    }

    /// The next index a worker takes.
    private final class WorkQueue: Sendable {
        let next = Atomic<Int>(0)
    }

    /// A value handed to other threads whose safety the caller vouches for.
    private struct Unchecked<Value>: @unchecked Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }
}

/// The number of cores, without Foundation.
package enum ProcessInfoShim {
    package static var activeProcessorCount: Int {
        Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    }
}
