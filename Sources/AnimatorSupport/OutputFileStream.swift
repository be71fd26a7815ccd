import CSystem
import Glibc
import Synchronization

extension OutputFile {
    /// A file the tool writes for its user a piece at a time, with `OutputFile.write`'s
    /// guarantees: a new or regular file is written to a file beside it that has no name
    /// (Linux's O_TMPFILE) until `finish` names it and renames it over the target (an
    /// existing file keeps its permissions; until then, and if the stream is dropped
    /// unfinished or the process is killed, the old file is untouched and nothing is left
    /// behind); where the file system has no unnamed files, a named temporary file beside
    /// it, removed on failure; a symbolic link's target is replaced that way; a FIFO or a
    /// character device is written through. Pieces are gathered into blocks of 1 MiB, so
    /// memory holds a block, not the file; each block of a file is handed to its disk as it
    /// is written (the write-out started, not waited for), so that renaming a large file
    /// over an old one at the end (which makes ext4 write the new one out first) does not
    /// wait for all of it.
    ///
    /// `write` does not throw: the first error is kept, later pieces are dropped, and
    /// `finish` throws it (so that encoders can stream without handling errors).
    public final class Stream {
        /// The path the user named.
        public let path: String
        private var descriptor: Int32 = -1
        /// The temporary file renamed over `target` at the end; nil when written through or
        /// while the file has no name (`unnamed`).
        private var temporary: String?
        /// Whether the file has no name yet (O_TMPFILE): `finish` links it beside the target.
        private var unnamed = false
        private var target: String
        private var mode: mode_t = 0o644
        private var buffer: [UInt8] = []
        private var failure: Failure?
        private var finished = false
        /// Bytes written so far (buffered included).
        public private(set) var count = 0
        /// Bytes handed to the file so far (not buffered).
        private var flushed = 0

        private static let blockSize = 1 << 20

        /// Opens `path` for writing (see the type's documentation for each kind of path).
        ///
        /// - Throws: `Failure`: a folder, a socket, a block device, a dangling link, a
        ///   read-only file, or a file that cannot be created.
        public init(_ path: String) throws(Failure) {
            self.path = path
            target = path
            var info = stat()
            if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
                guard let resolved = FileSystem.realPath(path) ?? (stat(path, &info) == 0 ? path : nil) else {
                    throw Failure(path: path, reason: "a symbolic link to nothing; refused")
                }
                target = resolved
            }
            if stat(target, &info) == 0 {
                switch info.st_mode & S_IFMT {
                case S_IFREG where info.st_mode & 0o222 == 0:
                    // Nobody may write it: the user made it read-only, so it is not replaced
                    // (a rename over it would, even for its owner).
                    throw Failure(path: path, reason: "is read-only (mode \(String(info.st_mode & 0o777, radix: 8))); not replaced")
                case S_IFREG:
                    mode = info.st_mode & 0o7777
                case S_IFIFO, S_IFCHR:
                    descriptor = open(target, O_WRONLY | O_CLOEXEC)
                    guard descriptor >= 0 else { throw Failure(path: path, reason: String(cString: strerror(errno))) }
                    buffer.reserveCapacity(Self.blockSize)
                    return
                case S_IFDIR:
                    throw Failure(path: path, reason: "is a folder; name a file inside it")
                default:
                    throw Failure(path: path, reason: "is not a file, a FIFO or a character device; refused")
                }
            }
            buffer.reserveCapacity(Self.blockSize)
            // No name until it is whole: a killed process leaves nothing behind.
            descriptor = ah_open_unnamed(FileSystem.directoryName(target), 0o600)
            if descriptor >= 0 {
                unnamed = true
                return
            }
            var template = Array((target + ".tmp-XXXXXX").utf8CString)
            descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard descriptor >= 0 else { throw Failure(path: path, reason: String(cString: strerror(errno))) }
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        }

        deinit {
            if !finished { discard() }
        }

        /// Appends `bytes`.
        public func write(_ bytes: some Collection<UInt8>) {
            guard failure == nil, !finished else { return }
            count += bytes.count
            if buffer.count + bytes.count > Self.blockSize { flush() }
            if bytes.count >= Self.blockSize {
                let whole = Array(bytes)
                whole.withUnsafeBytes { put($0) }
            } else {
                buffer.append(contentsOf: bytes)
            }
        }

        /// Appends the UTF-8 bytes of `text`.
        public func write(_ text: String) {
            write(text.utf8)
        }

        /// Writes what is buffered, renames the temporary file over the target (keeping an
        /// existing file's permissions) or closes the FIFO or device.
        ///
        /// - Throws: `Failure`: the first error of any write, or the rename's.
        public func finish() throws(Failure) {
            guard !finished else { return }
            flush()
            if let failure {
                discard()
                throw failure
            }
            finished = true
            if unnamed {
                // Named beside the target (a fresh name), then renamed over it.
                fchmod(descriptor, mode)
                var linked: String?
                for attempt in 0..<16 {
                    let name = target + ".tmp-\(getpid())-\(Self.sequence())-\(attempt)"
                    if ah_link_descriptor(descriptor, name) == 0 {
                        linked = name
                        break
                    }
                    if errno != EEXIST { break }
                }
                let reason = String(cString: strerror(errno))
                close(descriptor)
                descriptor = -1
                guard let linked else { throw Failure(path: path, reason: reason) }
                guard rename(linked, target) == 0 else {
                    let reason = String(cString: strerror(errno))
                    unlink(linked)
                    throw Failure(path: path, reason: reason)
                }
                return
            }
            if let temporary {
                fchmod(descriptor, mode)
                close(descriptor)
                descriptor = -1
                guard rename(temporary, target) == 0 else {
                    let reason = String(cString: strerror(errno))
                    unlink(temporary)
                    throw Failure(path: path, reason: reason)
                }
            } else {
                close(descriptor)
                descriptor = -1
            }
        }

        /// Abandons the stream: the temporary file is removed and the target left as it was.
        public func discard() {
            finished = true
            if descriptor >= 0 { close(descriptor) }
            descriptor = -1
            if let temporary { unlink(temporary) }
            temporary = nil
        }

        /// A number no other stream of this process has had.
        private static func sequence() -> Int {
            counter.withLock { value in
                value += 1
                return value
            }
        }

        private static let counter = Mutex(0)

        private func flush() {
            guard !buffer.isEmpty, failure == nil else { return }
            buffer.withUnsafeBytes { put($0) }
            buffer.removeAll(keepingCapacity: true)
        }

        private func put(_ bytes: UnsafeRawBufferPointer) {
            var written = 0
            while written < bytes.count {
                let result = Glibc.write(descriptor, bytes.baseAddress! + written, bytes.count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    failure = Failure(path: path, reason: String(cString: strerror(errno)))
                    return
                }
                written += result
            }
            // A file's new bytes on their way to the disk (a pipe's or a device's are gone).
            if unnamed || temporary != nil { _ = ah_start_writeback(descriptor, Int64(flushed), Int64(bytes.count)) }
            flushed += bytes.count
        }
    }
}
