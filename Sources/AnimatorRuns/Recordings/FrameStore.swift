import AnimatorEngine
import AnimatorHost
import AnimatorRendering
import Glibc
import Synchronization

/// The frames of one transition as a run records them, within a memory budget: what a run
/// holds does not grow with the transition's length. The first frames, while their size
/// (estimated: a node's bytes and its share of the detail columns, a mask's frame too)
/// fits the budget, are kept as the values they came as: a short transition, almost every
/// one, is never encoded or decoded. The frames past the budget are written as bytes
/// (`SceneFrameEncoder`'s per-frame encoding, about 300 bytes a view) to a temporary file,
/// and decoded when they are read.
///
/// The file is created in `/tmp`, private to the user, and unlinked at once, so it never
/// outlives the process, however the process ends. When it cannot be created or written
/// (a full disk), frames stay in memory: nothing is lost, only the budget is exceeded.
///
/// Appends come from one thread (the run's); reads may come from any, after or between
/// appends.
public final class FrameStore: Sendable {
    /// Where one frame is: as it came, or as bytes in memory or in the file.
    private struct Entry {
        var offset: Int
        var count: Int
        var inFile: Bool
        var time: Double
        var frame: SceneFrame?
    }

    private struct State {
        let encoder = SceneFrameEncoder()
        let decoder = SceneFrameDecoder()
        var registeredImages = 0
        var entries: [Entry] = []
        var memory: [UInt8] = []
        /// The estimated size of the frames kept as values.
        var kept = 0
        var spool: Int32 = -1
        var spooled = 0
        var spoolFailed = false
    }

    private let state = Mutex(State())
    /// Bytes of frames kept in memory before the rest go to the temporary file.
    public let memoryBudget: Int

    /// The default budget: 4 MiB (a transition of about 100 views keeps some 80 frames,
    /// over a second at 60 a second, as values; most transitions never reach the file).
    public static let defaultMemoryBudget = 4 << 20

    /// An empty store that keeps up to `memoryBudget` bytes of frames in memory.
    public init(memoryBudget: Int = FrameStore.defaultMemoryBudget) {
        self.memoryBudget = max(memoryBudget, 0)
    }

    deinit {
        state.withLock { state in
            if state.spool >= 0 { close(state.spool) }
        }
    }

    /// How many frames the store holds.
    public var count: Int { state.withLock { $0.entries.count } }

    /// Whether frames have gone to the temporary file.
    public var isSpooled: Bool { state.withLock { $0.spool >= 0 && $0.spooled > 0 } }

    /// Keeps `frame` after the others.
    public func append(_ frame: SceneFrame) {
        let size = Self.estimatedSize(of: frame)
        state.withLock { state in
            if state.spool < 0, !state.spoolFailed, state.memory.isEmpty, state.kept + size <= memoryBudget {
                state.entries.append(Entry(offset: 0, count: 0, inFile: false, time: frame.time, frame: frame))
                state.kept += size
                return
            }
            let bytes = state.encoder.encodeFrame(frame)
            let images = state.encoder.images
            while state.registeredImages < images.count {
                state.decoder.register(images[state.registeredImages], as: UInt32(state.registeredImages))
                state.registeredImages += 1
            }
            if state.spool < 0, !state.spoolFailed, state.kept + state.memory.count + bytes.count > memoryBudget {
                Self.openSpool(&state)
            }
            if state.spool >= 0, Self.write(bytes, to: state.spool, at: state.spooled) {
                state.entries.append(Entry(offset: state.spooled, count: bytes.count, inFile: true, time: frame.time))
                state.spooled += bytes.count
                return
            }
            state.entries.append(Entry(offset: state.memory.count, count: bytes.count, inFile: false, time: frame.time))
            state.memory += bytes
        }
    }

    /// The time of frame `index` (0 ..< count), without decoding it.
    public func time(at index: Int) -> Double {
        state.withLock { $0.entries[index].time }
    }

    /// Frame `index` (0 ..< count), as it was kept or decoded.
    public func frame(at index: Int) -> SceneFrame {
        state.withLock { state in
            let entry = state.entries[index]
            if let frame = entry.frame { return frame }
            let bytes: [UInt8]
            if entry.inFile {
                bytes = [UInt8](unsafeUninitializedCapacity: entry.count) { buffer, initialized in
                    var done = 0
                    while done < entry.count {
                        let read = pread(state.spool, buffer.baseAddress! + done, entry.count - done, off_t(entry.offset + done))
                        if read < 0 && errno == EINTR { continue }
                        precondition(read > 0, "the frame store's temporary file could not be read: \(String(cString: strerror(errno)))")
                        done += read
                    }
                    initialized = entry.count
                }
            } else {
                bytes = Array(state.memory[entry.offset..<(entry.offset + entry.count)])
            }
            do {
                return try state.decoder.decodeFrame(bytes)
            } catch {
                preconditionFailure("a frame the store wrote does not decode: \(error)")
            }
        }
    }

    /// What keeping `frame` as a value costs, about: its nodes, a few bytes a node for
    /// each detail column, and its masks' frames (bitmaps are shared, not counted).
    static func estimatedSize(of frame: SceneFrame) -> Int {
        var size = 256 + frame.nodes.count * (MemoryLayout<PresentationNode>.stride + 32)
        for mask in frame.masks { if let mask { size += estimatedSize(of: mask) } }
        return size
    }

    /// Creates the temporary file and moves the frames held in memory as bytes into it.
    private static func openSpool(_ state: inout State) {
        var template = Array("/tmp/animator-host-frames-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            state.spoolFailed = true
            return
        }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        // Not inherited by the children a run starts.
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        guard write(state.memory, to: descriptor, at: 0) else {
            close(descriptor)
            state.spoolFailed = true
            return
        }
        for index in state.entries.indices where state.entries[index].frame == nil { state.entries[index].inFile = true }
        state.spool = descriptor
        state.spooled = state.memory.count
        state.memory = []
    }

    /// Writes all of `bytes` at `offset`; false on an error (nothing is retried after one).
    private static func write(_ bytes: [UInt8], to descriptor: Int32, at offset: Int) -> Bool {
        var done = 0
        while done < bytes.count {
            let written = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress! + done, $0.count - done, off_t(offset + done)) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return false }
            done += written
        }
        return true
    }
}
