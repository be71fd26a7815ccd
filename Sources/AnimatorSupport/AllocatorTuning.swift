import CSystem

/// How the C allocator keeps the large buffers a run allocates and frees over and over:
/// frames, canvases, images being encoded (1 to 12 MB each, the same sizes again and again).
///
/// By default glibc gives each such buffer its own mapping, or returns the top of its heap
/// to the kernel once more than a few megabytes are free there, so that the next frame's
/// buffer is fresh memory again: every page of it faults and is zeroed by the kernel before
/// it is drawn on (a seventh of a report's CPU went to that). Tuned, buffers up to 32 MiB
/// come from the heap, and up to 64 MiB of freed memory stays in the process for the next
/// one. Peak memory does not grow: what is kept is memory the run had in use a moment
/// before, and is used again before anything new is asked of the kernel.
public enum AllocatorTuning {
    /// The largest buffer served from the heap rather than mapped on its own (glibc's
    /// ceiling for this setting on 64-bit systems).
    public static let heapBufferLimit: Int32 = 32 << 20
    /// How much free memory the heap keeps at its top before returning it.
    public static let keptFreeMemory: Int32 = 64 << 20

    /// Applies the settings above to this process; call once, before the work starts.
    /// Returns whether the allocator took both.
    @discardableResult
    public static func keepLargeBuffers() -> Bool {
        ah_tune_allocator(heapBufferLimit, keptFreeMemory) == 1
    }
}
