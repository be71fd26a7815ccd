import AnimatorSupport
import Glibc

/// What `watch` watches: a Swift package (built with `swift build`), a folder with a
/// Makefile (built with `make`), or a library file built by something else.
struct WatchTarget {
    /// How the library is made.
    enum Kind: Equatable {
        /// Package.swift: `swift build`; libraries in .build/debug.
        case swiftPackage
        /// A Makefile: `make`; libraries in the folder.
        case makefile
        /// A library file: nothing to build; it is re-run when it changes.
        case library
    }

    var kind: Kind
    /// The package folder, or the library's path.
    var path: String
    /// `--library NAME`: which of several libraries the build makes (file name or product).
    var libraryName: String?

    /// Reads `argument`: a folder with Package.swift or a Makefile, or a .so file.
    ///
    /// - Throws: a one-line reason naming the path.
    init(_ argument: String, libraryName: String?) throws(WatchError) {
        var path = FileSystem.absolute(argument)
        // "." and "dir/" name the folder itself.
        while path.count > 1 && (path.hasSuffix("/.") || path.hasSuffix("/")) {
            path = path.hasSuffix("/.") ? String(path.dropLast(2)) : String(path.dropLast())
        }
        if path.isEmpty { path = "/" }
        guard let status = try? FileSystem.status(path) else {
            throw WatchError("\(argument.oneLine): no such file or folder")
        }
        self.path = path
        self.libraryName = libraryName
        if status.isDirectory {
            if (try? FileSystem.status(path + "/Package.swift")) != nil {
                kind = .swiftPackage
            } else if (try? FileSystem.status(path + "/Makefile")) != nil {
                kind = .makefile
            } else {
                throw WatchError("\(argument.oneLine): a folder without Package.swift or a Makefile (give a package, a folder with a Makefile, or a library .so)")
            }
        } else if status.isRegularFile {
            kind = .library
        } else {
            throw WatchError("\(argument.oneLine): not a folder or a library file")
        }
    }

    /// The build command, or nil for a library.
    var buildCommand: Subprocess? {
        switch kind {
        case .swiftPackage: return Subprocess(executable: "swift", arguments: ["build"], directory: path)
        case .makefile: return Subprocess(executable: "make", arguments: [], directory: path)
        case .library: return nil
        }
    }

    /// The command as the user would type it, for messages.
    var buildCommandText: String {
        switch kind {
        case .swiftPackage: return "swift build"
        case .makefile: return "make"
        case .library: return ""
        }
    }

    /// Where the built libraries are.
    private var libraryFolder: String {
        switch kind {
        case .swiftPackage: return path + "/.build/debug"
        case .makefile: return path
        case .library: return FileSystem.directoryName(path)
        }
    }

    /// The library to run: the file itself, or the one library the build made (the one
    /// `--library` names when there are several).
    ///
    /// - Throws: why there is none, or which to choose from.
    func library() throws(WatchError) -> String {
        if kind == .library { return path }
        let names = ((try? FileSystem.contents(ofDirectory: libraryFolder)) ?? []).filter { $0.hasSuffix(".so") }
        if let wanted = libraryName {
            let candidates = [wanted, "lib\(wanted).so", "\(wanted).so"]
            guard let name = names.first(where: { candidates.contains($0) }) else {
                throw WatchError("--library \(wanted.oneLine): the build made no such library in \(libraryFolder.oneLine)"
                                 + (names.isEmpty ? "" : " (it made \(names.joined(separator: ", ")))"))
            }
            return libraryFolder + "/" + name
        }
        switch names.count {
        case 0: throw WatchError("the build made no library (.so) in \(libraryFolder.oneLine)")
        case 1: return libraryFolder + "/" + names[0]
        default:
            throw WatchError("the build made several libraries (\(names.joined(separator: ", "))); choose one with --library NAME")
        }
    }

    /// The kinds of file animator-host writes (`run --out`, `render`, `compare`, `watch`'s
    /// page), which never hold an animator's source: writing one into the folder is no edit.
    static let outputKinds = [".gif", ".apng", ".html", ".htm", ".mp4", ".webm"]

    /// The sources a change to which means a build: every file under the folder except
    /// hidden ones, build products (.build, .so, .o, .a, .d), what animator-host writes
    /// (`outputKinds`, snapshot reports and goldens, and those files while they are being
    /// written). Names, sizes and modification times.
    func sourceStamp() -> [String: Int64] {
        guard kind != .library else { return [:] }
        var stamp: [String: Int64] = [:]
        var folders = [path]
        var visited = 0
        while let folder = folders.popLast(), visited < 20_000 {
            visited += 1
            for name in (try? FileSystem.contents(ofDirectory: folder)) ?? [] {
                if name.hasPrefix(".") || name == "snapshot-report" || name == "__snapshots__" { continue }
                // A file being written atomically is "NAME.tmp-XXXXXX" until it is renamed to NAME.
                let written = Self.nameBeingWritten(name)
                if ([".so", ".o", ".a", ".d"] + Self.outputKinds).contains(where: { written.lowercased().hasSuffix($0) }) { continue }
                let full = folder + "/" + name
                guard let status = try? FileSystem.status(full) else { continue }
                if status.isDirectory {
                    folders.append(full)
                } else if status.isRegularFile {
                    stamp[full] = status.modificationTime &+ status.size &* 31
                }
            }
        }
        return stamp
    }

    /// The name a file will have once written: "zoom.gif" for "zoom.gif.tmp-a1B2c3" (what
    /// an atomic write makes beside its target), the name itself otherwise.
    static func nameBeingWritten(_ name: String) -> String {
        let marker = Array(".tmp-".utf8), bytes = Array(name.utf8)
        guard bytes.count > marker.count else { return name }
        for start in stride(from: bytes.count - marker.count, through: 1, by: -1)
        where Array(bytes[start..<(start + marker.count)]) == marker {
            return String(decoding: bytes[..<start], as: UTF8.self)
        }
        return name
    }

    /// What identifies one version of a library file: nil when it is missing.
    static func libraryStamp(_ path: String) -> FileStatus? {
        try? FileSystem.status(path)
    }
}

/// A `watch` problem in one line.
struct WatchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
