import AnimatorHost
import AnimatorSupport
import Glibc

/// `animator-host install`: copies this executable and the animators bundled beside it
/// under a prefix, where they find each other.
enum InstallCommand: Command {
    static let name = "install"
    static let summary = "Install this animator-host and its bundled animators under a prefix (default ~/.local)."
    static let usage = "animator-host install [--prefix DIR]"
    static let options: [OptionSpec] = [
        .value("--prefix", valueName: "DIR", help: "Install into DIR/bin and DIR/lib/animator-host/plugins (default ~/.local)."),
    ]
    static let discussion = """
        Copies the running executable to PREFIX/bin/animator-host and every animator library
        beside it (the bundled ones a build makes) to PREFIX/lib/animator-host/plugins, which
        an executable in PREFIX/bin searches. Install a release build: a debug build renders
        up to twice as slowly (swift build -c release && .build/release/animator-host install).
        Files are replaced whole; a file that cannot be written is one line, exit 1. The
        installed libraries are examined once (in a child process, as list does) so that the
        metadata cache answers for them and the first list starts no child.
        """

    static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> Int32 {
        guard arguments.positionals.isEmpty else {
            throw UsageError("install takes no arguments (got '\(arguments.positionals[0])')")
        }
        let environment = ProcessEnvironment.current()
        let prefix: String
        if let given = arguments.value("--prefix") {
            guard !given.isEmpty else { throw UsageError("--prefix: an empty folder name") }
            prefix = FileSystem.absolute(given)
        } else {
            guard let home = environment["HOME"], home.hasPrefix("/") else {
                throw UsageError("HOME is not set to an absolute folder: give --prefix DIR")
            }
            prefix = home + "/.local"
        }
        guard let executable = PluginSandbox.runningExecutable(), let folder = PluginSearchPath.runningExecutableDirectory() else {
            console.error("animator-host install: cannot find the running executable (/proc/self/exe)")
            return 1
        }
        // The libraries beside the executable that offer animators (never loaded here:
        // only their files are copied).
        let names = (try? FileSystem.contents(ofDirectory: folder)) ?? []
        let libraries = names.filter { $0.hasSuffix(".so") }.sorted()
        let bin = prefix + "/bin", plugins = prefix + "/lib/animator-host/plugins"
        do {
            try FileSystem.createDirectories(bin)
            try FileSystem.createDirectories(plugins)
            try FileSystem.writeAtomically(bin + "/animator-host", try FileSystem.read(executable, limit: FileLimits.program), mode: 0o755)
            for library in libraries {
                try FileSystem.writeAtomically(plugins + "/" + library, try FileSystem.read(folder + "/" + library, limit: FileLimits.program), mode: 0o644)
            }
        } catch {
            console.error("animator-host install: \("\(error)".oneLine)")
            return 1
        }
        console.out("installed \(bin.oneLine)/animator-host")
        console.out("installed \(libraries.count) animator librar\(libraries.count == 1 ? "y" : "ies") in \(plugins.oneLine)"
                    + (libraries.isEmpty ? "" : ": " + libraries.joined(separator: ", ").oneLine))
        warmCache(plugins, environment: environment)
        #if DEBUG
        console.out("note: this is a debug build; renders are up to a third faster from a release build "
                    + "(swift build -c release && .build/release/animator-host install)")
        #endif
        let path = (environment["PATH"] ?? "").split(separator: ":").map(String.init)
        if !path.contains(bin) {
            console.out("note: \(bin.oneLine) is not on PATH; add it: export PATH=\"\(bin.oneLine):$PATH\"")
        }
        return 0
    }

    /// Examines the installed libraries once, in a child as `list` does, so that their
    /// metadata is in the cache and the installed executable's first `list` starts no child.
    /// A library that cannot be examined is left for `list` to report.
    private static func warmCache(_ plugins: String, environment: [String: String]) {
        guard let path = MetadataCache.defaultPath(environment: environment),
              let executable = PluginSandbox.runningExecutable() else { return }
        let loader = PluginLoader(cache: MetadataCache(path: path),
                                  scanner: .sandboxed(PluginSandbox(executable: executable)))
        _ = loader.discover(PluginSearchPath(entries: [.init(directory: plugins, origin: .installed)]))
    }
}
