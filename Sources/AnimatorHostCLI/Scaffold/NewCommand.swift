import AnimatorHost
import AnimatorSupport
import Glibc

/// `animator-host new NAME`: a plugin package to start from, that builds and runs with one
/// command.
enum NewCommand: Command {
    static let name = "new"
    static let summary = "Make a new animator plugin package (Swift or C) that builds and runs with one command."
    static let usage = "animator-host new NAME [--lang swift|c] [--dir DIR] [--host DIR]"
    static let options: [OptionSpec] = [
        .value("--lang", valueName: "swift|c", help: "The language (default swift)."),
        .value("--dir", valueName: "DIR", help: "Where to make it (default ./NAME); a new or empty folder."),
        .value("--host", valueName: "DIR",
               help: "The animator-host package the plugin builds against (default: the one this executable was built from)."),
    ]
    static let discussion = """
        Swift: Package.swift (a dynamic library linking AnimatorKit, exporting only the entry
        symbol), the animator in Sources/NAME/NAMEAnimator.swift, its registration in
        Registration.swift, and a test using AnimatorTesting (a presentation value and a
        snapshot). C: NAME.c against the ABI headers and a Makefile (make run, make
        validate). NAME: letters, digits, '-' and '_', starting with a letter; the id is
        com.example.NAME, the Swift type NAME in UpperCamelCase. The command to build and
        play it is printed at the end.
        """

    static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> Int32 {
        guard arguments.positionals.count == 1, let name = arguments.positionals.first else {
            throw UsageError(arguments.positionals.isEmpty ? "new needs a name for the animator"
                             : "new takes one name (got \(arguments.positionals.count))")
        }
        guard let first = name.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic, name.count <= 64,
              name.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_") }) else {
            throw UsageError("'\(name.oneLine)' is not a name (letters, digits, '-' and '_', starting with a letter)")
        }
        let language = (arguments.value("--lang") ?? "swift").lowercased()
        guard ["swift", "c"].contains(language) else {
            throw UsageError("--lang: '\(language.oneLine)' is not swift or c" + Suggestion.hint(language, among: ["swift", "c"]))
        }
        let folder = FileSystem.absolute(arguments.value("--dir") ?? name)
        if let entries = try? FileSystem.contents(ofDirectory: folder), !entries.isEmpty {
            console.error("animator-host new: \(folder.oneLine) is not empty; choose a new folder with --dir")
            return 1
        }
        guard let host = arguments.value("--host").map(FileSystem.absolute) ?? sourcePackage(),
              (try? FileSystem.status(host + "/Sources/AnimatorABI/include/animator_host.h")) != nil else {
            console.error("animator-host new: cannot find the animator-host package this executable was built from; "
                          + "give --host DIR (a checkout of animator-host)")
            return 1
        }
        let type = typeName(name)
        let executable = PluginSandbox.runningExecutable() ?? "animator-host"
        let values = ["{{NAME}}": name, "{{ID}}": "com.example." + name.lowercased().replacing("_", with: "-"),
                      "{{TYPE}}": type, "{{HOST}}": host, "{{HOSTID}}": FileSystem.baseName(host).lowercased(),
                      "{{EXECUTABLE}}": executable]
        func fill(_ text: String) -> String {
            values.reduce(text) { $0.replacing($1.key, with: $1.value) }
        }
        let files = language == "swift" ? ScaffoldTemplates.swift : ScaffoldTemplates.c
        do {
            for file in files {
                let path = folder + "/" + fill(file.path)
                try FileSystem.createDirectories(FileSystem.directoryName(path))
                try FileSystem.writeAtomically(path, Array(fill(file.text).utf8))
            }
        } catch {
            console.error("animator-host new: \("\(error)".oneLine)")
            return 1
        }
        console.out("made \(language == "swift" ? "a Swift" : "a C") animator '\(name)' in \(folder.oneLine)")
        let place = shellQuoted(folder).oneLine
        if language == "swift" {
            console.out("build and play it:")
            console.out("  cd \(place) && swift build && \(shellQuoted(executable).oneLine) play \(name) --operation present "
                        + "--plugin-path .build/debug")
            console.out("test it: swift build && swift test")
        } else {
            console.out("build and play it:")
            console.out("  cd \(place) && make run")
        }
        return 0
    }

    /// A path as a shell word: as it is when it holds only safe characters, else in single
    /// quotes.
    static func shellQuoted(_ path: String) -> String {
        let safe = path.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)
            || "/._-+:@,".unicodeScalars.contains($0)) }
        return safe ? path : "'" + path.replacing("'", with: "'\\''") + "'"
    }

    /// "flip-card" → "FlipCard".
    static func typeName(_ name: String) -> String {
        name.split(whereSeparator: { $0 == "-" || $0 == "_" })
            .map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// The package this executable was built from: three folders up from this source file,
    /// when it is still there.
    static func sourcePackage() -> String? {
        var path = #filePath
        for _ in 0..<4 { path = FileSystem.directoryName(path) }
        return (try? FileSystem.status(path + "/Package.swift")) != nil ? path : nil
    }
}
