import Glibc

/// A shared library opened with `dlopen`. Never closed: libraries containing Swift cannot
/// be unloaded, and a plugin's code may still be referenced by the host.
struct DynamicLibrary {
    let handle: UnsafeMutableRawPointer

    /// Opens `path` with RTLD_NOW | RTLD_LOCAL, so unresolved symbols fail here and the
    /// plugin's symbols do not leak into other plugins.
    ///
    /// - Returns: the library.
    /// - Throws: dlerror's text.
    static func open(_ path: String) throws(DynamicLibraryError) -> DynamicLibrary {
        _ = dlerror()
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
            throw DynamicLibraryError(message: lastError() ?? "dlopen failed")
        }
        return DynamicLibrary(handle: handle)
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

/// dlerror's text for a failed `dlopen`.
struct DynamicLibraryError: Error {
    var message: String
}
