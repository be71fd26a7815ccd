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

    /// The longest message kept, in bytes of UTF-8; a longer one is cut, with a marker.
    public static let maximumMessageBytes = 16 * 1024
    /// The most messages kept per session; the rest are counted, not kept.
    public static let maximumEntries = 10_000

    /// The text of a C string from a plugin, cut to `maximumMessageBytes` (at a character
    /// boundary) with "… (cut: N bytes in all)" after it. Linear in the string's length.
    static func message(_ text: UnsafePointer<CChar>) -> String {
        let length = strlen(text)
        guard length > maximumMessageBytes else { return String(cString: text) }
        let bytes = UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self)
        var end = maximumMessageBytes
        // Back off continuation bytes (10xxxxxx) so that a character is not split.
        while end > 0 && bytes[end] & 0xC0 == 0x80 { end -= 1 }
        let kept = String(decoding: UnsafeBufferPointer(start: bytes, count: end), as: UTF8.self)
        return kept + "… (cut: \(length) bytes in all)"
    }
}
