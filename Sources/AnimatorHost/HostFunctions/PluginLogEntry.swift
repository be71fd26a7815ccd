import AnimatorABI
import Glibc
import Synchronization

/// One message a plugin wrote through the host table's `log`.
public struct PluginLogEntry: Equatable, Sendable {
    /// How severe it is.
    public enum Level: UInt32, Sendable, Comparable {
        case debug = 0, info, warning, error

        /// The level's name: debug, info, warning, error.
        public var name: String {
            switch self {
            case .debug: return "debug"
            case .info: return "info"
            case .warning: return "warning"
            case .error: return "error"
            }
        }

        /// The level of a name: debug, info, warning, error.
        public init?(name: String) {
            guard let level = [Level.debug, .info, .warning, .error].first(where: { $0.name == name }) else { return nil }
            self = level
        }

        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// Its severity.
    public var level: Level
    /// Its text.
    public var message: String

    /// Creates an entry.
    public init(level: Level, message: String) {
        self.level = level
        self.message = message
    }
}
