import AnimatorABI

/// The host's own name and version, as given to plugins in `ah_host`.
public enum HostInfo {
    /// The program's name.
    public static let name = "animator-host"
    /// The program's version.
    public static let version = "0.1.0"
}
