import Dispatch
import Glibc

/// Work spread over the machine's cores.
package enum Parallel {
    /// `body(i)` for every i in 0 ..< count, computed on all cores; the results in order.
    /// `body` must be safe to call from several threads at once (each call touches its
    /// own state, or state only read).
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
        withoutActuallyEscaping(body) { body in
            let shared = Unchecked((body, results))
            // Worker w takes indices w, w + workers, ... so each worker can keep its own state.
            DispatchQueue.concurrentPerform(iterations: workers) { worker in
                let (body, results) = shared.value
                var index = worker
                while index < count {
                    results[index] = body(index, worker)
                    index += workers
                }
            }
        }
        return results.map { $0! }
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
