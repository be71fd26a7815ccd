import AnimatorRendering
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
/// `"variants"` (at the top, or in a case) runs each case in each of a list of `--variant`
/// values: the case `zoom` with `["", "dark", "iphone-se,landscape"]` is the cases `zoom`,
/// `zoom@dark` and `zoom@iphone-se+landscape`, each with its own golden files.
///
/// Golden files live in `<folder of the manifest>/__snapshots__/<case name>/`. Pictures are
/// drawn with the built-in bitmap font unless `"font"` names a `.ttf` file inside the
/// manifest's folder: never with the machine's fonts, so that they are the same everywhere.
public struct SnapshotManifest: Sendable {
    /// The manifest file's path.
    public var path: String
    /// Its cases, in order.
    public var cases: [SnapshotCase]
    /// The font file pictures are drawn with (absolute), or nil for the built-in bitmap font.
    public var fontFile: String?

    /// The folder the manifest is in: relative paths in it (traces, scenarios) and the
    /// golden files are found from here.
    public var folder: String { FileSystem.directoryName(FileSystem.absolute(path)) }

    /// The folder of the golden files: `__snapshots__` beside the manifest.
    public var goldenFolder: String { folder + "/__snapshots__" }

    /// Creates a manifest from cases.
    public init(path: String, cases: [SnapshotCase], fontFile: String? = nil) {
        self.path = path
        self.cases = cases
        self.fontFile = fontFile
    }

    /// What `ANIMATOR_HOST_FONT_PATH` must say for this manifest's pictures: its font file,
    /// or `none`.
    public var fontSetting: String { fontFile ?? "none" }

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
        for (key, _) in members where !["tolerance", "cases", "font", "variants"].contains(key) {
            throw SnapshotError("\(path): $.\(key)", "unknown key (expected tolerance, cases, font, variants)")
        }
        let variants = try json["variants"].map { list throws(SnapshotError) in
            try SnapshotCase.variants(list, at: "\(path): $.variants")
        } ?? [""]
        var fontFile: String?
        if let font = json["font"] {
            fontFile = try Self.fontFile(font, manifest: path)
        }
        var tolerance = SnapshotTolerance()
        if let given = json["tolerance"] { tolerance = try tolerance.applying(given, at: "\(path): $.tolerance") }
        guard let list = json["cases"]?.arrayValue, !list.isEmpty else {
            throw SnapshotError("\(path): $.cases", "expected a non-empty array of cases")
        }
        var cases: [SnapshotCase] = []
        for (index, item) in list.enumerated() {
            let snapshotCase = try SnapshotCase.parse(item, at: "\(path): $.cases[\(index)]", tolerance: tolerance)
            // One case per variant: the case's own list, or the manifest's.
            for variantCase in snapshotCase.expanded(snapshotCase.variants ?? variants) {
                if cases.contains(where: { $0.name == variantCase.name }) {
                    throw SnapshotError("\(path): $.cases[\(index)].name", "'\(variantCase.name)' names two cases")
                }
                cases.append(variantCase)
            }
        }
        return SnapshotManifest(path: path, cases: cases, fontFile: fontFile)
    }

    /// Checks `"font"`: a `.ttf` file, named relative to the manifest, inside its folder
    /// (kept with the goldens, not taken from the machine), that reads as a font.
    private static func fontFile(_ value: JSONValue, manifest path: String) throws(SnapshotError) -> String {
        let at = "\(path): $.font"
        guard let name = value.stringValue, !name.isEmpty else {
            throw SnapshotError(at, "expected the name of a .ttf file beside the manifest")
        }
        guard name.lowercased().hasSuffix(".ttf") else { throw SnapshotError(at, "'\(name)' is not a .ttf file") }
        let folder = FileSystem.directoryName(FileSystem.absolute(path))
        let file = name.hasPrefix("/") ? name : folder + "/" + name
        guard FileSystem.staysInside(file, folder) else {
            throw SnapshotError(at, "'\(name)' is outside the manifest's folder \(folder): keep the font with the goldens")
        }
        do {
            _ = try TrueTypeFont(path: file)
        } catch {
            throw SnapshotError(at, error.reason)
        }
        return file
    }
}
