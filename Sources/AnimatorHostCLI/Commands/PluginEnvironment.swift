import AnimatorHost

/// Builds the search path, loader and registry from the common plugin options.
struct PluginEnvironment {
    let loader: PluginLoader
    let searchPath: PluginSearchPath

    init(_ arguments: ParsedArguments) {
        let environment = ProcessEnvironment.current()
        searchPath = PluginSearchPath.standard(commandLine: arguments.values("--plugin-path"),
                                               environment: environment,
                                               executableDirectory: PluginSearchPath.runningExecutableDirectory())
        let cache = arguments.flag("--no-cache") ? nil
            : MetadataCache.defaultPath(environment: environment).map(MetadataCache.init(path:))
        loader = PluginLoader(allowInsecure: arguments.flag("--allow-insecure"), cache: cache)
    }

    /// Discovers every animator on the search path.
    func discover() -> AnimatorRegistry {
        loader.discover(searchPath)
    }
}
