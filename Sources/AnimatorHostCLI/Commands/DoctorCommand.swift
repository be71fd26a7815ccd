import AnimatorHost
import AnimatorRendering
import AnimatorSupport
import Glibc

/// `animator-host doctor`: what this installation sees and what is wrong with it.
enum DoctorCommand: Command {
    static let name = "doctor"
    static let summary = "Show the build, the plugin search path, the cache, the fonts and what is wrong with each."
    static let usage = "animator-host doctor [--plugin-path DIR]..."
    static let options: [OptionSpec] = OptionSpec.pluginOptions
    static let discussion = """
        One section each: the executable and its build (a debug build renders about ten
        times slower than release), every folder of the plugin search path with its
        libraries, the animators found and every library problem, the metadata cache, the
        fonts labels are drawn with, and how plugin code runs. Exit status 1 when something
        is wrong (a library problem, no animator at all), 0 otherwise.
        """

    static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> Int32 {
        guard arguments.positionals.isEmpty else {
            throw UsageError("doctor takes no arguments (got '\(arguments.positionals[0])')")
        }
        let plugin = try PluginEnvironment(arguments)
        let environment = ProcessEnvironment.current()
        var wrong = false
        #if DEBUG
        let build = "debug build (its engine and renderers optimized as in release: renders take up to twice as long; "
            + "swift build -c release for the rest)"
        #else
        let build = "release build"
        #endif
        console.out("\(HostInfo.name) \(HostInfo.version) (plugin ABI \(ABIVersion.host)), \(build)")
        console.out("executable: \((PluginSandbox.runningExecutable() ?? "unknown").oneLine)")

        console.out("plugin search path (the first library to offer an id wins):")
        var executableLibraries = 0
        for entry in plugin.searchPath.entries {
            let label = "  \(entry.origin.rawValue) \(entry.directory.oneLine)"
            guard !entry.directory.isEmpty, entry.directory.hasPrefix("/") else {
                console.out(label + ": refused (not an absolute folder)")
                wrong = true
                continue
            }
            guard let names = try? FileSystem.contents(ofDirectory: entry.directory) else {
                console.out(label + ": does not exist" + (entry.origin.mustExist ? " (a problem)" : ""))
                if entry.origin.mustExist { wrong = true }
                continue
            }
            let count = names.filter { $0.hasSuffix(".so") }.count
            if entry.origin == .executable { executableLibraries = count }
            console.out(label + ": \(count) librar\(count == 1 ? "y" : "ies")")
        }
        let registry = plugin.discover()
        console.out("animators: \(registry.animators.count)" + (registry.animators.isEmpty ? ""
            : " (" + registry.animators.map { $0.name.oneLine }.joined(separator: ", ") + ")"))
        if registry.animators.isEmpty {
            wrong = true
            if executableLibraries == 0 {
                console.out("  none: the executable's folder has no animator libraries (a copied animator-host leaves its bundled "
                            + "animators behind: use 'animator-host install', or a symbolic link to the built one)")
            }
        }
        if registry.problems.isEmpty {
            console.out("problems: none")
        } else {
            wrong = true
            console.out("problems: \(registry.problems.count)")
            registry.problems.forEach { console.out("  \($0.description.oneLine)") }
        }

        if arguments.flag("--no-cache") {
            console.out("metadata cache: not used (--no-cache)")
        } else if let path = MetadataCache.defaultPath(environment: environment) {
            var info = stat()
            if stat(path, &info) == 0 {
                console.out("metadata cache: \(path.oneLine) (\(info.st_size) bytes)")
            } else {
                console.out("metadata cache: \(path.oneLine) (not written yet)")
            }
        } else {
            console.out("metadata cache: none (neither XDG_CACHE_HOME nor HOME is set)")
        }

        let fontFolders = FontLibrary.searchDirectories(environment)
        let fonts = FontLibrary.system
        let searched = fontFolders.isEmpty ? "no folder (ANIMATOR_HOST_FONT_PATH=none)" : fontFolders.joined(separator: ", ")
        if let family = fonts.familyName {
            let files = fonts.files.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key.rawValue) \($0.value)" }
            console.out("fonts: \(family.oneLine) (\(files.joined(separator: ", ").oneLine)), searched \(searched.oneLine)")
        } else {
            console.out("fonts: none found in \(searched.oneLine): labels use the built-in bitmap font "
                        + "(install a TrueType font such as Liberation Sans, or set ANIMATOR_HOST_FONT_PATH)")
        }
        fonts.problems.forEach { console.out("  \($0.oneLine)") }

        if let sandbox = plugin.sandbox {
            let limits = sandbox.limits
            console.out("plugin code: in a child process (timeout \(JSONValue.format(limits.timeout)) s, memory "
                        + "\(limits.memoryMegabytes == 0 ? "unlimited" : "\(limits.memoryMegabytes) MiB"), CPU "
                        + "\(limits.cpuSeconds == 0 ? "unlimited" : "\(limits.cpuSeconds) s"))")
            do {
                let report = try IsolationProbe.run(sandbox)
                console.out("plugin processes: " + report.processes.description)
                console.out("plugin files and network: " + report.confinement.description)
            } catch {
                console.out("plugin processes: no child could start (\(error)) (a problem)")
                wrong = true
            }
        } else {
            console.out("plugin code: in this process (--in-process)")
        }
        return wrong ? 1 : 0
    }
}
