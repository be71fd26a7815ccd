import Glibc
import Testing
@testable import AnimatorSupport

/// The allocator keeps large buffers that were freed and hands the same memory out again,
/// instead of returning it to the kernel and faulting every page of it in again.
@Suite struct AllocatorTuningTests {
    /// Minor page faults of the calling thread so far.
    static func faults() -> Int {
        var usage = rusage()
        // RUSAGE_THREAD (1), which the Glibc module does not export.
        getrusage(__rusage_who_t(1), &usage)
        return usage.ru_minflt
    }

    /// Allocates `count` buffers of `bytes`, writes every page of each, frees them all (a
    /// batch of frames drawn, encoded and dropped); the page faults that took.
    static func batch(_ count: Int, of bytes: Int) -> Int {
        let before = faults()
        let buffers = (0..<count).map { _ in malloc(bytes) }
        for buffer in buffers { if let buffer { memset(buffer, 1, bytes) } }
        for buffer in buffers { free(buffer) }
        return faults() - before
    }

    @Test func aBatchOfFreedFramesIsUsedAgainWithoutFaultingItsPagesIn() {
        #expect(AllocatorTuning.keepLargeBuffers())
        // 24 frames of a 390 × 844 screen at 1x (1.3 MB each, 31.6 MB together): 7,728
        // pages of 4 KiB when fresh. Untuned, glibc maps the first batch's frames one by one
        // and returns the later batches' memory once more than two frames' worth is free,
        // so that every batch faults every page in again.
        let bytes = 390 * 844 * 4, count = 24
        let pages = count * bytes / Int(sysconf(Int32(_SC_PAGESIZE)))
        // The counter sees faults: touching memory fresh from the kernel (a mapping of its
        // own) faults every page in. (The first batch itself may already find memory other
        // tests freed.)
        let mapping = mmap(nil, count * bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        if let mapping, mapping != MAP_FAILED {
            let before = Self.faults()
            memset(mapping, 1, count * bytes)
            let fresh = Self.faults() - before
            munmap(mapping, count * bytes)
            #expect(fresh >= pages / 2, "fresh memory: \(fresh) faults for \(pages) pages")
        }
        _ = Self.batch(count, of: bytes)
        // The smallest of eight later batches allows for other tests' threads, which share
        // the allocator's arenas in this process, taking some of the memory in between (three
        // were not always enough in a full parallel run). Untuned, every batch faults its
        // pages in again, so the smallest does too.
        let batches = (0..<8).map { _ in Self.batch(count, of: bytes) }
        let again = batches.min() ?? -1
        #expect(again >= 0 && again < pages / 20, "\(batches) faults for \(pages) pages used again")
    }
}
