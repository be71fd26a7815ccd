import Glibc

/// Memory for many pictures kept for a while and freed together (the rectangles a GIF
/// keeps between its two passes): mapped from the kernel in blocks of at least 32 MiB and
/// marked for huge pages where the kernel offers them, so that first touching it costs one
/// fault per 2 MiB instead of one per 4 KiB. Not thread-safe to allocate from; what it
/// hands out may be read from any thread while the arena lives.
final class PixelArena {
    private var blocks: [(start: UnsafeMutableRawPointer, size: Int)] = []
    private var used = 0
    /// Memory from the ordinary allocator, where the kernel would not map a block.
    private var fallbacks: [UnsafeMutableRawPointer] = []
    private static let blockSize = 32 << 20

    /// Room for `count` pixels, uninitialized, valid until the arena is freed.
    func allocate(_ count: Int) -> UnsafeMutableBufferPointer<UInt32> {
        let bytes = (count * 4 + 63) & ~63
        if blocks.isEmpty || used + bytes > blocks[blocks.count - 1].size {
            let size = max(Self.blockSize, (bytes + (2 << 20) - 1) & ~((2 << 20) - 1))
            guard let start = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
                  start != MAP_FAILED else {
                // No mapping: the ordinary allocator (freed with the arena all the same).
                let fallback = UnsafeMutableRawPointer.allocate(byteCount: max(bytes, 64), alignment: 64)
                fallbacks.append(fallback)
                return UnsafeMutableBufferPointer(start: fallback.bindMemory(to: UInt32.self, capacity: count), count: count)
            }
            _ = madvise(start, size, MADV_HUGEPAGE)
            blocks.append((start, size))
            used = 0
        }
        let pointer = blocks[blocks.count - 1].start + used
        used += bytes
        return UnsafeMutableBufferPointer(start: pointer.bindMemory(to: UInt32.self, capacity: count), count: count)
    }

    /// Gives back the end of the last allocation, `allocation`, keeping its first `count`
    /// pixels (0: all of it): the next allocation starts after what is kept.
    func shrinkLast(_ allocation: UnsafeMutableBufferPointer<UInt32>, to count: Int) {
        precondition(count <= allocation.count, "shrinking to more than was allocated")
        guard let block = blocks.last, let start = allocation.baseAddress,
              UnsafeMutableRawPointer(start) + ((allocation.count * 4 + 63) & ~63) == block.start + used else { return }
        used = UnsafeMutableRawPointer(start) - block.start + ((count * 4 + 63) & ~63)
    }

    /// Forgets everything handed out so far and hands the first block out again (the
    /// others are returned to the kernel): for memory used over and over, a batch at a
    /// time, whose pages then stay mapped instead of being zeroed anew for every batch.
    func reset() {
        for block in blocks.dropFirst() { munmap(block.start, block.size) }
        blocks = Array(blocks.prefix(1))
        for fallback in fallbacks { fallback.deallocate() }
        fallbacks = []
        used = 0
    }

    deinit {
        for block in blocks { munmap(block.start, block.size) }
        for fallback in fallbacks { fallback.deallocate() }
    }
}
