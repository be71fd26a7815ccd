import AnimatorHost
import AnimatorSupport
import Glibc

/// Builds the search path, loader, registry and sandbox from the common plugin options.
struct PluginEnvironment {
    let loader: PluginLoader
    let searchPath: PluginSearchPath
    /// Where plugin code runs: nil in this process (`--in-process`).
    let sandbox: PluginSandbox?

    /// Reads the plugin options.
    ///
    /// - Throws: `UsageError` for a bad `--plugin-timeout`, `--plugin-memory` or `--plugin-cpu`.
    init(_ arguments: ParsedArguments) throws(UsageError) {
        let environment = ProcessEnvironment.current()
        searchPath = PluginSearchPath.standard(commandLine: arguments.values("--plugin-path"),
                                               environment: environment,
                                               executableDirectory: PluginSearchPath.runningExecutableDirectory())
        let cache = arguments.flag("--no-cache") ? nil
            : MetadataCache.defaultPath(environment: environment).map(MetadataCache.init(path:))
        sandbox = try Self.sandbox(arguments)
        loader = PluginLoader(allowInsecure: arguments.flag("--allow-insecure"), cache: cache,
                              scanner: sandbox.map(LibraryScanner.sandboxed) ?? .inProcess)
    }

    /// Discovers every animator on the search path.
    func discover() -> AnimatorRegistry {
        loader.discover(searchPath)
    }

    /// The animators a command's animator argument is looked up among: for a library's
    /// path (with a slash, or ending in .so), that library's alone (with its problems);
    /// for an id or a name, or none, every animator on the search path.
    func registry(for query: String?) -> AnimatorRegistry {
        guard let query, query.contains("/") || query.hasSuffix(".so") else { return discover() }
        let (animators, problems) = loader.scanFile(query)
        var registry = AnimatorRegistry(searchPath: searchPath, animators: animators)
        problems.forEach { registry.report($0) }
        if animators.isEmpty && problems.isEmpty {
            registry.report(LoadProblem(path: FileSystem.absolute(query), reason: "offers no animators"))
        }
        return registry
    }

    /// `--in-process`, `--plugin-timeout S`, `--plugin-memory MIB`, `--plugin-cpu S`.
    static func sandbox(_ arguments: ParsedArguments) throws(UsageError) -> PluginSandbox? {
        var limits = SandboxLimits.standard
        if let text = arguments.value("--plugin-timeout") {
            guard let value = Double(text), SandboxLimits.timeoutRange.contains(value) else {
                throw UsageError("--plugin-timeout: '\(text)' is not a number of seconds from 0.1 to 3600")
            }
            limits.timeout = value
        }
        if let text = arguments.value("--plugin-memory") {
            guard let value = Int(text), value == 0 || SandboxLimits.memoryRange.contains(value) else {
                throw UsageError("--plugin-memory: '\(text)' is not a number of MiB from 64 to 1048576, or 0 for no limit")
            }
            limits.memoryMegabytes = value
        }
        if let text = arguments.value("--plugin-cpu") {
            guard let value = Int(text), value == 0 || SandboxLimits.cpuRange.contains(value) else {
                throw UsageError("--plugin-cpu: '\(text)' is not a number of seconds from 1 to 86400, or 0 for no limit")
            }
            limits.cpuSeconds = value
        }
        if arguments.flag("--in-process") {
            for option in ["--plugin-timeout", "--plugin-memory", "--plugin-cpu"] where arguments.value(option) != nil {
                throw UsageError("\(option) limits the plugin process; it does not combine with --in-process")
            }
            return nil
        }
        // Without a known executable there is no child to start: plugins run in process.
        guard let executable = PluginSandbox.runningExecutable() else { return nil }
        var sandbox = PluginSandbox(executable: executable, limits: limits)
        // What plugins print while they are examined (constructors, init) goes to stderr,
        // escaped, as it does while they run.
        sandbox.pluginOutput = { line in
            let text = "plugin output: \(line.oneLine)\n"
            _ = text.withCString { write(STDERR_FILENO, $0, strlen($0)) }
        }
        return sandbox
    }
}
