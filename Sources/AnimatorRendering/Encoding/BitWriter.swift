/// Appends bit fields to a byte array, least significant bit first (the order of both
/// DEFLATE and GIF's LZW codes).
struct BitWriter {
    private(set) var bytes: [UInt8] = []
    private var buffer: UInt64 = 0
    private var count: UInt64 = 0

    init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    /// Writes the low `width` bits of `value`.
    @inline(__always)
    mutating func write(_ value: UInt32, width: Int) {
        buffer |= UInt64(value) << count
        count += UInt64(width)
        while count >= 8 {
            bytes.append(UInt8(truncatingIfNeeded: buffer))
            buffer >>= 8
            count -= 8
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
        if count > 0 {
            bytes.append(UInt8(truncatingIfNeeded: buffer))
            buffer = 0
            count = 0
        }
        return bytes
    }
}
