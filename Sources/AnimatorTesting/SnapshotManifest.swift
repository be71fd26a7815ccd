import AnimatorSupport

/// A list of snapshot cases, read from JSON (docs/testing.md):
///
/// ```json
/// { "tolerance": { "pixelThreshold": 8 },
///   "cases": [
///     { "name": "zoom-present", "animator": "zoom", "operation": "present",
///       "params": { "duration": 0.5 }, "keep": { "frames": [0, 0.25, "end"] } } ] }
/// ```
///
/// Golden files live in `<folder of the manifest>/__snapshots__/<case name>/`.
public struct SnapshotManifest: Sendable {
    /// The manifest file's path.
    public var path: String
    /// Its cases, in order.
    public var cases: [SnapshotCase]

    /// The folder the manifest is in: relative paths in it (traces, scenarios) and the
    /// golden files are found from here.
    public var folder: String { FileSystem.directoryName(FileSystem.absolute(path)) }

    /// The folder of the golden files: `__snapshots__` beside the manifest.
    public var goldenFolder: String { folder + "/__snapshots__" }

    /// Creates a manifest from cases.
    public init(path: String, cases: [SnapshotCase]) {
        self.path = path
        self.cases = cases
    }

    /// Reads and checks a manifest file.
    ///
    /// - Throws: `SnapshotError` naming the file and JSON path of the first problem.
    public static func load(path: String) throws(SnapshotError) -> SnapshotManifest {
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.read(path, limit: FileLimits.document)
        } catch {
            throw SnapshotError(path, error.reason)
        }
        let json: JSONValue
        do {
            json = try JSONValue.parse(bytes: bytes)
        } catch {
            throw SnapshotError(path, "is not JSON: \(error)")
        }
        return try parse(json, path: path)
    }

    /// Checks a manifest's JSON.
    ///
    /// - Throws: `SnapshotError` naming the file and JSON path of the first problem.
    public static func parse(_ json: JSONValue, path: String) throws(SnapshotError) -> SnapshotManifest {
        guard case .object(let members) = json else { throw SnapshotError(path, "a manifest is a JSON object with \"cases\"") }
        for (key, _) in members where !["tolerance", "cases"].contains(key) {
            throw SnapshotError("\(path): $.\(key)", "unknown key (expected tolerance, cases)")
        }
        var tolerance = SnapshotTolerance()
        if let given = json["tolerance"] { tolerance = try tolerance.applying(given, at: "\(path): $.tolerance") }
        guard let list = json["cases"]?.arrayValue, !list.isEmpty else {
            throw SnapshotError("\(path): $.cases", "expected a non-empty array of cases")
        }
        var cases: [SnapshotCase] = []
        for (index, item) in list.enumerated() {
            let snapshotCase = try SnapshotCase.parse(item, at: "\(path): $.cases[\(index)]", tolerance: tolerance)
            if cases.contains(where: { $0.name == snapshotCase.name }) {
                throw SnapshotError("\(path): $.cases[\(index)].name", "'\(snapshotCase.name)' names two cases")
            }
            cases.append(snapshotCase)
        }
        return SnapshotManifest(path: path, cases: cases)
    }
}
