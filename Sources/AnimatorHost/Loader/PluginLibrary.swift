import AnimatorABI
import Glibc

/// A plugin library loaded, checked and initialized in this process, with the animators
/// it offers. Immutable once made.
final class PluginLibrary: @unchecked Sendable {
    /// The file it was loaded from.
    let path: String
    /// Its entry struct, valid for the life of the process.
    let entry: UnsafePointer<ah_plugin_entry>
    /// The ABI it declares.
    let abi: ABIVersion
    /// The animators that passed every check.
    let animators: [AnimatorInfo]
    /// Why the others were refused (one line each, without the path).
    let problems: [String]

    private init(path: String, entry: UnsafePointer<ah_plugin_entry>, abi: ABIVersion,
                 animators: [AnimatorInfo], problems: [String]) {
        self.path = path
        self.entry = entry
        self.abi = abi
        self.animators = animators
        self.problems = problems
    }

    /// The most animators one library may offer; more is taken for garbage.
    static let animatorLimit: UInt32 = 1024

    /// Loads the library at `path` (an absolute path), or returns the one already loaded
    /// from the same file: `dlopen` is process-wide, and so is a library's one `init`.
    ///
    /// - Parameters:
    ///   - expected: the version of the file the host checked; another is not loaded.
    ///   - marker: where to say which plugin call runs (a sandbox's call page).
    /// - Returns: the library.
    /// - Throws: the one-line reason it cannot be used.
    static func load(_ path: String, expecting expected: FileIdentity? = nil,
                     marker: PluginCallMarker? = nil) throws(LoadProblem) -> PluginLibrary {
        let library: DynamicLibrary
        do {
            library = try PluginCallMarker.calling(marker, .constructor, path) { () throws(DynamicLibraryError) in
                try DynamicLibrary.open(path, expecting: expected)
            }
        } catch {
            throw LoadProblem(path: path, reason: "cannot be loaded: \(error.message)")
        }
        loadedLibraries.lock()
        defer { loadedLibraries.unlock() }
        if let existing = loadedLibraries.library(for: library.handle) { return existing }
        let made = try initialize(library, path: path, marker: marker)
        loadedLibraries.insert(made, for: library.handle)
        return made
    }

    private static func initialize(_ library: DynamicLibrary, path: String,
                                   marker: PluginCallMarker?) throws(LoadProblem) -> PluginLibrary {
        func problem(_ reason: String) -> LoadProblem {
            LoadProblem(path: path, reason: reason)
        }
        guard let symbol = library.symbol(AH_ENTRY_SYMBOL) else {
            throw problem("no entry point '\(AH_ENTRY_SYMBOL)' (not an animator-host plugin)")
        }
        let entryFunction = unsafeBitCast(symbol, to: ah_entry_function.self)
        guard let entry = PluginCallMarker.calling(marker, .entry, path, { entryFunction() }) else { throw problem("\(AH_ENTRY_SYMBOL)() returned NULL") }
        let abi = ABIVersion(entry.pointee.abi)
        if let reason = DescriptorReader.versionProblem(abi, what: "library") { throw problem(reason) }
        if Int(entry.pointee.struct_size) < MinimumSize.entry {
            throw problem("entry struct is truncated (struct_size \(entry.pointee.struct_size), "
                + "ABI \(abi) needs at least \(MinimumSize.entry))")
        }
        let table = entry.pointee
        let required: [(String, Bool)] = [
            ("init", table.`init` != nil), ("animator_count", table.animator_count != nil),
            ("animator_descriptor", table.animator_descriptor != nil),
            ("create_animator", table.create_animator != nil),
        ]
        if let missing = required.first(where: { !$0.1 }) {
            throw problem("entry is missing the required function '\(missing.0)'")
        }
        guard PluginCallMarker.calling(marker, .initialize, path, { path.withCString { table.`init`!($0) } }) else { throw problem("init() refused to load") }
        let count = PluginCallMarker.calling(marker, .count, path) { table.animator_count!() }
        if count == 0 { throw problem("offers no animators (animator_count() returned 0)") }
        if count > animatorLimit {
            throw problem("animator_count() returned \(count), more than the \(animatorLimit) allowed")
        }
        var animators: [AnimatorInfo] = []
        var problems: [String] = []
        for index in 0..<count {
            do {
                let descriptor = PluginCallMarker.calling(marker, .descriptor, path) { table.animator_descriptor!(index) }
                var info = try PluginCallMarker.calling(marker, .descriptor, path) { () throws(Refusal) in
                    try DescriptorReader.read(descriptor, index: index, path: path)
                }
                info.file = library.file
                if let first = animators.first(where: { $0.id == info.id }) {
                    problems.append("animator \(index): duplicate id '\(info.id)' (also animator \(first.index))")
                } else {
                    animators.append(info)
                }
            } catch {
                problems.append(error.reason)
            }
        }
        return PluginLibrary(path: path, entry: entry, abi: abi, animators: animators, problems: problems)
    }
}

/// The plugin libraries this process has initialized, keyed by dlopen handle. It mirrors
/// dlopen's own process-wide table so that each library's `init` runs once, however many
/// registries load it.
private let loadedLibraries = LoadedLibraries()

/// A locked list of (dlopen handle, library). A plain pthread mutex and arrays: this runs
/// once per library load, and avoids generic metadata the Swift runtime would instantiate
/// on first use.
private final class LoadedLibraries: @unchecked Sendable {
    private var mutex = pthread_mutex_t()
    private var handles: [UnsafeMutableRawPointer] = []
    private var libraries: [PluginLibrary] = []

    init() {
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
        pthread_mutex_init(&mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
    }

    func lock() { pthread_mutex_lock(&mutex) }
    func unlock() { pthread_mutex_unlock(&mutex) }

    /// The library loaded under `handle` (caller holds the lock).
    func library(for handle: UnsafeMutableRawPointer) -> PluginLibrary? {
        handles.lastIndex(of: handle).map { libraries[$0] }
    }

    /// Records a library (caller holds the lock).
    func insert(_ library: PluginLibrary, for handle: UnsafeMutableRawPointer) {
        handles.append(handle)
        libraries.append(library)
    }
}
