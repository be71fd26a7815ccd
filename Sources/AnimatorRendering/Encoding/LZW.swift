/// GIF's variable-length LZW (codes of 3...12 bits, least significant bit first): greedy,
/// each code the longest string already in the table, a clear code when the table is full.
///
/// The table is an open-addressed hash from (prefix code, next index) to code, one 32-bit
/// word per slot holding both (a probe reads one word), at most a quarter full. Runs of one
/// index, most of a screen's flat areas, take a shorter road to the same codes: the strings
/// of a run (b, bb, bbb, ...) enter the table one longer each time a run outgrows them, so
/// the codes of b repeated 1 ... k times are kept per index and a run is measured eight
/// bytes at a time and jumps to its longest known string, with no hash probe per byte.
enum LZW {
    private static let tableBits = 14
    private static let empty = UInt32.max
    /// The longest run string kept per index (longer runs go through the hash table).
    private static let runLimit = 256

    /// The most bytes the LZW data of `count` indices can take: at most one code per index,
    /// a clear code per 3,838 codes (when the table fills) and the first clear and the end,
    /// each at most 12 bits; then a few bytes of the last word.
    static func capacity(for count: Int) -> Int {
        (count + count / 1024 + 4) * 12 / 8 + 16
    }

    /// An encoder that keeps its table and its room for the output from one call to the
    /// next (a GIF's frames, one after another on one thread): its memory is taken once,
    /// not for every frame. Used by one thread at a time.
    final class Coder {
        private let table = UnsafeMutablePointer<UInt32>.allocate(capacity: 1 << LZW.tableBits)
        /// runCodes[b × (runLimit + 1) + n]: the code of b repeated n times, for n ≤ known[b]
        /// (b itself for n = 1).
        private let runCodes = UnsafeMutablePointer<UInt16>.allocate(capacity: 256 * (LZW.runLimit + 1))
        private let known = UnsafeMutablePointer<Int>.allocate(capacity: 256)
        private var room = UnsafeMutableRawBufferPointer(start: nil, count: 0)

        init() {}

        deinit {
            table.deallocate()
            runCodes.deallocate()
            known.deallocate()
            room.deallocate()
        }

        /// The LZW data of `indices` (each below 2^`minimumCodeSize`), without GIF's block
        /// framing, in an array of its own size.
        func encode(_ indices: UnsafeBufferPointer<UInt8>, minimumCodeSize: Int) -> [UInt8] {
            let capacity = LZW.capacity(for: indices.count)
            if room.count < capacity {
                room.deallocate()
                room = .allocate(byteCount: capacity, alignment: 16)
            }
            let written = LZW.encode(indices, minimumCodeSize: minimumCodeSize, into: room.baseAddress!,
                                     table: table, runCodes: runCodes, known: known)
            return Array(UnsafeRawBufferPointer(rebasing: room[..<written]))
        }
    }

    /// Writes the LZW data of `pixels` at `base` (room for `capacity(for: pixels.count)`
    /// bytes) and returns how many bytes it wrote; `table`, `runCodes` and `known` are the
    /// coder's working memory, set up here.
    private static func encode(_ pixels: UnsafeBufferPointer<UInt8>, minimumCodeSize: Int, into base: UnsafeMutableRawPointer,
                               table: UnsafeMutablePointer<UInt32>, runCodes: UnsafeMutablePointer<UInt16>,
                               known: UnsafeMutablePointer<Int>) -> Int {
        let clear = UInt32(1) << UInt32(minimumCodeSize), endOfInformation = clear + 1
        var bits: UInt64 = 0, count: UInt64 = 0, position = 0
        @inline(__always) func put(_ code: UInt32, _ width: UInt64) {
            bits |= UInt64(code) << count
            count += width
            if count >= 32 {
                base.storeBytes(of: UInt32(truncatingIfNeeded: bits).littleEndian, toByteOffset: position, as: UInt32.self)
                position += 4
                bits >>= 32
                count -= 32
            }
        }
        var codeSize = UInt64(minimumCodeSize + 1)
        var nextCode = endOfInformation + 1
        put(clear, codeSize)
        if !pixels.isEmpty {
            let mask = (1 << tableBits) - 1, runLimit = Self.runLimit
            table.initialize(repeating: empty, count: 1 << tableBits)
            known.initialize(repeating: 1, count: 256)
            for b in 0..<256 { runCodes[b * (runLimit + 1) + 1] = UInt16(b) }
            let n = pixels.count, start = UnsafeRawPointer(pixels.baseAddress!)
            /// How many bytes from `from` on equal `byte`, counting at most `limit`.
            @inline(__always) func run(of byte: UInt8, from: Int, limit: Int) -> Int {
                let end = min(from + limit, n)
                var i = from
                let pattern = UInt64(byte) &* 0x0101_0101_0101_0101
                while i + 8 <= end {
                    let difference = start.loadUnaligned(fromByteOffset: i, as: UInt64.self) ^ pattern
                    if difference != 0 { return i - from + difference.trailingZeroBitCount >> 3 }
                    i += 8
                }
                while i < end, pixels[i] == byte { i += 1 }
                return i - from
            }
            /// Takes the next code for a new string (recorded as `byte` repeated
            /// `length` times when `length` > 0) and answers true, or, the table
            /// being full, writes a clear code, starts the table again and answers false.
            @inline(__always) func add(runOf byte: Int, length: Int) -> Bool {
                guard nextCode < 4096 else {
                    put(clear, codeSize)
                    table.update(repeating: empty, count: 1 << tableBits)
                    known.update(repeating: 1, count: 256)
                    codeSize = UInt64(minimumCodeSize + 1)
                    nextCode = endOfInformation + 1
                    return false
                }
                if length > 0 {
                    runCodes[byte * (runLimit + 1) + length] = UInt16(nextCode)
                    known[byte] = length
                }
                if nextCode == 1 << codeSize { codeSize += 1 }
                nextCode += 1
                return true
            }
            var prefix = UInt32(pixels[0])
            // Whether the prefix's string is `runByte` repeated `runLength` times.
            var inRun = true, runByte = pixels[0], runLength = 1
            var i = 1
            while i < n {
                let byte = pixels[i]
                if inRun, byte == runByte, runLength < runLimit {
                    let b = Int(byte), k = known[b]
                    // Up to k − runLength more of the run extend the prefix through
                    // strings the table has; one more than that cannot.
                    let ahead = run(of: byte, from: i, limit: k - runLength + 1)
                    if ahead <= k - runLength {
                        runLength += ahead
                        i += ahead
                        prefix = UInt32(runCodes[b * (runLimit + 1) + runLength])
                        continue
                    }
                    i += k - runLength
                    runLength = k
                    prefix = UInt32(runCodes[b * (runLimit + 1) + k])
                    if k < runLimit {
                        // b repeated k + 1 times is the new string; b starts the next.
                        put(prefix, codeSize)
                        _ = add(runOf: b, length: k + 1)
                        prefix = UInt32(byte)
                        runLength = 1
                        i += 1
                        continue
                    }
                }
                let key = prefix << 8 | UInt32(byte)
                var slot = Int((key &* 2_654_435_761) >> UInt32(32 - tableBits))
                var found = false
                while true {
                    let entry = table[slot]
                    if entry == empty { break }
                    if entry >> 12 == key {
                        prefix = entry & 0xFFF
                        found = true
                        break
                    }
                    slot = (slot + 1) & mask
                }
                if found {
                    // One index more than a run of the table's longest: not kept as a run.
                    inRun = false
                    i += 1
                    continue
                }
                put(prefix, codeSize)
                // A key of at most 20 bits (a 12-bit prefix and a byte) above a 12-bit
                // code: no entry can equal `empty`, since the code 4095 is never given
                // to a prefix of 4095.
                let code = nextCode
                if add(runOf: 0, length: 0) { table[slot] = key << 12 | code }
                prefix = UInt32(byte)
                inRun = true
                runByte = byte
                runLength = 1
                i += 1
            }
            put(prefix, codeSize)
        }
        put(endOfInformation, codeSize)
        while count > 0 {
            base.storeBytes(of: UInt8(truncatingIfNeeded: bits), toByteOffset: position, as: UInt8.self)
            position += 1
            bits >>= 8
            count = count > 8 ? count - 8 : 0
        }
        return position
    }
}
