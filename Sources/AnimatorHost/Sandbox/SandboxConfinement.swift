import CSystem
import Glibc

/// What a sandbox child's plugins may touch outside their own processes, as the kernel
/// allowed when the child started: files, the network, signals.
///
/// With Landlock (Linux 5.13 and later, unprivileged), a child may read and execute files
/// anywhere but write, create, remove, rename or truncate them only in its own temporary
/// folder (`TMPDIR`, made for it by the host and removed after it) and /dev/null; from
/// Landlock 4 on it may not bind or connect TCP sockets, from 5 on not control devices
/// (a terminal's input queue included), from 6 on not signal a process outside it or
/// reach its abstract Unix sockets. At every version it cannot trace another process or
/// read its memory.
public enum SandboxConfinement: Equatable, Sendable {
    /// Landlock at this ABI version, enforcing `restrictions`.
    case landlock(version: Int, restrictions: Restrictions)
    /// Nothing confines the child's files and network (the reason).
    case unconfined(reason: String)

    /// What a Landlock ruleset enforced, by the kernel's version.
    public struct Restrictions: OptionSet, Equatable, Sendable {
        /// The C bits (`AH_CONFINE_`).
        public let rawValue: Int
        /// Creates a set from the C bits (`AH_CONFINE_`).
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// Writes, creations, removals and renames only in the child's temporary folder.
        public static let files = Restrictions(rawValue: Int(AH_CONFINE_FILES))
        /// Truncation only in the child's temporary folder.
        public static let truncation = Restrictions(rawValue: Int(AH_CONFINE_TRUNCATE))
        /// No TCP socket bound or connected.
        public static let tcp = Restrictions(rawValue: Int(AH_CONFINE_TCP))
        /// No ioctl on devices.
        public static let deviceControl = Restrictions(rawValue: Int(AH_CONFINE_DEVICE_CONTROL))
        /// No signal to, and no abstract Unix socket of, a process outside.
        public static let signals = Restrictions(rawValue: Int(AH_CONFINE_SIGNALS))

        /// Each restriction in words, in a fixed order.
        public var phrases: [String] {
            var phrases: [String] = []
            if contains(.files) {
                phrases.append(contains(.truncation) ? "files written only in its temporary folder"
                                                     : "files written only in its temporary folder (truncation not confined)")
            }
            if contains(.tcp) { phrases.append("no TCP") }
            if contains(.deviceControl) { phrases.append("no device control") }
            if contains(.signals) { phrases.append("no signals out") }
            return phrases
        }
    }

    /// The environment variable that, set to 1, leaves children unconfined (for a plugin
    /// that must write outside its folder, and for comparing).
    public static let disablingVariable = "ANIMATOR_HOST_NO_LANDLOCK"

    /// The environment variable the host sets to the child's temporary folder.
    public static let folderVariable = "TMPDIR"

    /// Confines the calling process for good, writable only in the folder `TMPDIR` names.
    /// Call it before any plugin code runs and before threads start.
    static func enter() -> SandboxConfinement {
        if getenv(disablingVariable).map({ String(cString: $0) == "1" }) ?? false {
            return .unconfined(reason: "\(disablingVariable)=1")
        }
        var bits: Int32 = 0
        let version = ah_confine(getenv(folderVariable), &bits)
        guard version > 0 else {
            let error = errno
            let reason = error == ENOSYS || error == EOPNOTSUPP ? "the kernel has no Landlock"
                : "the kernel refused a Landlock ruleset: \(String(cString: strerror(error)))"
            return .unconfined(reason: reason)
        }
        return .landlock(version: Int(version), restrictions: Restrictions(rawValue: Int(bits)))
    }

    /// One line for people: the mechanism and what it enforces, or why there is none.
    public var description: String {
        switch self {
        case .landlock(let version, let restrictions):
            return "Landlock \(version) per child (" + restrictions.phrases.joined(separator: ", ") + ")"
        case .unconfined(let reason):
            return "not confined (\(reason)): plugins may write wherever the user may, and use the network"
        }
    }

    /// The probe's words: "landlock VERSION BITS" or "unconfined REASON".
    var encoded: String {
        switch self {
        case .landlock(let version, let restrictions): return "landlock \(version) \(restrictions.rawValue)"
        case .unconfined(let reason): return "unconfined \(reason)"
        }
    }

    /// Reads `encoded`; nil when it is not.
    init?(encoded: String) {
        let words = encoded.split(separator: " ", maxSplits: 2).map(String.init)
        switch words.first {
        case "landlock":
            guard words.count == 3, let version = Int(words[1]), let bits = Int(words[2]) else { return nil }
            self = .landlock(version: version, restrictions: Restrictions(rawValue: bits))
        case "unconfined":
            self = .unconfined(reason: words.count > 1 ? words[1...].joined(separator: " ") : "no reason given")
        default:
            return nil
        }
    }
}
