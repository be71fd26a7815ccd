import AnimatorEngine
import AnimatorSupport
import Glibc
import Synchronization

/// The fonts text is drawn with: one sans-serif family's regular, semibold and bold
/// faces, found in fontconfig's folders. Families are tried in order (Inter, closest to
/// the iOS system font; Liberation Sans, with Helvetica's metrics; DejaVu Sans; Noto
/// Sans), each face by its file name and checked by reading it. A missing semibold face
/// is drawn with the bold one, a missing bold with the regular one. When no family is
/// found, `regular` is nil and the renderers use their bitmap font.
///
/// `ANIMATOR_HOST_FONT_PATH` (folders, colon-separated) replaces the folders searched;
/// an entry that is a `.ttf` file is used for every weight; set to `none` it turns fonts
/// off (the bitmap font everywhere). `snapshot` sets it to the manifest's font, so that
/// its pictures are drawn the same on every machine.
public final class FontLibrary: Sendable {
    /// The faces, by weight (nil: not found).
    public let faces: [LayerText.Weight: TrueTypeFont]
    /// The family's name as its regular face states it, or nil.
    public let familyName: String?
    /// The files the faces were read from, by weight.
    public let files: [LayerText.Weight: String]
    /// Fonts that were found but could not be used: path and reason.
    public let problems: [String]

    /// The library the renderers use: the folders (or file) of `ANIMATOR_HOST_FONT_PATH`,
    /// or fontconfig's standard ones, as the environment says now. Each search is made once
    /// per process.
    public static var system: FontLibrary {
        var environment: [String: String] = [:]
        for name in [pathVariable, "HOME", "XDG_DATA_HOME"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        let directories = searchDirectories(environment)
        return searched.withLock { libraries in
            if let known = libraries[directories] { return known }
            let library = FontLibrary(directories: directories)
            libraries[directories] = library
            return library
        }
    }

    /// The libraries found so far, by the entries searched.
    private static let searched = Mutex<[[String]: FontLibrary]>([:])

    /// The environment variable naming the font folders or file (`none`: no fonts).
    public static let pathVariable = "ANIMATOR_HOST_FONT_PATH"

    /// The folders searched for an environment: `ANIMATOR_HOST_FONT_PATH`'s, or
    /// /usr/share/fonts, /usr/local/share/fonts, ~/.local/share/fonts and ~/.fonts.
    public static func searchDirectories(_ environment: [String: String]) -> [String] {
        if let list = environment[pathVariable] {
            if list == "none" { return [] }
            return list.split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
        }
        var directories = ["/usr/share/fonts", "/usr/local/share/fonts"]
        if let home = environment["HOME"], home.hasPrefix("/") {
            directories += [home + "/.local/share/fonts", home + "/.fonts"]
        }
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") { directories.append(data + "/fonts") }
        return directories
    }

    /// The families tried, in order: the file-name stem of each weight's face.
    static let families: [(name: String, regular: [String], semibold: [String], bold: [String])] = [
        ("Inter", ["Inter-Regular"], ["Inter-SemiBold"], ["Inter-Bold"]),
        ("Liberation Sans", ["LiberationSans-Regular"], [], ["LiberationSans-Bold"]),
        ("DejaVu Sans", ["DejaVuSans"], [], ["DejaVuSans-Bold"]),
        ("Noto Sans", ["NotoSans-Regular"], ["NotoSans-SemiBold"], ["NotoSans-Bold"]),
        ("FreeSans", ["FreeSans"], [], ["FreeSansBold"]),
    ]

    /// A library with no fonts: the bitmap font everywhere.
    public static let none = FontLibrary(faces: [:], files: [:], problems: [])

    private init(faces: [LayerText.Weight: TrueTypeFont], files: [LayerText.Weight: String], problems: [String]) {
        self.faces = faces
        self.files = files
        self.problems = problems
        familyName = faces[.regular]?.familyName
    }

    /// Searches `directories` (and their subfolders, four levels deep) for the first
    /// family of `families` whose regular face reads. An entry that is a `.ttf` file is
    /// that font for every weight, and ends the search.
    public convenience init(directories: [String]) {
        var problems: [String] = []
        for entry in directories where entry.lowercased().hasSuffix(".ttf") {
            guard (try? FileSystem.status(entry))?.isDirectory == false else { continue }
            do {
                try self.init(regular: entry)
                return
            } catch {
                problems.append(error.reason)
            }
        }
        var found: [String: String] = [:]        // file stem → path, first found wins
        var walk = FontWalk()
        for directory in directories { Self.collect(directory, depth: 0, into: &found, walk: &walk) }
        for family in Self.families {
            func load(_ stems: [String]) -> (TrueTypeFont, String)? {
                for stem in stems {
                    guard let path = found[stem] else { continue }
                    do { return (try TrueTypeFont(path: path), path) } catch { problems.append(error.reason) }
                }
                return nil
            }
            guard let regular = load(family.regular) else { continue }
            var faces: [LayerText.Weight: TrueTypeFont] = [.regular: regular.0]
            var files: [LayerText.Weight: String] = [.regular: regular.1]
            let bold = load(family.bold)
            let semibold = load(family.semibold) ?? bold
            faces[.bold] = bold?.0 ?? regular.0
            files[.bold] = bold?.1 ?? regular.1
            faces[.semibold] = semibold?.0 ?? faces[.bold]
            files[.semibold] = semibold?.1 ?? files[.bold]
            self.init(faces: faces, files: files, problems: problems)
            return
        }
        self.init(faces: [:], files: [:], problems: problems)
    }

    /// Creates a library from font files: a regular face, and optionally bold and semibold.
    ///
    /// - Throws: `TrueTypeFont.FormatError` for a file that cannot be read.
    public convenience init(regular: String, semibold: String? = nil,
                            bold: String? = nil) throws(TrueTypeFont.FormatError) {
        let regularFace = try TrueTypeFont(path: regular)
        let boldFace = try bold.map { path throws(TrueTypeFont.FormatError) in try TrueTypeFont(path: path) }
        let semiboldFace = try semibold.map { path throws(TrueTypeFont.FormatError) in try TrueTypeFont(path: path) }
        self.init(faces: [.regular: regularFace, .bold: boldFace ?? regularFace,
                          .semibold: semiboldFace ?? boldFace ?? regularFace],
                  files: [.regular: regular, .bold: bold ?? regular, .semibold: semibold ?? bold ?? regular],
                  problems: [])
    }

    /// The face for a weight, or nil when the library has no fonts.
    public func face(_ weight: LayerText.Weight) -> TrueTypeFont? { faces[weight] ?? faces[.regular] }

    /// Adds every `.ttf` file below `directory` to `found` by its stem, within the walk's
    /// budget: four levels deep, 50,000 names looked at in all, each folder once (links
    /// may lead back), never into /proc or /sys.
    private static func collect(_ directory: String, depth: Int, into found: inout [String: String],
                                walk: inout FontWalk) {
        guard depth <= 4, walk.namesLeft > 0, !FileSystem.isPseudoFileSystem(directory),
              let real = FileSystem.realPath(directory), walk.folders.insert(real).inserted,
              let names = try? FileSystem.contents(ofDirectory: directory) else { return }
        for name in names {
            walk.namesLeft -= 1
            if walk.namesLeft <= 0 { return }
            let path = directory + "/" + name
            if name.lowercased().hasSuffix(".ttf") {
                let stem = String(name.dropLast(4))
                if found[stem] == nil { found[stem] = path }
            } else if !name.hasPrefix("."), (try? FileSystem.status(path))?.isDirectory == true {
                collect(path, depth: depth + 1, into: &found, walk: &walk)
            }
        }
    }
}

/// What the font search has left to look at, and the folders it has seen.
private struct FontWalk {
    var namesLeft = 50_000
    var folders: Set<String> = []
}
