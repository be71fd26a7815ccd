import Glibc

/// One message from a plugin child to the host: a kind and a payload. On the wire: a
/// marker byte (0xA7), the kind, the payload's length (4 bytes, little-endian) and the
/// payload.
public struct SandboxMessage: Equatable, Sendable {
    /// What the payload is; each child mode defines its kinds.
    public var kind: UInt8
    /// The payload.
    public var payload: [UInt8]

    /// Creates a message.
    public init(kind: UInt8, payload: [UInt8]) {
        self.kind = kind
        self.payload = payload
    }

    /// The largest payload accepted (frames are sent in batches well under it).
    public static let maximumPayload = 256 << 20
    static let marker: UInt8 = 0xA7
    static let headerSize = 6

    /// Writes the message to `descriptor`, whole, retrying short writes.
    ///
    /// - Throws: `SandboxError` when the host has gone or the pipe fails.
    public func write(to descriptor: Int32) throws(SandboxError) {
        precondition(payload.count <= Self.maximumPayload, "a message payload over the limit")
        var header: [UInt8] = [Self.marker, kind]
        withUnsafeBytes(of: UInt32(payload.count).littleEndian) { header.append(contentsOf: $0) }
        try Self.writeAll(header, to: descriptor)
        try Self.writeAll(payload, to: descriptor)
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) throws(SandboxError) {
        guard !bytes.isEmpty else { return }
        var done = 0
        while done < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + done, $0.count - done) }
            if written < 0 {
                if errno == EINTR { continue }
                throw SandboxError("cannot write to the host: \(String(cString: strerror(errno)))")
            }
            done += written
        }
    }
}

/// Bytes read from a child, cut into messages as they become whole. Anything that is not
/// a well-formed message is an error: the child is then not to be believed.
public struct SandboxMessageBuffer {
    private var bytes: [UInt8] = []
    private var start = 0

    /// Creates an empty buffer.
    public init() {}

    /// Whether a message has begun and not ended.
    public var hasPartialMessage: Bool { start < bytes.count }

    /// Adds bytes read from the pipe.
    public mutating func append(_ chunk: UnsafeRawBufferPointer) {
        if start > 0 && start == bytes.count {
            bytes.removeAll(keepingCapacity: true)
            start = 0
        } else if start > 1 << 20 && start > bytes.count / 2 {
            bytes.removeFirst(start)
            start = 0
        }
        bytes.append(contentsOf: chunk)
    }

    /// The next whole message, or nil until more bytes arrive.
    ///
    /// - Throws: `BinaryReader.Malformed` when the bytes are not a message.
    public mutating func next() throws(BinaryReader.Malformed) -> SandboxMessage? {
        let available = bytes.count - start
        guard available >= SandboxMessage.headerSize else { return nil }
        guard bytes[start] == SandboxMessage.marker else {
            throw BinaryReader.Malformed("a message does not start with the marker byte")
        }
        var length = 0
        for index in 0..<4 { length |= Int(bytes[start + 2 + index]) << (8 * index) }
        guard length <= SandboxMessage.maximumPayload else {
            throw BinaryReader.Malformed("a message of \(length) bytes, over the limit")
        }
        guard available >= SandboxMessage.headerSize + length else {
            // Room for the whole message at once rather than the array doubling and copying
            // as its pieces arrive; up to 16 MiB only: the length is the child's word, and
            // past that the array grows as the bytes actually come.
            bytes.reserveCapacity(start + SandboxMessage.headerSize + min(length, 16 << 20))
            return nil
        }
        let payloadStart = start + SandboxMessage.headerSize
        let message = SandboxMessage(kind: bytes[start + 1], payload: Array(bytes[payloadStart..<payloadStart + length]))
        start = payloadStart + length
        return message
    }
}
