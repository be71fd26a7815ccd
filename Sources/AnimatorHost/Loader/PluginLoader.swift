/// Finds plugin libraries on a search path, loads and checks them, and builds a registry.
///
/// Every file is judged on its own: a broken library becomes a `LoadProblem` naming the
/// file and the reason, and the search goes on, so one bad plugin never hides the good
/// ones. Files or folders writable by group or others are refused unless allowed.
public struct PluginLoader {
    /// Load plugins from files or folders writable by group or others.
    public var allowInsecure: Bool
    /// Where scans of unchanged libraries are remembered; nil to always load.
    public var cache: MetadataCache?

    /// Creates a loader.
    public init(allowInsecure: Bool = false, cache: MetadataCache? = nil) {
        self.allowInsecure = allowInsecure
        self.cache = cache
    }

    /// Searches every folder of `searchPath` for `*.so` files and registers what they offer.
    ///
    /// - Returns: the registry: the animators in search order (the first of each id wins),
    ///   and every problem met on the way.
    public func discover(_ searchPath: PluginSearchPath) -> AnimatorRegistry {
        var registry = AnimatorRegistry(searchPath: searchPath)
        var visited: Set<String> = []
        for entry in searchPath.entries {
            // ANIMATOR_PLUGIN_PATH names absolute folders: an empty or relative entry would
            // load whatever the current folder holds, so it is refused.
            if entry.origin == .environment && !entry.directory.hasPrefix("/") {
                registry.report(LoadProblem(path: "ANIMATOR_PLUGIN_PATH", reason: entry.directory.isEmpty
                    ? "an empty entry (a doubled or trailing ':') is ignored: it would mean the current folder"
                    : "'\(entry.directory)' is relative and is ignored: it would depend on the current folder; give an absolute path"))
                continue
            }
            guard let directory = FileSystem.realPath(entry.directory) else {
                if entry.origin.mustExist {
                    registry.report(LoadProblem(path: entry.directory, reason: "no such folder (from \(entry.origin.rawValue))"))
                }
                continue
            }
            guard visited.insert(directory).inserted else { continue }
            scanDirectory(directory, origin: entry.origin, into: &registry)
        }
        cache?.save()
        return registry
    }

    private func scanDirectory(_ directory: String, origin: PluginSearchPath.Origin,
                               into registry: inout AnimatorRegistry) {
        let names: [String]
        do {
            guard try FileSystem.status(directory).isDirectory else {
                if origin.mustExist { registry.report(LoadProblem(path: directory, reason: "not a folder")) }
                return
            }
            names = try FileSystem.contents(ofDirectory: directory).filter { $0.hasSuffix(".so") }
            if try FileSystem.status(directory).isWritableByOthers && !allowInsecure && !names.isEmpty {
                registry.report(LoadProblem(path: directory, reason:
                    "refused: the folder is writable by group or others, so anyone could plant a plugin in it "
                    + "(chmod go-w it, or pass --allow-insecure); \(names.count) librar\(names.count == 1 ? "y" : "ies") skipped"))
                return
            }
        } catch {
            if origin.mustExist { registry.report(LoadProblem(path: directory, reason: "cannot be read: \(error.reason)")) }
            return
        }
        for name in names {
            let path = directory + "/" + name
            guard let status = try? FileSystem.status(path), status.isRegularFile else { continue }
            let (result, fromCache) = scanLibrary(path, status: status)
            registry.add(result, path: path, fromCache: fromCache)
        }
    }

    /// Checks and scans one library file, through the cache when it holds this version.
    ///
    /// - Parameter path: the file; made absolute.
    /// - Returns: what the file offers and its problems.
    public func scanFile(_ path: String) -> (animators: [AnimatorInfo], problems: [LoadProblem]) {
        let absolute = FileSystem.absolute(path)
        let scanned: LibraryScan
        do {
            let status = try FileSystem.status(absolute)
            let directory = FileSystem.directoryName(absolute)
            if !status.isRegularFile {
                scanned = LibraryScan(animators: [], problems: ["not a regular file"])
            } else if !allowInsecure, let folder = try? FileSystem.status(directory), folder.isWritableByOthers {
                scanned = LibraryScan(animators: [], problems: [
                    "refused: its folder \(directory) is writable by group or others (chmod go-w it, or pass --allow-insecure)",
                ])
            } else {
                scanned = scanLibrary(absolute, status: status).scan
            }
        } catch {
            scanned = LibraryScan(animators: [], problems: ["cannot be read: \(error.reason)"])
        }
        return (scanned.animators, scanned.problems.map { LoadProblem(path: absolute, reason: $0) })
    }

    private func scanLibrary(_ path: String, status: FileStatus) -> (scan: LibraryScan, fromCache: Bool) {
        if !allowInsecure && status.isWritableByOthers {
            return (LibraryScan(animators: [], problems: [
                "refused: the file is writable by group or others (chmod go-w it, or pass --allow-insecure)",
            ]), false)
        }
        if let cached = cache?.lookup(path: path, status: status) { return (cached, true) }
        let result: LibraryScan
        do {
            let library = try PluginLibrary.load(path)
            result = LibraryScan(animators: library.animators, problems: library.problems)
        } catch {
            result = LibraryScan(animators: [], problems: [error.reason])
        }
        cache?.record(path: path, status: status, scan: result)
        return (result, false)
    }
}
