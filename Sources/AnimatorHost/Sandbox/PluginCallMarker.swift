import CSystem
import Glibc

/// Where a process is in plugin code, written to a page of memory its parent can read
/// after it died: the call (`PluginCall`), the animator or library it belongs to, how
/// deep calls are nested, and a counter that moves at every call and every frame (the
/// parent's watchdog sees progress without a message).
///
/// The child writes; the parent only reads. Writing is a few stores per call, no system
/// call. A marker made with `init()` keeps the page in private memory (in-process use,
/// tests).
public final class PluginCallMarker: @unchecked Sendable {
    /// What the page says.
    public struct Mark: Equatable, Sendable {
        /// Changes at every call entered or left and at every `progress()`.
        public var sequence: UInt64
        /// How many plugin calls are in progress (0: the host's own code runs).
        public var depth: UInt32
        /// The innermost call in progress, or the last one left when `depth` is 0.
        public var call: PluginCall?
        /// The animator id or library path the call belongs to.
        public var subject: String
    }

    /// The page's size; the subject is cut to what fits.
    static let pageSize = 4096
    private static let subjectOffset = 24
    private static let subjectCapacity = pageSize - subjectOffset
    private let page: UnsafeMutableRawPointer
    private let isShared: Bool
    /// The subject of the outermost call last entered (blocks inherit it).
    private var currentSubject = ""

    /// A marker over private memory.
    public init() {
        page = UnsafeMutableRawPointer.allocate(byteCount: Self.pageSize, alignment: 16)
        page.initializeMemory(as: UInt8.self, repeating: 0, count: Self.pageSize)
        isShared = false
    }

    private init(mapping: UnsafeMutableRawPointer) {
        page = mapping
        isShared = true
    }

    deinit {
        if isShared { munmap(page, Self.pageSize) } else { page.deallocate() }
    }

    /// Makes a zeroed page in an anonymous memory file a child can inherit.
    ///
    /// - Returns: the marker (to read) and the file's descriptor (close-on-exec; give it
    ///   to the child with dup2).
    /// - Throws: `SandboxError` when the system refuses.
    public static func makeShared() throws(SandboxError) -> (marker: PluginCallMarker, descriptor: Int32) {
        let descriptor = ah_memfd_create("animator-host-call")
        guard descriptor >= 0 else { throw SandboxError("cannot make shared memory: \(String(cString: strerror(errno)))") }
        guard ftruncate(descriptor, off_t(pageSize)) == 0, let marker = try? map(descriptor) else {
            close(descriptor)
            throw SandboxError("cannot map shared memory: \(String(cString: strerror(errno)))")
        }
        return (marker, descriptor)
    }

    /// Maps the page a parent made (`makeShared`), given as `descriptor`.
    public static func map(_ descriptor: Int32) throws(SandboxError) -> PluginCallMarker {
        let mapping = mmap(nil, pageSize, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0)
        guard let mapping, mapping != MAP_FAILED else {
            throw SandboxError("cannot map the call page: \(String(cString: strerror(errno)))")
        }
        return PluginCallMarker(mapping: mapping)
    }

    private var sequence: UnsafeMutablePointer<UInt64> { page.assumingMemoryBound(to: UInt64.self) }
    private var depth: UnsafeMutablePointer<UInt32> { (page + 8).assumingMemoryBound(to: UInt32.self) }
    private var callCode: UnsafeMutablePointer<UInt32> { (page + 12).assumingMemoryBound(to: UInt32.self) }
    private var subjectLength: UnsafeMutablePointer<UInt32> { (page + 16).assumingMemoryBound(to: UInt32.self) }

    /// Runs `body`, a call into plugin code, with the page saying so.
    ///
    /// - Parameters:
    ///   - call: the call.
    ///   - subject: the animator id or library path; nil for the enclosing one.
    @inline(__always)
    public func around<R, E: Error>(_ call: PluginCall, _ subject: String? = nil,
                                    _ body: () throws(E) -> R) throws(E) -> R {
        let saved = (callCode.pointee, currentSubject)
        enter(call, subject ?? currentSubject)
        defer { leave(restoring: saved.0, saved.1) }
        return try body()
    }

    /// Runs `body` through `marker`'s `around`, or just runs it when there is no marker.
    @inline(__always)
    public static func calling<R, E: Error>(_ marker: PluginCallMarker?, _ call: PluginCall, _ subject: String?,
                                            _ body: () throws(E) -> R) throws(E) -> R {
        guard let marker else { return try body() }
        return try marker.around(call, subject, body)
    }

    /// Says the host made progress (a frame), for the parent's watchdog.
    @inline(__always)
    public func progress() {
        sequence.pointee &+= 1
    }

    /// Reads the page.
    public func read() -> Mark {
        let length = min(Int(subjectLength.pointee), Self.subjectCapacity)
        let bytes = UnsafeRawBufferPointer(start: page + Self.subjectOffset, count: length)
        return Mark(sequence: sequence.pointee, depth: depth.pointee, call: PluginCall(rawValue: callCode.pointee),
                    subject: String(decoding: bytes, as: UTF8.self))
    }

    private func enter(_ call: PluginCall, _ subject: String) {
        if subject != currentSubject { writeSubject(subject) }
        callCode.pointee = call.rawValue
        depth.pointee &+= 1
        sequence.pointee &+= 1
    }

    private func leave(restoring call: UInt32, _ subject: String) {
        depth.pointee &-= 1
        sequence.pointee &+= 1
        // The innermost call stays named once the outermost returns: a crash in the host's
        // own code right after it is reported near it.
        if depth.pointee > 0 {
            callCode.pointee = call
            if subject != currentSubject { writeSubject(subject) }
        }
    }

    private func writeSubject(_ subject: String) {
        currentSubject = subject
        let utf8 = Array(subject.utf8.prefix(Self.subjectCapacity))
        utf8.withUnsafeBytes { bytes in
            if let base = bytes.baseAddress { (page + Self.subjectOffset).copyMemory(from: base, byteCount: bytes.count) }
        }
        subjectLength.pointee = UInt32(utf8.count)
    }
}
