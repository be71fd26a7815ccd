import AnimatorSupport

/// Which version of which file a library was read from: its inode, status-change time,
/// size and modification time. A file replaced (even by a link flipped to another file) or
/// rewritten has another identity, so the loader can refuse a file that is not the one
/// the host checked.
public struct FileIdentity: Equatable, Hashable, Sendable {
    /// The inode number.
    public var inode: UInt64
    /// The status-change time, nanoseconds since the epoch.
    public var changeTime: Int64
    /// The size in bytes.
    public var size: Int64
    /// The modification time, nanoseconds since the epoch.
    public var modificationTime: Int64

    /// The identity `status` describes.
    package init(_ status: FileStatus) {
        inode = status.inode
        changeTime = status.changeTime
        size = status.size
        modificationTime = status.modificationTime
    }

    /// As text: the four numbers joined by ':' (JSON numbers could not carry them exactly).
    public var text: String { "\(inode):\(changeTime):\(size):\(modificationTime)" }

    /// Reads `text`; nil when it is not four numbers joined by ':'.
    public init?(text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 4, let inode = UInt64(parts[0]), let changeTime = Int64(parts[1]),
              let size = Int64(parts[2]), let modificationTime = Int64(parts[3]) else { return nil }
        self.inode = inode
        self.changeTime = changeTime
        self.size = size
        self.modificationTime = modificationTime
    }
}
