/// Appends bit fields to a byte array, least significant bit first (the order of both
/// DEFLATE and GIF's LZW codes). Bits gather in a 64-bit word and go out four bytes at a
/// time into room made ahead, so a field costs a shift, an add and, now and then, a store.
struct BitWriter {
    /// The output so far, with room beyond `length` that is not yet written.
    private var storage: [UInt8]
    /// How many bytes of `storage` are written.
    private var length = 0
    private var buffer: UInt64 = 0
    private var count: UInt64 = 0

    /// A writer with room for about `capacity` bytes before it grows.
    init(capacity: Int = 0) {
        storage = [UInt8](repeating: 0, count: max(capacity, 64))
    }

    /// Writes the low `width` bits of `value` (`width` at most 32).
    @inline(__always)
    mutating func write(_ value: UInt32, width: Int) {
        buffer |= UInt64(value) << count
        count += UInt64(width)
        if count >= 32 {
            if length + 4 > storage.count { storage += [UInt8](repeating: 0, count: storage.count) }
            let word = UInt32(truncatingIfNeeded: buffer).littleEndian, at = length
            storage.withUnsafeMutableBytes { $0.storeBytes(of: word, toByteOffset: at, as: UInt32.self) }
            length += 4
            buffer >>= 32
            count -= 32
        }
    }

    /// Makes room for `bytes` more bytes, then lets `body` write fields into it through
    /// `Fields`: plain memory, no check per field that the array is unshared or long enough.
    /// `body` must write no more than `bytes` bytes (8 bits each) in all.
    mutating func withRoom<Result>(for bytes: Int, _ body: (inout Fields) -> Result) -> Result {
        let needed = length + bytes + 8
        if needed > storage.count { storage += [UInt8](repeating: 0, count: max(needed - storage.count, storage.count)) }
        var fields = Fields(length: length, buffer: buffer, count: count)
        let result = storage.withUnsafeMutableBytes { raw in
            fields.base = raw.baseAddress!
            fields.limit = raw.count
            return body(&fields)
        }
        (length, buffer, count) = (fields.length, fields.buffer, fields.count)
        return result
    }

    /// A writer's state while it writes into room made ahead (`withRoom(for:_:)`).
    struct Fields {
        fileprivate var base = UnsafeMutableRawPointer(bitPattern: 64)!
        /// The room's end: a store past it is a broken promise to `withRoom`, stopped.
        fileprivate var limit = 0
        fileprivate var length: Int
        fileprivate var buffer: UInt64
        fileprivate var count: UInt64

        /// Writes the low `width` bits of `value` (`width` at most 32): the eight bytes of the
        /// gathered bits stored every time, without a branch, and the whole bytes among them
        /// passed over (at most seven bits stay gathered; the room's eight spare bytes take
        /// the store's overhang).
        @inline(__always)
        mutating func write(_ value: UInt32, width: Int) {
            buffer |= UInt64(value) &<< count
            count &+= UInt64(truncatingIfNeeded: width)
            precondition(length &+ 8 <= limit, "more bits written than room was made for")
            base.storeBytes(of: buffer.littleEndian, toByteOffset: length, as: UInt64.self)
            let bytes = count &>> 3
            length &+= Int(truncatingIfNeeded: bytes)
            buffer &>>= bytes &<< 3
            count &= 7
        }
    }

    /// Writes the low `width` bits of `value` most significant first (DEFLATE's Huffman codes).
    @inline(__always)
    mutating func writeReversed(_ value: UInt32, width: Int) {
        var reversed: UInt32 = 0
        for bit in 0..<width { reversed |= (value >> UInt32(bit) & 1) << UInt32(width - 1 - bit) }
        write(reversed, width: width)
    }

    /// Pads to a whole byte and returns the bytes.
    mutating func finish() -> [UInt8] {
        while count > 0 {
            if length == storage.count { storage.append(0) }
            storage[length] = UInt8(truncatingIfNeeded: buffer)
            length += 1
            buffer >>= 8
            count = count > 8 ? count - 8 : 0
        }
        storage.removeSubrange(length...)
        return storage
    }
}
