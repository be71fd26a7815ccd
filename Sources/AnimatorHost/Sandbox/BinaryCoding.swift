/// Appends values to a byte buffer in a fixed little-endian layout: the payload of
/// messages between the host and its plugin child. Its methods are inlinable: an encoder
/// in another module writes a frame as a few thousand small values, each then a store, not
/// a call.
public struct BinaryWriter {
    @usableFromInline var storage: [UInt8] = []

    /// The bytes written so far.
    public var bytes: [UInt8] { storage }

    /// Creates an empty writer.
    public init() {}

    /// Creates an empty writer with room for `capacity` bytes.
    public init(capacity: Int) {
        storage.reserveCapacity(capacity)
    }

    /// Writes one byte.
    @inlinable public mutating func write(_ value: UInt8) { storage.append(value) }

    /// Writes a flag as one byte.
    @inlinable public mutating func write(_ value: Bool) { storage.append(value ? 1 : 0) }

    /// Writes 4 bytes.
    @inlinable public mutating func write(_ value: UInt32) {
        withUnsafeBytes(of: value.littleEndian) { storage.append(contentsOf: $0) }
    }

    /// Writes 8 bytes.
    @inlinable public mutating func write(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { storage.append(contentsOf: $0) }
    }

    /// Writes an integer as 8 bytes.
    @inlinable public mutating func write(_ value: Int) { write(UInt64(bitPattern: Int64(value))) }

    /// Writes a double's bits.
    @inlinable public mutating func write(_ value: Double) { write(value.bitPattern) }

    /// Writes a length and UTF-8 bytes.
    public mutating func write(_ value: String) {
        let utf8 = Array(value.utf8)
        write(UInt32(utf8.count))
        storage.append(contentsOf: utf8)
    }

    /// Writes raw bytes after their count.
    public mutating func write(bytes raw: UnsafeRawBufferPointer) {
        write(UInt64(raw.count))
        storage.append(contentsOf: raw)
    }
}

/// Reads what `BinaryWriter` wrote, checking every length against what is there: bytes
/// from a plugin's process are untrusted, and a malformed buffer is an error, never a trap.
public struct BinaryReader {
    /// Malformed or truncated data.
    public struct Malformed: Error, Equatable, Sendable, CustomStringConvertible {
        /// What was wrong.
        public var reason: String
        public var description: String { reason }

        /// Creates the error.
        public init(_ reason: String) {
            self.reason = reason
        }
    }

    private let bytes: [UInt8]
    /// Where the next read starts.
    public private(set) var offset: Int

    /// Reads `bytes` from `offset`.
    public init(_ bytes: [UInt8], offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }

    /// Whether everything was read.
    public var isAtEnd: Bool { offset == bytes.count }

    /// How many bytes remain.
    public var remaining: Int { bytes.count - offset }

    private mutating func take(_ count: Int) throws(Malformed) -> Int {
        guard count >= 0, count <= bytes.count - offset else {
            throw Malformed("truncated: \(count) bytes wanted at \(offset), \(bytes.count - offset) left")
        }
        defer { offset += count }
        return offset
    }

    /// Reads one byte.
    public mutating func byte() throws(Malformed) -> UInt8 { bytes[try take(1)] }

    /// Reads a flag.
    public mutating func bool() throws(Malformed) -> Bool {
        let value = try byte()
        guard value <= 1 else { throw Malformed("a flag of \(value)") }
        return value == 1
    }

    /// Reads 4 bytes.
    public mutating func uint32() throws(Malformed) -> UInt32 {
        let start = try take(4)
        var value: UInt32 = 0
        for index in 0..<4 { value |= UInt32(bytes[start + index]) << (8 * index) }
        return value
    }

    /// Reads 8 bytes.
    public mutating func uint64() throws(Malformed) -> UInt64 {
        let start = try take(8)
        var value: UInt64 = 0
        for index in 0..<8 { value |= UInt64(bytes[start + index]) << (8 * index) }
        return value
    }

    /// Reads an integer, which must lie in `range`.
    public mutating func int(in range: ClosedRange<Int> = Int.min...Int.max) throws(Malformed) -> Int {
        let value = Int(Int64(bitPattern: try uint64()))
        guard range.contains(value) else { throw Malformed("\(value) outside \(range.lowerBound)...\(range.upperBound)") }
        return value
    }

    /// Reads a double.
    public mutating func double() throws(Malformed) -> Double { Double(bitPattern: try uint64()) }

    /// Reads a string (invalid UTF-8 is repaired, not trusted).
    public mutating func string() throws(Malformed) -> String {
        let count = Int(try uint32())
        let start = try take(count)
        return String(decoding: bytes[start..<start + count], as: UTF8.self)
    }

    /// Reads raw bytes written by `write(bytes:)`, at most `limit` of them.
    public mutating func rawBytes(limit: Int) throws(Malformed) -> ArraySlice<UInt8> {
        let count = try uint64()
        guard count <= UInt64(limit) else { throw Malformed("\(count) bytes, more than the \(limit) allowed") }
        let start = try take(Int(count))
        return bytes[start..<start + Int(count)]
    }
}
