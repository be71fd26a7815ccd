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
