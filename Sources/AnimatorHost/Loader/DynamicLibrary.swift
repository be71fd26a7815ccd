import AnimatorSupport
import Glibc
import Synchronization

/// A shared library opened with `dlopen`. Never closed: libraries containing Swift cannot
/// be unloaded, and a plugin's code may still be referenced by the host.
struct DynamicLibrary {
    let handle: UnsafeMutableRawPointer
    /// The version of the file that was loaded.
    let file: FileIdentity

    /// Opens the file at `path` once, checks the opened file, and loads that same file
    /// (through /proc/self/fd), with RTLD_NOW | RTLD_LOCAL so unresolved symbols fail here
    /// and the plugin's symbols do not leak into other plugins. No rename or link flipped
    /// between the check and the load can make it load another file.
    ///
    /// - Parameter expected: the version the host checked (nil: any regular file).
    /// - Returns: the library.
    /// - Throws: the reason, in words (dlerror's text for a failed `dlopen`).
    static func open(_ path: String, expecting expected: FileIdentity?) throws(DynamicLibraryError) -> DynamicLibrary {
        let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw DynamicLibraryError(message: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        let status: FileStatus
        do {
            status = try FileSystem.status(descriptor: descriptor, path: path)
        } catch {
            throw DynamicLibraryError(message: error.reason)
        }
        guard status.isRegularFile else { throw DynamicLibraryError(message: "not a regular file") }
        let file = FileIdentity(status)
        if let expected, expected != file {
            throw DynamicLibraryError(message: "the file changed after it was checked (replaced or rewritten since); "
                                      + "not loaded, run again to check the new one")
        }
        // A Swift plugin needs Foundation (AnimatorKit brings it, as UIKit does): loaded
        // first with lazy binding, it costs a few milliseconds less than the immediate
        // binding the plugin gets below; the plugin's own symbols still resolve (or fail) there.
        if ELFDependencies.needed(descriptor: descriptor).contains("libFoundation.so") { _ = foundationPreloaded }
        _ = dlerror()
        let opened = descriptorPath(descriptor, spelling: loads.add(1, ordering: .relaxed).oldValue)
        guard let handle = dlopen(opened, RTLD_NOW | RTLD_LOCAL) else {
            var message = lastError() ?? "dlopen failed"
            // dlerror names what it opened: say the library's own path instead.
            if message.hasPrefix(opened + ": ") { message.removeFirst(opened.count + 2) }
            throw DynamicLibraryError(message: message)
        }
        return DynamicLibrary(handle: handle, file: file)
    }

    /// Foundation, loaded once per process with lazy binding (from the toolchain the host
    /// runs on, whose Swift runtime the plugins share); false when it is not there.
    private static let foundationPreloaded: Bool = dlopen("libFoundation.so", RTLD_LAZY | RTLD_LOCAL) != nil

    /// Libraries opened by this process so far: each gets a spelling of its own.
    private static let loads = Atomic<Int>(0)

    /// A path to the open file `descriptor` that no earlier load used. The dynamic linker
    /// takes a library whose name it has seen for the one it loaded under that name, and
    /// descriptor numbers are reused once closed; so load number `spelling` goes through
    /// /proc/self/fd/ followed by its binary digits, each 0 as "./" and each 1 as "../fd/"
    /// (both lead back to the same folder), then the descriptor: a different string for
    /// every load, the same file.
    static func descriptorPath(_ descriptor: Int32, spelling: Int) -> String {
        var path = "/proc/self/fd/"
        if spelling > 0 {
            for digit in String(spelling, radix: 2) { path += digit == "1" ? "../fd/" : "./" }
        }
        return path + String(descriptor)
    }

    /// The address of an exported symbol, or nil.
    func symbol(_ name: String) -> UnsafeMutableRawPointer? {
        _ = dlerror()
        return dlsym(handle, name)
    }

    private static func lastError() -> String? {
        guard let text = dlerror() else { return nil }
        return String(cString: text)
    }
}

/// Why a library could not be opened, in words.
struct DynamicLibraryError: Error {
    var message: String
}
