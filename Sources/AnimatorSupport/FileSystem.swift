import CSystem
import Glibc

/// What `stat` says about a file: the fields the loader and the cache need.
package struct FileStatus: Equatable {
    package var size: Int64
    /// Modification time in nanoseconds since the epoch.
    package var modificationTime: Int64
    package var mode: mode_t
    /// The inode and the status-change time (ns): a file replaced by another of the same
    /// size and modification time still differs in these.
    package var inode: UInt64 = 0
    package var changeTime: Int64 = 0
    /// The owner's user id.
    package var owner: uid_t = 0

    /// What a `stat` structure says.
    package init(_ info: stat) {
        size = Int64(info.st_size)
        modificationTime = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        mode = info.st_mode
        inode = UInt64(info.st_ino)
        changeTime = Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec)
        owner = info.st_uid
    }

    package var isRegularFile: Bool { mode & S_IFMT == S_IFREG }
    package var isDirectory: Bool { mode & S_IFMT == S_IFDIR }
    /// Writable by the group or by others.
    package var isWritableByOthers: Bool { mode & (S_IWGRP | S_IWOTH) != 0 }
    /// The sticky bit: in a folder, only a file's owner may remove or rename it (/tmp).
    package var isSticky: Bool { mode & S_ISVTX != 0 }
}

/// A failed system call: which one, on what, and errno's text.
package struct SystemError: Error, CustomStringConvertible {
    package var operation: String
    package var path: String
    package var code: Int32
    /// Words that replace errno's text, for a refusal the call itself did not make ("not a
    /// regular file (a FIFO)").
    package var detail: String?

    package init(operation: String, path: String, code: Int32, detail: String? = nil) {
        self.operation = operation
        self.path = path
        self.code = code
        self.detail = detail
    }

    package var description: String { "\(operation) \(path): \(reason)" }
    /// errno's text alone (or the detail).
    package var reason: String { detail ?? String(cString: strerror(code)) }
    /// For a file that could not be read: "cannot read: " and errno's text, or the refusal
    /// alone ("not a regular file (a FIFO)").
    package var readFailure: String { detail ?? "cannot read: " + String(cString: strerror(code)) }
}

/// The largest file of each kind the host reads: a file over its limit is refused in one
/// line before it is read.
package enum FileLimits {
    /// Run requests, routes, scenarios, snapshot manifests: hand-written JSON.
    package static let document = 1 << 20
    /// Interaction traces (a sample per frame).
    package static let interaction = 16 << 20
    /// The metadata cache.
    package static let cache = 64 << 20
    /// Timelines (`render`, `watch`): every frame's values.
    package static let timeline = 512 << 20
    /// Images (PNG): screens and goldens.
    package static let image = 64 << 20
    /// Fonts.
    package static let font = 64 << 20
    /// Executables and libraries copied or examined.
    package static let program = 1 << 30

    /// `bytes` for people: "512 MiB", "64 KiB", "300 bytes".
    package static func describe(_ bytes: Int) -> String {
        if bytes >= 1 << 20 && bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10 && bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }
}

/// Why a file was not read, in words.
package struct ReadRefusal: Error {
    package var reason: String
}

/// Small wrappers around the C file calls the host needs.
package enum FileSystem {
    /// `stat(2)` (following links).
    package static func status(_ path: String) throws(SystemError) -> FileStatus {
        var info = stat()
        guard stat(path, &info) == 0 else { throw SystemError(operation: "stat", path: path, code: errno) }
        return FileStatus(info)
    }

    /// `fstat(2)` of an open file; `path` names it in the error.
    package static func status(descriptor: Int32, path: String) throws(SystemError) -> FileStatus {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw SystemError(operation: "fstat", path: path, code: errno) }
        return FileStatus(info)
    }

    /// The name of a directory entry `readdir(3)` returned, NUL-terminated, where it lies in
    /// the entry. An entry is only as long as its name (`d_reclen`), so copying the whole
    /// `d_name` field (256 bytes) out of it reads past the end of the last entry in
    /// readdir's buffer.
    package static func entryName(_ entry: UnsafePointer<dirent>) -> UnsafePointer<CChar> {
        (UnsafeRawPointer(entry) + MemoryLayout<dirent>.offset(of: \dirent.d_name)!).assumingMemoryBound(to: CChar.self)
    }

    /// The names in a directory, sorted (by code point, which for the ASCII names of
    /// plugin files is byte order), without "." and "..".
    ///
    /// - Parameter undecodable: receives, escaped for display, the names that are not UTF-8
    ///   (a String could not name the file again); they are not in the result.
    package static func contents(ofDirectory path: String,
                         undecodable: ((String) -> Void)? = nil) throws(SystemError) -> [String] {
        guard let directory = opendir(path) else {
            throw SystemError(operation: "opendir", path: path, code: errno)
        }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let pointer = entryName(entry)
            let name: String?
            if let valid = String(validatingCString: pointer) {
                name = valid
            } else {
                // Each byte of a broken sequence as \xNN.
                let bytes = UnsafeRawBufferPointer(start: pointer, count: strlen(pointer))
                undecodable?(bytes.map { $0 < 0x80 ? String(UnicodeScalar($0)) : "\\x" + String($0, radix: 16) }.joined())
                name = nil
            }
            if let name, name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// The whole of a regular file of at most `limit` bytes, or why not, in words: "not a
    /// regular file (a FIFO)", "2 GiB, over the 64 MiB limit for this kind of file",
    /// errno's text.
    package static func readRegularFile(_ path: String, limit: Int) -> Result<[UInt8], ReadRefusal> {
        do {
            return .success(try read(path, limit: limit))
        } catch {
            return .failure(ReadRefusal(reason: error.reason))
        }
    }

    /// The whole of a regular file of at most `limit` bytes. The file is opened once and
    /// judged open (`openRegularFile`), and one that grows past `limit` while it is read is
    /// refused at the limit.
    ///
    /// - Throws: `SystemError` with errno's text or the refusal in words.
    package static func read(_ path: String, limit: Int) throws(SystemError) -> [UInt8] {
        let file = try openRegularFile(path, limit: limit)
        defer { close(file.descriptor) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(file.size)
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(file.descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw SystemError(operation: "read", path: path, code: errno)
            }
            if count == 0 { return bytes }
            guard bytes.count + count <= limit else {
                throw SystemError(operation: "read", path: path, code: 0,
                                  detail: "grew past the \(FileLimits.describe(limit)) limit for this kind of file while it was read")
            }
            bytes.append(contentsOf: buffer[0..<count])
        }
    }

    /// `count` bytes of the open file at `offset` (read on after short reads and
    /// interruptions), or nil when it does not hold them all (now: a file may shrink).
    package static func read(_ descriptor: Int32, at offset: Int, count: Int) -> [UInt8]? {
        guard offset >= 0, count >= 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let read = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + done, count - done, off_t(offset + done)) }
            if read < 0, errno == EINTR { continue }
            guard read > 0 else { return nil }
            done += read
        }
        return bytes
    }

    /// Opens a regular file of at most `limit` bytes for reading, judged open: a folder, a
    /// device, a FIFO, a socket, or a file of /proc or /sys (which can be endless) is refused
    /// without waiting or reading, a file over `limit` before it is read. The caller closes
    /// the descriptor.
    ///
    /// - Returns: the descriptor and the file's size when opened.
    /// - Throws: `SystemError` with errno's text or the refusal in words.
    package static func openRegularFile(_ path: String, limit: Int) throws(SystemError) -> (descriptor: Int32, size: Int) {
        // O_NONBLOCK: opening a FIFO must not wait for a writer (regular files ignore it).
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else { throw SystemError(operation: "open", path: path, code: errno) }
        func refuse(_ detail: String) -> SystemError {
            close(descriptor)
            return SystemError(operation: "read", path: path, code: 0, detail: detail)
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let code = errno
            close(descriptor)
            throw SystemError(operation: "fstat", path: path, code: code)
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw refuse("a folder, not a file")
        case S_IFIFO: throw refuse("not a regular file (a FIFO)")
        case S_IFCHR, S_IFBLK: throw refuse("not a regular file (a device)")
        case S_IFSOCK: throw refuse("not a regular file (a socket)")
        default: throw refuse("not a regular file")
        }
        if Self.pseudoFilesystems.contains(ah_filesystem_type(descriptor)) {
            throw refuse("a file of /proc or /sys, not a regular file")
        }
        guard info.st_size <= Int64(limit) else {
            throw refuse("\(FileLimits.describe(Int(info.st_size))), over the \(FileLimits.describe(limit)) limit for this kind of file")
        }
        return (descriptor, Int(info.st_size))
    }

    /// Whether `path`, its symbolic links resolved as far as it exists, lies inside `root`
    /// (resolved too): a folder about to be written must not lead elsewhere through a link.
    package static func staysInside(_ path: String, _ root: String) -> Bool {
        guard let realRoot = resolvedAsFarAsItExists(root), let full = resolvedAsFarAsItExists(path) else { return false }
        return full == realRoot || full.hasPrefix(realRoot == "/" ? "/" : realRoot + "/")
    }

    /// `path` made absolute, its deepest existing folder resolved (links followed) and the
    /// names that do not exist yet appended; nil for a "." or ".." among those names.
    private static func resolvedAsFarAsItExists(_ path: String) -> String? {
        var existing = absolute(path)
        var missing: [String] = []
        while realPath(existing) == nil {
            let name = baseName(existing)
            if name == ".." || name == "." { return nil }
            missing.insert(name, at: 0)
            let parent = directoryName(existing)
            if parent == existing { return nil }
            existing = parent
        }
        guard let real = realPath(existing) else { return nil }
        return missing.isEmpty ? real : ([real == "/" ? "" : real] + missing).joined(separator: "/")
    }

    /// Whether `path` lies on /proc, /sys or another file system whose files are not data.
    package static func isPseudoFileSystem(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY | O_DIRECTORY)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return pseudoFilesystems.contains(ah_filesystem_type(descriptor))
    }

    /// The magic numbers (statfs f_type) of file systems whose files are not data: proc,
    /// sysfs, debugfs, tracefs, securityfs, cgroup and cgroup2.
    private static let pseudoFilesystems: Set<Int> = [0x9FA0, 0x6265_6572, 0x6462_6720, 0x7472_6163, 0x7363_6673,
                                                      0x0027_E0EB, 0x6367_7270]

    /// Writes a file so that readers see the old content or the new, never a mix: the
    /// bytes go to a temporary file beside `path`, which is then renamed over it.
    package static func writeAtomically(_ path: String, _ bytes: some Collection<UInt8>,
                                mode: mode_t = 0o644) throws(SystemError) {
        var template = Array((path + ".tmp-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw SystemError(operation: "create", path: path, code: errno) }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        let data = Array(bytes)
        var written = 0
        while written < data.count {
            let count = data.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, $0.count - written) }
            if count < 0 {
                if errno == EINTR { continue }
                let failure = SystemError(operation: "write", path: temporary, code: errno)
                close(descriptor)
                unlink(temporary)
                throw failure
            }
            written += count
        }
        fchmod(descriptor, mode)
        close(descriptor)
        guard rename(temporary, path) == 0 else {
            let failure = SystemError(operation: "rename", path: path, code: errno)
            unlink(temporary)
            throw failure
        }
    }

    /// Makes a new folder, private to this user (mode 0700), named `prefix` and six random
    /// characters, in the system's temporary folder (`/tmp`; never `TMPDIR`, which a child's
    /// environment may have pointed elsewhere). Returns its path.
    package static func makeTemporaryFolder(prefix: String) throws(SystemError) -> String {
        var template = Array("/tmp/\(prefix)XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw SystemError(operation: "mkdtemp", path: "/tmp/\(prefix)XXXXXX", code: errno)
        }
        return String(cString: made)
    }

    /// Removes a folder and everything in it, whatever its names (UTF-8 or not), without
    /// following a symbolic link out of it: links are removed, not what they point to. Folders
    /// nested deeper than 256 levels are left. Returns whether the folder is gone.
    @discardableResult
    package static func removeTree(_ folder: String) -> Bool {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return unlink(folder) == 0 || errno == ENOENT }
        emptyFolder(descriptor, depth: 0)
        return rmdir(folder) == 0
    }

    /// Removes what the open folder `descriptor` holds, and closes it.
    private static func emptyFolder(_ descriptor: Int32, depth: Int) {
        guard let directory = fdopendir(descriptor) else { close(descriptor); return }
        defer { closedir(directory) }
        var names: [[CChar]] = []
        while let entry = readdir(directory) {
            let pointer = entryName(entry)
            let name = Array(UnsafeBufferPointer(start: pointer, count: strlen(pointer)))
            if name != [46] && name != [46, 46] { names.append(name + [0]) }
        }
        for name in names {
            if unlinkat(descriptor, name, 0) == 0 { continue }
            guard errno == EISDIR, depth < 256 else { continue }
            let inner = openat(descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard inner >= 0 else { continue }
            emptyFolder(inner, depth: depth + 1)
            unlinkat(descriptor, name, AT_REMOVEDIR)
        }
    }

    /// Creates a directory and its missing parents (mode 0755).
    package static func createDirectories(_ path: String) throws(SystemError) {
        var current = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            current += "/" + component
            if mkdir(current, 0o755) != 0 && errno != EEXIST {
                throw SystemError(operation: "mkdir", path: current, code: errno)
            }
        }
    }

    /// The directory holding the running executable, from /proc/self/exe.
    package static func executableDirectory() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        let path = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        return directoryName(path)
    }

    /// The part of `path` before its last '/'.
    package static func directoryName(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The part of `path` after its last '/'.
    package static func baseName(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// `path` made absolute against the working directory (not resolving links).
    package static func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return path }
        let cwd = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        let trimmed = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
        return cwd == "/" ? "/" + trimmed : cwd + "/" + trimmed
    }
}

/// The process environment, read once into a dictionary.
public enum ProcessEnvironment {
    /// Every variable of the current process.
    public static func current() -> [String: String] {
        var result: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            let pair = String(cString: entry)
            if let equals = pair.firstIndex(of: "=") {
                result[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
            }
            pointer += 1
        }
        return result
    }
}

extension FileSystem {
    /// The canonical absolute path (links resolved), or nil if it does not exist.
    package static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

/// Files the tool writes for its user: written whole or not at all.
public enum OutputFile {
    /// A file that could not be written: which, and errno's reason.
    public struct Failure: Error, CustomStringConvertible {
        /// The file.
        public var path: String
        /// errno's text, or the refusal in words.
        public var reason: String
        public var description: String { "\(path): \(reason)" }

        /// A failure to write `path`, for `reason`.
        public init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }
    }

    /// Why `write` would fail at `path`, checked before the work that makes the bytes:
    /// a folder, a dangling link, a missing folder, no permission to create or replace
    /// the file; nil when it can be written.
    public static func cannotWrite(_ path: String) -> String? {
        var info = stat()
        var target = path
        if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
            // /dev/stdout leads to /proc/self/fd/1 and on to "pipe:[...]", which has no
            // path but is there: written through.
            guard let resolved = FileSystem.realPath(path) ?? (stat(path, &info) == 0 ? path : nil) else {
                return "a symbolic link to nothing; refused"
            }
            target = resolved
        }
        if stat(target, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFDIR: return "is a folder; name a file inside it"
            case S_IFREG where info.st_mode & 0o222 == 0:
                return "is read-only (mode \(String(info.st_mode & 0o777, radix: 8))); not replaced"
            case S_IFREG:
                // Replaced through a new file beside it: the folder must take one.
                let folder = FileSystem.directoryName(target)
                return access(folder, W_OK) == 0 ? nil : "cannot write in \(folder): \(String(cString: strerror(errno)))"
            case S_IFIFO, S_IFCHR:
                return access(target, W_OK) == 0 ? nil : String(cString: strerror(errno))
            default: return "not a file that can be written (a socket or a block device)"
            }
        }
        let folder = FileSystem.directoryName(target)
        var folderInfo = stat()
        guard stat(folder, &folderInfo) == 0 else { return "its folder \(folder) does not exist" }
        guard folderInfo.st_mode & S_IFMT == S_IFDIR else { return "\(folder) is not a folder" }
        return access(folder, W_OK) == 0 ? nil : "cannot write in \(folder): \(String(cString: strerror(errno)))"
    }

    /// Writes `bytes` to `path` as the user would expect of each kind of path:
    ///
    /// - a new or regular file: to a temporary file beside it, renamed over it, so readers
    ///   see the old file or the new one and a failure leaves the old one whole; an
    ///   existing file keeps its permissions;
    /// - a symbolic link: the file it points to is replaced that way, the link stays;
    /// - a FIFO or a character device (`/dev/null`, a terminal, `/dev/stdout`): written
    ///   through, the node left in place;
    /// - a folder, a socket, a block device, a dangling link, a read-only file: refused.
    public static func write(_ path: String, _ bytes: [UInt8]) throws(Failure) {
        let stream = try Stream(path)
        stream.write(bytes)
        try stream.finish()
    }
}

/// A JSON document (a scenario, a timeline) that cannot be used: where (a file, then a
/// JSON path) and why.
public struct JSONFormatError: Error, Equatable, CustomStringConvertible {
    /// The file and the JSON path, e.g. "flow.json: $.steps[2].to".
    public var path: String
    /// Why it cannot be used.
    public var reason: String

    /// Creates an error.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): \(reason)" }
}

extension JSONFormatError {
    /// Reads the JSON file at `path` (of at most `limit` bytes) and hands it to `read`;
    /// every error names the file first (errno's text or the refusal, "not JSON: ...", or
    /// the JSON path `read` reports).
    package static func reading<T>(_ path: String, limit: Int,
                                   _ read: (JSONValue) throws(JSONFormatError) -> T) throws(JSONFormatError) -> T {
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.read(path, limit: limit)
        } catch {
            throw JSONFormatError(path: path, reason: error.reason)
        }
        let json: JSONValue
        do {
            json = try JSONValue.parse(bytes: bytes)
        } catch {
            throw JSONFormatError(path: path, reason: "not JSON: \(error)")
        }
        do {
            return try read(json)
        } catch {
            throw JSONFormatError(path: "\(path): \(error.path)", reason: error.reason)
        }
    }
}
