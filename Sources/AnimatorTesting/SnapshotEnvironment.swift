/// What the environment says about snapshot runs.
public enum SnapshotEnvironment {
    /// Whether `CI` is set to something true ("true", "1", "yes"), as CI services set it:
    /// then a missing golden file is an error, not something to record.
    public static func isCI(_ environment: [String: String]) -> Bool {
        guard let value = environment["CI"]?.lowercased() else { return false }
        return ["true", "1", "yes"].contains(value)
    }
}
