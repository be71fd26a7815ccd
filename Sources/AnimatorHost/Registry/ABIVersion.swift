import AnimatorABI

/// An ABI version, as a plugin or the host declares it.
public struct ABIVersion: Comparable, Hashable, Sendable, CustomStringConvertible {
    /// Changes only when something existing changes meaning.
    public var major: UInt32
    /// Grows when something is appended.
    public var minor: UInt32

    /// Creates a version.
    public init(major: UInt32, minor: UInt32) {
        self.major = major
        self.minor = minor
    }

    init(_ version: ah_version) {
        self.init(major: version.major, minor: version.minor)
    }

    /// The ABI this host implements: the version of the headers it was built with.
    public static let host = ABIVersion(major: UInt32(AH_ABI_MAJOR), minor: UInt32(AH_ABI_MINOR))

    /// "1.0".
    public var description: String { "\(major).\(minor)" }

    var cValue: ah_version { ah_version(major: major, minor: minor) }

    /// Whether a host of this version loads something built for `built`: same major, and
    /// a minor no newer than ours.
    public func canLoad(_ built: ABIVersion) -> Bool {
        built.major == major && built.minor <= minor
    }

    public static func < (lhs: ABIVersion, rhs: ABIVersion) -> Bool {
        (lhs.major, lhs.minor) < (rhs.major, rhs.minor)
    }
}
