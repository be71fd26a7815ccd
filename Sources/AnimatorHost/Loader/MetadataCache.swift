import AnimatorSupport

/// What scanning one library file found: its animators and its problems. This is what the
/// metadata cache stores, so `list` need not load unchanged libraries again.
public struct LibraryScan: Equatable, Sendable {
    /// The animators it offers.
    public var animators: [AnimatorInfo]
    /// One-line reasons, without the path. A library-level failure has no animators.
    public var problems: [String]

    /// A scan's findings.
    public init(animators: [AnimatorInfo], problems: [String]) {
        self.animators = animators
        self.problems = problems
    }
}

/// A cache of library scans keyed by path, size, modification time, inode and
/// status-change time (GStreamer's registry cache keys on the first three; a library
/// replaced by another of the same size and modification time still has another inode or
/// change time). A file that changed in any of these is scanned again. The cache is data,
/// never authority: an entry whose animators name another file is dropped.
///
/// The cache is one JSON file, rewritten atomically when it changed. A cache written by
/// another host version or ABI is ignored, as is an unreadable or malformed one. When it is
/// written, entries for files that are gone or have changed since they were scanned are left
/// out, so the cache holds what the folders hold, not every library ever seen (build folders
/// and temporary folders come and go).
public final class MetadataCache {
    /// The cache file.
    public let path: String
    private struct Key: Equatable {
        var size: Int64, modified: Int64, inode: UInt64, changed: Int64

        init(_ status: FileStatus) {
            (size, modified, inode, changed) = (status.size, status.modificationTime, status.inode, status.changeTime)
        }

        init(size: Int64, modified: Int64, inode: UInt64, changed: Int64) {
            (self.size, self.modified, self.inode, self.changed) = (size, modified, inode, changed)
        }
    }

    private var entries: [String: (key: Key, scan: LibraryScan)] = [:]
    private var isDirty = false
    /// 2: color defaults also as exact components (1 rounded them to 8 bits).
    /// 3: keyed by inode and change time too.
    private static let format = 3

    /// Opens the cache at `path`, reading what it holds (nothing, if it is missing or
    /// unreadable).
    public init(path: String) {
        self.path = path
        load()
    }

    /// The default location: `$XDG_CACHE_HOME/animator-host/plugins.json`, else
    /// `~/.cache/animator-host/plugins.json`; nil when neither variable is set.
    public static func defaultPath(environment: [String: String]) -> String? {
        if let base = environment["XDG_CACHE_HOME"], base.hasPrefix("/") {
            return base + "/animator-host/plugins.json"
        }
        if let home = environment["HOME"], !home.isEmpty {
            return home + "/.cache/animator-host/plugins.json"
        }
        return nil
    }

    /// The scan recorded for this exact file version, if any.
    func lookup(path: String, status: FileStatus) -> LibraryScan? {
        guard let entry = entries[path], entry.key == Key(status) else { return nil }
        return entry.scan
    }

    /// Records a fresh scan.
    func record(path: String, status: FileStatus, scan: LibraryScan) {
        entries[path] = (Key(status), scan)
        isDirty = true
    }

    /// Writes the cache if it changed, without the entries of files that are gone or changed.
    /// Failure to write only costs speed next time.
    func save() {
        guard isDirty else { return }
        entries = entries.filter { path, entry in
            (try? FileSystem.status(path)).map { Key($0) == entry.key } ?? false
        }
        let document = JSONValue.object([
            ("format", .number(Double(MetadataCache.format))),
            ("host", .string(HostInfo.version)),
            ("abi", .string(ABIVersion.host.description)),
            ("libraries", .array(entries.keys.sorted().map { key in
                let entry = entries[key]!
                return .object([
                    ("path", .string(key)),
                    ("size", .string(String(entry.key.size))),
                    ("mtime_ns", .string(String(entry.key.modified))),
                    ("inode", .string(String(entry.key.inode))),
                    ("ctime_ns", .string(String(entry.key.changed))),
                    ("animators", .array(entry.scan.animators.map(\.json))),
                    ("problems", .array(entry.scan.problems.map(JSONValue.string))),
                ])
            })),
        ])
        do {
            try FileSystem.createDirectories(FileSystem.directoryName(path))
            try FileSystem.writeAtomically(path, Array(document.serialized().utf8))
            isDirty = false
        } catch {
            // Not fatal: the next run scans again.
        }
    }

    private func load() {
        guard let bytes = try? FileSystem.read(path, limit: FileLimits.cache),
              let document = try? JSONValue.parse(bytes: bytes),
              document["format"]?.numberValue == Double(MetadataCache.format),
              document["host"]?.stringValue == HostInfo.version,
              document["abi"]?.stringValue == ABIVersion.host.description,
              let libraries = document["libraries"]?.arrayValue else { return }
        for library in libraries {
            // Numbers are kept as decimal strings: read back exactly, never converted from a
            // floating-point number that might not fit.
            guard let path = library["path"]?.stringValue,
                  let size = library["size"]?.stringValue.flatMap({ Int64($0) }),
                  let modified = library["mtime_ns"]?.stringValue.flatMap({ Int64($0) }),
                  let inode = library["inode"]?.stringValue.flatMap({ UInt64($0) }),
                  let changed = library["ctime_ns"]?.stringValue.flatMap({ Int64($0) }),
                  let animatorsJSON = library["animators"]?.arrayValue,
                  let problemsJSON = library["problems"]?.arrayValue else { continue }
            let animators = animatorsJSON.compactMap(AnimatorInfo.init(json:))
            // Every animator must come from the entry's own file, each index once, in order:
            // an entry that points elsewhere is never believed.
            let indices = animators.map(\.index)
            guard animators.count == animatorsJSON.count, animators.allSatisfy({ $0.path == path }),
                  zip(indices, indices.dropFirst()).allSatisfy({ $0 < $1 }) else { continue }
            entries[path] = (Key(size: size, modified: modified, inode: inode, changed: changed),
                             LibraryScan(animators: animators, problems: problemsJSON.compactMap(\.stringValue)))
        }
    }
}
