import AnimatorSupport

/// The folders searched for plugin libraries, in order: the first id found wins.
public struct PluginSearchPath: Equatable, Sendable {
    /// Where a folder on the path came from; explicit ones must exist.
    public enum Origin: String, Sendable {
        /// `--plugin-path DIR`.
        case commandLine = "--plugin-path"
        /// `ANIMATOR_PLUGIN_PATH`.
        case environment = "ANIMATOR_PLUGIN_PATH"
        /// The running executable's folder.
        case executable = "executable folder"
        /// `lib/animator-host/plugins` beside the executable's `bin` folder (an install
        /// under a prefix).
        case installed = "installed folder"
        /// `~/.local/lib/animator-host/plugins`.
        case user = "user folder"

        /// Whether a missing folder is a problem worth reporting.
        public var mustExist: Bool { self == .commandLine || self == .environment }
    }

    /// One folder and where it came from.
    public struct Entry: Equatable, Sendable {
        public var directory: String
        public var origin: Origin

        /// Creates an entry.
        public init(directory: String, origin: Origin) {
            self.directory = directory
            self.origin = origin
        }
    }

    /// The folders, in search order.
    public var entries: [Entry]

    /// Creates a path from explicit entries.
    public init(entries: [Entry]) {
        self.entries = entries
    }

    /// The standard path: `--plugin-path` folders, then `ANIMATOR_PLUGIN_PATH`
    /// (colon-separated), then the executable's folder (symbolic links to the executable
    /// resolved), then `PREFIX/lib/animator-host/plugins` when the executable is in
    /// `PREFIX/bin`, then `~/.local/lib/animator-host/plugins`.
    ///
    /// - Parameters:
    ///   - commandLine: the `--plugin-path` values, in the order given.
    ///   - environment: the process environment (for ANIMATOR_PLUGIN_PATH and HOME).
    ///   - executableDirectory: the running program's folder, if known.
    public static func standard(commandLine: [String], environment: [String: String],
                                executableDirectory: String?) -> PluginSearchPath {
        var entries = commandLine.map { Entry(directory: $0, origin: .commandLine) }
        if let variable = environment["ANIMATOR_PLUGIN_PATH"], !variable.isEmpty {
            // Empty and relative entries are kept, so that discovery reports them.
            entries += variable.split(separator: ":", omittingEmptySubsequences: false)
                .map { Entry(directory: String($0), origin: .environment) }
        }
        if let executableDirectory {
            entries.append(Entry(directory: executableDirectory, origin: .executable))
            if FileSystem.baseName(executableDirectory) == "bin" {
                let prefix = FileSystem.directoryName(executableDirectory)
                entries.append(Entry(directory: (prefix == "/" ? "" : prefix) + "/lib/animator-host/plugins", origin: .installed))
            }
        }
        if let home = environment["HOME"], !home.isEmpty {
            let user = home + "/.local/lib/animator-host/plugins"
            if !entries.contains(where: { $0.origin == .installed && $0.directory == user }) {
                entries.append(Entry(directory: user, origin: .user))
            }
        }
        return PluginSearchPath(entries: entries)
    }

    /// The folder of the running executable (from /proc/self/exe), or nil.
    public static func runningExecutableDirectory() -> String? {
        FileSystem.executableDirectory()
    }
}
