import AnimatorSupport

/// Finds plugin libraries on a search path, loads and checks them, and builds a registry.
///
/// Every file is judged on its own: a broken library becomes a `LoadProblem` naming the
/// file and the reason, and the search goes on, so one bad plugin never hides the good
/// ones. A file that anybody but the user or root could have planted or changed (see
/// `PluginTrust`) is refused unless allowed.
public struct PluginLoader {
    /// Load plugins from files or folders writable by group or others.
    public var allowInsecure: Bool
    /// Where scans of unchanged libraries are remembered; nil to always load.
    public var cache: MetadataCache?
    /// How libraries the cache cannot answer for are examined.
    public var scanner: LibraryScanner

    /// Creates a loader.
    public init(allowInsecure: Bool = false, cache: MetadataCache? = nil, scanner: LibraryScanner = .inProcess) {
        self.allowInsecure = allowInsecure
        self.cache = cache
        self.scanner = scanner
    }

    /// A library file found on the path, in search order, and its scan once known.
    private struct Found {
        var path: String
        var status: FileStatus
        var scan: LibraryScan?
        var fromCache = false
    }

    /// Searches every folder of `searchPath` for `*.so` files and registers what they offer.
    ///
    /// - Returns: the registry: the animators in search order (the first of each id wins),
    ///   and every problem met on the way.
    public func discover(_ searchPath: PluginSearchPath) -> AnimatorRegistry {
        var registry = AnimatorRegistry(searchPath: searchPath)
        var visited: Set<String> = []
        var found: [Found] = []
        var trust = PluginTrust()
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
            listDirectory(directory, origin: entry.origin, into: &found, problems: &registry, trust: &trust)
        }
        scanAll(&found, trust: &trust)
        for library in found { registry.add(library.scan!, path: library.path, fromCache: library.fromCache) }
        cache?.save()
        return registry
    }

    /// Answers each library from the cache or the refusal rules, and has the scanner
    /// examine the rest together (one child for all of them when sandboxed).
    private func scanAll(_ found: inout [Found], trust: inout PluginTrust) {
        var pending: [Int] = []
        for index in found.indices {
            if !allowInsecure, let problem = trust.fileProblem(found[index].path) {
                found[index].scan = LibraryScan(animators: [], problems: [
                    "refused: \(problem), so anyone could have changed it (\(Self.advice(problem)), or pass --allow-insecure)",
                ])
            } else if let now = try? FileSystem.status(found[index].path), now != found[index].status {
                // Replaced while it was being judged: what was judged is not what is there.
                found[index].scan = LibraryScan(animators: [], problems: [
                    "refused: the file changed while it was being checked; run again to check the new one",
                ])
            } else if let cached = cache?.lookup(path: found[index].path, status: found[index].status) {
                found[index].scan = cached
                found[index].fromCache = true
            } else {
                pending.append(index)
            }
        }
        guard !pending.isEmpty else { return }
        // Each file is loaded only if it is still the version judged above.
        let scans = scanner.scan(pending.map { found[$0].path }, expecting: pending.map { FileIdentity(found[$0].status) })
        for (index, scan) in zip(pending, scans) {
            found[index].scan = scan
            cache?.record(path: found[index].path, status: found[index].status, scan: scan)
        }
    }

    private func listDirectory(_ directory: String, origin: PluginSearchPath.Origin,
                               into found: inout [Found], problems registry: inout AnimatorRegistry,
                               trust: inout PluginTrust) {
        let names: [String]
        do {
            guard try FileSystem.status(directory).isDirectory else {
                if origin.mustExist { registry.report(LoadProblem(path: directory, reason: "not a folder")) }
                return
            }
            var undecodable: [String] = []
            names = try FileSystem.contents(ofDirectory: directory, undecodable: { undecodable.append($0) })
                .filter { $0.hasSuffix(".so") }
            for shown in undecodable where shown.hasSuffix(".so") {
                registry.report(LoadProblem(path: directory + "/" + shown, reason:
                    "skipped: the file's name is not UTF-8 (shown with \\x escapes); rename it to load it"))
            }
            if !allowInsecure && !names.isEmpty, let problem = trust.folderProblem(directory) {
                registry.report(LoadProblem(path: directory, reason:
                    "refused: \(problem), so anyone could plant a plugin in it "
                    + "(\(Self.advice(problem)), or pass --allow-insecure); \(names.count) librar\(names.count == 1 ? "y" : "ies") skipped"))
                return
            }
        } catch {
            if origin.mustExist { registry.report(LoadProblem(path: directory, reason: "cannot be read: \(error.reason)")) }
            return
        }
        for name in names {
            let path = directory + "/" + name
            // Every *.so gets an answer: a link loop or a dangling link, a folder, a FIFO.
            let status: FileStatus
            do {
                status = try FileSystem.status(path)
            } catch {
                registry.report(LoadProblem(path: path, reason: "cannot be examined: \(error.reason)"))
                continue
            }
            guard status.isRegularFile else {
                registry.report(LoadProblem(path: path, reason: status.isDirectory ? "a folder, not a library; skipped"
                                            : "not a regular file; skipped"))
                continue
            }
            found.append(Found(path: path, status: status))
        }
    }

    /// Why the library file at `path` could not be trusted (anybody but the user or root
    /// could have planted or changed it: the file, or a folder up its real path, belongs to
    /// another user or is writable by group or others), with what to do; nil when it can.
    /// The checks `discover` makes, for tools that copy a library before loading the copy.
    public static func trustProblem(ofFile path: String) -> String? {
        var trust = PluginTrust()
        guard let problem = trust.fileProblem(FileSystem.absolute(path)) else { return nil }
        return "refused: \(problem), so anyone could have changed it (\(advice(problem)), or pass --allow-insecure)"
    }

    /// What to do about a trust problem.
    private static func advice(_ problem: String) -> String {
        problem.contains("writable") ? "chmod go-w it" : "chown it to you or root"
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
            if !status.isRegularFile {
                scanned = LibraryScan(animators: [], problems: ["not a regular file"])
            } else {
                var one = [Found(path: absolute, status: status)]
                var trust = PluginTrust()
                scanAll(&one, trust: &trust)
                scanned = one[0].scan!
                cache?.save()
            }
        } catch {
            scanned = LibraryScan(animators: [], problems: ["cannot be read: \(error.reason)"])
        }
        return (scanned.animators, scanned.problems.map { LoadProblem(path: absolute, reason: $0) })
    }
}
