import AnimatorABI
import Synchronization

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
    /// - Returns: the library, or the one-line reason it cannot be used.
    static func load(_ path: String) -> Result<PluginLibrary, LoadProblem> {
        let library: DynamicLibrary
        switch DynamicLibrary.open(path) {
        case .success(let opened): library = opened
        case .failure(let error):
            var message = error.message
            if message.hasPrefix(path + ": ") { message.removeFirst(path.count + 2) }
            return .failure(LoadProblem(path: path, reason: "cannot be loaded: \(message)"))
        }
        let key = UInt(bitPattern: library.handle)
        return loadedLibraries.withLock { loaded in
            if let existing = loaded[key] { return .success(existing) }
            let result = initialize(library, path: path)
            if case .success(let made) = result { loaded[key] = made }
            return result
        }
    }

    private static func initialize(_ library: DynamicLibrary, path: String) -> Result<PluginLibrary, LoadProblem> {
        func problem(_ reason: String) -> Result<PluginLibrary, LoadProblem> {
            .failure(LoadProblem(path: path, reason: reason))
        }
        guard let symbol = library.symbol(AH_ENTRY_SYMBOL) else {
            return problem("no entry point '\(AH_ENTRY_SYMBOL)' (not an animator-host plugin)")
        }
        let entryFunction = unsafeBitCast(symbol, to: ah_entry_function.self)
        guard let entry = entryFunction() else { return problem("\(AH_ENTRY_SYMBOL)() returned NULL") }
        let abi = ABIVersion(entry.pointee.abi)
        if let reason = DescriptorReader.versionProblem(abi, what: "library") { return problem(reason) }
        if Int(entry.pointee.struct_size) < MinimumSize.entry {
            return problem("entry struct is truncated (struct_size \(entry.pointee.struct_size), "
                + "ABI \(abi) needs at least \(MinimumSize.entry))")
        }
        let table = entry.pointee
        let required: [(String, Bool)] = [
            ("init", table.`init` != nil), ("animator_count", table.animator_count != nil),
            ("animator_descriptor", table.animator_descriptor != nil),
            ("create_animator", table.create_animator != nil),
        ]
        if let missing = required.first(where: { !$0.1 }) {
            return problem("entry is missing the required function '\(missing.0)'")
        }
        guard path.withCString({ table.`init`!($0) }) else { return problem("init() refused to load") }
        let count = table.animator_count!()
        if count == 0 { return problem("offers no animators (animator_count() returned 0)") }
        if count > animatorLimit {
            return problem("animator_count() returned \(count), more than the \(animatorLimit) allowed")
        }
        var animators: [AnimatorInfo] = []
        var problems: [String] = []
        for index in 0..<count {
            switch DescriptorReader.read(table.animator_descriptor!(index), index: index, path: path) {
            case .success(let info):
                if let first = animators.first(where: { $0.id == info.id }) {
                    problems.append("animator \(index): duplicate id '\(info.id)' (also animator \(first.index))")
                } else {
                    animators.append(info)
                }
            case .failure(let reason):
                problems.append(reason.reason)
            }
        }
        return .success(PluginLibrary(path: path, entry: entry, abi: abi, animators: animators, problems: problems))
    }
}

/// The plugin libraries this process has initialized, keyed by dlopen handle. It mirrors
/// dlopen's own process-wide table so that each library's `init` runs once, however many
/// registries load it.
private let loadedLibraries = Mutex<[UInt: PluginLibrary]>([:])
