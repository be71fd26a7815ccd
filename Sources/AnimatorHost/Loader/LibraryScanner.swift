import AnimatorSupport

/// How library files the metadata cache cannot answer for are examined: loaded into this
/// process, or in sandbox children so that a library that crashes, exits or hangs while
/// loading is reported instead of taking the host down.
public enum LibraryScanner: Sendable {
    /// Load each library into this process (`--in-process`; embedding tools, tests).
    case inProcess
    /// Load them in children of this sandbox.
    case sandboxed(PluginSandbox)

    /// The child mode that scans.
    public static let mode = "scan"
    /// The message kind of one library's scan.
    static let libraryKind: UInt8 = 1

    /// Examines each file (absolute paths of regular files) and says what it offers.
    ///
    /// A child that dies is replaced; the library it was examining (its call page says
    /// which, and at what stage) is refused with the reason, and the others are examined
    /// in a fresh child. When the page names none, the remaining files are examined one
    /// per child, so that the culprit is found. Many files are split between children
    /// running at once, one per core (`filesPerChild` at least each), since loading a
    /// library is mostly the kernel mapping it and the dynamic linker relocating it.
    ///
    /// - Parameter expected: for each path, the version of the file the host checked (nil
    ///   entries, or no array: any version); a file that changed since is not loaded.
    /// - Returns: one scan per path, in order.
    public func scan(_ paths: [String], expecting expected: [FileIdentity?] = []) -> [LibraryScan] {
        var versions: [String: FileIdentity] = [:]
        for (path, file) in zip(paths, expected) { versions[path] = file }
        switch self {
        case .inProcess:
            return paths.map { Self.scanHere($0, expecting: versions[$0], marker: nil) }
        case .sandboxed(let sandbox):
            let children = min(ProcessInfoShim.activeProcessorCount, paths.count / Self.filesPerChild)
            guard children > 1 else { return Self.scan(paths, versions: versions, in: sandbox) }
            // Child c examines files c, c + children, ...: libraries of one kind (a folder of
            // Swift libraries, each bringing the Swift runtime's larger libraries) are spread.
            let shares = Parallel.map(children, workers: children) { child, _ in
                Self.scan(Array(stride(from: child, to: paths.count, by: children).map { paths[$0] }),
                          versions: versions, in: sandbox)
            }
            return paths.indices.map { shares[$0 % children][$0 / children] }
        }
    }

    /// The fewest files a child of its own is started for: starting one costs about what
    /// examining this many small libraries does.
    static let filesPerChild = 24

    /// Scans one library in this process.
    static func scanHere(_ path: String, expecting expected: FileIdentity?, marker: PluginCallMarker?) -> LibraryScan {
        do {
            let library = try PluginLibrary.load(path, expecting: expected, marker: marker)
            return LibraryScan(animators: library.animators, problems: library.problems)
        } catch {
            return LibraryScan(animators: [], problems: [error.reason])
        }
    }

    private static func scan(_ paths: [String], versions: [String: FileIdentity],
                             in sandbox: PluginSandbox) -> [LibraryScan] {
        var results: [String: LibraryScan] = [:]
        var remaining = paths
        var onePerChild = false
        while !remaining.isEmpty {
            let batch = onePerChild ? [remaining[0]] : remaining
            let request = JSONValue.object([
                ("paths", .array(batch.map(JSONValue.string))),
                ("files", .array(batch.map { versions[$0].map { .string($0.text) } ?? .null })),
            ])
            let outcome: SandboxFailure?
            do {
                outcome = try sandbox.run(mode: mode, request: Array(request.serialized().utf8), onMessage: { message in
                    guard message.kind == libraryKind,
                          let document = try? JSONValue.parse(bytes: message.payload),
                          let path = document["path"]?.stringValue, batch.contains(path), results[path] == nil,
                          let animators = document["animators"]?.arrayValue,
                          let problems = document["problems"]?.arrayValue else {
                        throw BinaryReader.Malformed("a library scan that is not one")
                    }
                    let infos = animators.compactMap(AnimatorInfo.init(json:))
                    guard infos.count == animators.count, infos.allSatisfy({ $0.path == path }) else {
                        throw BinaryReader.Malformed("a library scan naming another file")
                    }
                    results[path] = LibraryScan(animators: infos, problems: problems.compactMap(\.stringValue))
                }, onOutput: sandbox.pluginOutput)
            } catch {
                // The sandbox cannot start children at all: say so for each library.
                for path in remaining where results[path] == nil {
                    results[path] = LibraryScan(animators: [], problems: ["not examined: \(error.message)"])
                }
                break
            }
            let unanswered = batch.filter { results[$0] == nil }
            if let failure = outcome {
                let mark = failure.subject
                if unanswered.contains(mark), failure.call?.isScanStage ?? false {
                    results[mark] = LibraryScan(animators: [], problems: [refusal(failure)])
                } else if batch.count == 1 {
                    results[batch[0]] = LibraryScan(animators: [], problems: [refusal(failure)])
                } else {
                    onePerChild = true
                }
            } else {
                // A child that finished without answering for a file broke the protocol.
                for path in unanswered {
                    results[path] = LibraryScan(animators: [], problems: ["refused: the examining process gave no answer for it"])
                }
            }
            remaining = remaining.filter { results[$0] == nil }
        }
        return paths.map { results[$0] ?? LibraryScan(animators: [], problems: ["not examined"]) }
    }

    private static func refusal(_ failure: SandboxFailure) -> String {
        "refused: it \(failure.what) \(failure.place) while being examined"
            + (failure.memoryNote.map { " (\($0))" } ?? "")
            + "; it stays refused until the file changes"
    }

    /// The child's work in scan mode: examines each path of the request in turn, sending
    /// one message per library.
    ///
    /// - Throws: `SandboxError` when the request is malformed or the host has gone.
    public static func childMain(_ child: SandboxChild) throws(SandboxError) {
        guard let document = try? JSONValue.parse(bytes: child.request),
              let paths = document["paths"]?.arrayValue?.compactMap(\.stringValue) else {
            throw SandboxError("a scan request without paths")
        }
        let files = document["files"]?.arrayValue ?? []
        for (index, path) in paths.enumerated() {
            let expected = index < files.count ? files[index].stringValue.flatMap(FileIdentity.init(text:)) : nil
            let scan = scanHere(path, expecting: expected, marker: child.marker)
            let reply = JSONValue.object([
                ("path", .string(path)),
                ("animators", .array(scan.animators.map(\.json))),
                ("problems", .array(scan.problems.map(JSONValue.string))),
            ])
            try child.send(kind: libraryKind, payload: Array(reply.serialized().utf8))
        }
        try child.finish()
    }
}
