import AnimatorSupport

/// The animators found on a search path, in search order, and the problems met.
///
/// The first library on the path that offers an id owns it; a later one offering the same
/// id is reported as shadowed and not registered. Names are for convenience: a second
/// animator with a taken name is registered (reachable by its id) and reported.
public struct AnimatorRegistry {
    /// The path that was searched.
    public let searchPath: PluginSearchPath
    /// The registered animators, in search order.
    public private(set) var animators: [AnimatorInfo] = []
    /// Everything that could not be used, in the order met.
    public private(set) var problems: [LoadProblem] = []
    /// Library files examined.
    public private(set) var librariesExamined = 0
    /// Of those, how many were answered by the metadata cache instead of loaded.
    public private(set) var cacheHits = 0
    /// Positions in `animators` of each id and of the first animator of each name.
    private var positionByID: [String: Int] = [:]
    private var positionByName: [String: Int] = [:]

    /// Creates an empty registry for `searchPath`.
    public init(searchPath: PluginSearchPath) {
        self.searchPath = searchPath
    }

    /// Creates a registry of animators already found (a sandbox child is given the ones its
    /// host discovered), in order, with the first-id-wins rule.
    public init(searchPath: PluginSearchPath, animators: [AnimatorInfo]) {
        self.searchPath = searchPath
        for info in animators { add(LibraryScan(animators: [info], problems: []), path: info.path, fromCache: true) }
        librariesExamined = 0
        cacheHits = 0
    }

    /// Records a problem.
    public mutating func report(_ problem: LoadProblem) {
        problems.append(problem)
    }

    /// Registers a library's scan, applying the first-id-wins rule.
    mutating func add(_ scan: LibraryScan, path: String, fromCache: Bool) {
        librariesExamined += 1
        if fromCache { cacheHits += 1 }
        for reason in scan.problems {
            problems.append(LoadProblem(path: path, reason: reason))
        }
        for info in scan.animators {
            if let position = positionByID[info.id] {
                let owner = animators[position]
                problems.append(LoadProblem(path: path, reason:
                    "'\(info.id)' is shadowed by \(owner.path), which comes first on the search path; not loaded"))
                continue
            }
            if let position = positionByName[info.name] {
                let owner = animators[position]
                problems.append(LoadProblem(path: path, reason:
                    "the name '\(info.name)' of '\(info.id)' is also used by '\(owner.id)' (\(owner.path)); "
                    + "'\(info.name)' means the first, use the id for this one"))
            } else {
                positionByName[info.name] = animators.count
            }
            positionByID[info.id] = animators.count
            animators.append(info)
        }
    }

    /// The animator an id or a short name designates: an exact id first, then the first
    /// animator with that name. A library's path (with a slash, or ending in .so)
    /// designates the first animator that library offers.
    ///
    /// - Returns: the animator, or nil.
    public func animator(named query: String) -> AnimatorInfo? {
        if query.contains("/") || query.hasSuffix(".so") {
            let path = FileSystem.absolute(query)
            return animators.first { $0.path == path }
        }
        if let position = positionByID[query] ?? positionByName[query] { return animators[position] }
        // Regardless of case, when that names one animator ("Zoom", "ORG.ANIMATORHOST.ZOOM").
        let lowered = query.lowercased()
        let matches = animators.filter { $0.id.lowercased() == lowered || $0.name.lowercased() == lowered }
        return matches.count == 1 ? matches[0] : nil
    }

    /// " (did you mean 'zoom'?)" for a name that is no animator's, or "".
    public func suggestion(for query: String) -> String {
        Suggestion.hint(query, among: animators.map(\.name) + animators.map(\.id))
    }
}
