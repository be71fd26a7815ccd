/// Decompresses zlib streams (RFC 1950 around RFC 1951's deflate): stored, fixed-Huffman
/// and dynamic-Huffman blocks, checked with Adler-32. Every read is bounds-checked: a
/// damaged stream is an error with a reason, and the output is capped so that a small
/// file cannot ask for unbounded memory.
enum Inflate {
    /// A stream that cannot be decompressed.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The decompressed bytes of a zlib stream, at most `limit` of them.
    static func zlib(_ data: [UInt8], limit: Int) throws(Failure) -> [UInt8] {
        guard data.count >= 6 else { throw Failure(description: "the compressed data is cut short") }
        let cmf = data[0], flags = data[1]
        guard cmf & 0x0F == 8, (UInt16(cmf) << 8 | UInt16(flags)) % 31 == 0 else {
            throw Failure(description: "not a zlib stream (bad header)")
        }
        guard flags & 0x20 == 0 else { throw Failure(description: "the zlib stream needs a preset dictionary") }
        var inflater = Inflater(data: data, position: 2, limit: limit)
        inflater.output.reserveCapacity(min(limit, 256 << 20))
        try inflater.run()
        let end = (inflater.position + 7) / 8
        let output = inflater.output
        if end + 4 <= data.count {
            let stored = UInt32(data[end]) << 24 | UInt32(data[end + 1]) << 16 | UInt32(data[end + 2]) << 8 | UInt32(data[end + 3])
            let actual = output.withUnsafeBufferPointer { Checksums.adler32($0) }
            guard stored == actual else { throw Failure(description: "the data's checksum does not match (damaged)") }
        }
        return output
    }

    /// A canonical Huffman code: how many codes of each length, and the symbols in order.
    private struct Huffman {
        var counts = [Int](repeating: 0, count: 16)
        var symbols: [Int] = []

        init(lengths: ArraySlice<Int>) throws(Failure) {
            for length in lengths { counts[length] += 1 }
            counts[0] = 0
            var left = 1
            for length in 1..<16 {
                left = left * 2 - counts[length]
                guard left >= 0 else { throw Failure(description: "an over-subscribed Huffman code (damaged)") }
            }
            var offsets = [Int](repeating: 0, count: 16)
            for length in 1..<15 { offsets[length + 1] = offsets[length] + counts[length] }
            symbols = [Int](repeating: 0, count: lengths.count)
            for (symbol, length) in lengths.enumerated() where length != 0 {
                symbols[offsets[length]] = symbol
                offsets[length] += 1
            }
        }
    }

    private struct Inflater {
        let data: [UInt8]
        /// The next byte to load into the bit buffer.
        private var next: Int
        /// Bits read but not used, lowest first.
        private var buffer: UInt64 = 0
        private var buffered = 0
        let limit: Int
        var output: [UInt8] = []

        init(data: [UInt8], position bytes: Int, limit: Int) {
            self.data = data
            next = bytes
            self.limit = limit
        }

        /// The position in bits of the next unread bit.
        var position: Int { next * 8 - buffered }

        @inline(__always)
        private mutating func refill() {
            while buffered <= 56 && next < data.count {
                buffer |= UInt64(data[next]) << UInt64(buffered)
                next += 1
                buffered += 8
            }
        }

        @inline(__always)
        mutating func bits(_ count: Int) throws(Failure) -> Int {
            if count == 0 { return 0 }
            if buffered < count { refill() }
            guard buffered >= count else { throw Failure(description: "the compressed data is cut short") }
            let value = Int(buffer & ((1 << UInt64(count)) - 1))
            buffer >>= UInt64(count)
            buffered -= count
            return value
        }

        /// Drops the bits up to the next byte boundary (before a stored block).
        mutating func alignToByte() {
            let drop = buffered & 7
            buffer >>= UInt64(drop)
            buffered -= drop
        }

        /// Takes `count` whole bytes (after `alignToByte`).
        mutating func bytes(_ count: Int) throws(Failure) -> ArraySlice<UInt8> {
            // Give back whole buffered bytes first.
            next -= buffered / 8
            buffer = 0
            buffered = 0
            guard count <= data.count - next else { throw Failure(description: "the compressed data is cut short") }
            defer { next += count }
            return data[next..<next + count]
        }

        mutating func decode(_ code: Huffman) throws(Failure) -> Int {
            if buffered < 15 { refill() }
            var code_ = 0, first = 0, index = 0
            for length in 1..<16 {
                guard buffered > 0 else { throw Failure(description: "the compressed data is cut short") }
                code_ |= Int(buffer & 1)
                buffer >>= 1
                buffered -= 1
                let count = code.counts[length]
                if code_ - count < first { return code.symbols[index + (code_ - first)] }
                index += count
                first += count
                first <<= 1
                code_ <<= 1
            }
            throw Failure(description: "an invalid Huffman code (damaged)")
        }

        mutating func run() throws(Failure) {
            var last = false
            while !last {
                last = try bits(1) == 1
                switch try bits(2) {
                case 0: try stored()
                case 1: try codes(Self.fixedLengths, Self.fixedDistances)
                case 2: try dynamic()
                default: throw Failure(description: "an invalid block type (damaged)")
                }
            }
        }

        mutating func stored() throws(Failure) {
            alignToByte()
            let header = try bytes(4)
            let start = header.startIndex
            let length = Int(header[start]) | Int(header[start + 1]) << 8
            let complement = Int(header[start + 2]) | Int(header[start + 3]) << 8
            guard length == ~complement & 0xFFFF else { throw Failure(description: "a stored block's length is damaged") }
            guard output.count + length <= limit else { throw Failure(description: "the data inflates past its stated size") }
            output.append(contentsOf: try bytes(length))
        }

        static let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115,
                                 131, 163, 195, 227, 258]
        static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
        static let distanceBase = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025,
                                   1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]
        static let distanceExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12,
                                    13, 13]
        static let fixedLengths: Huffman = {
            var lengths = [Int](repeating: 8, count: 288)
            for i in 144..<256 { lengths[i] = 9 }
            for i in 256..<280 { lengths[i] = 7 }
            return try! Huffman(lengths: lengths[...])
        }()
        static let fixedDistances: Huffman = try! Huffman(lengths: [Int](repeating: 5, count: 30)[...])

        mutating func codes(_ lengths: Huffman, _ distances: Huffman) throws(Failure) {
            while true {
                let symbol = try decode(lengths)
                if symbol < 256 {
                    guard output.count < limit else { throw Failure(description: "the data inflates past its stated size") }
                    output.append(UInt8(symbol))
                } else if symbol == 256 {
                    return
                } else {
                    let index = symbol - 257
                    guard index < 29 else { throw Failure(description: "an invalid length code (damaged)") }
                    let length = Self.lengthBase[index] + (try bits(Self.lengthExtra[index]))
                    let distanceSymbol = try decode(distances)
                    guard distanceSymbol < 30 else { throw Failure(description: "an invalid distance code (damaged)") }
                    let distance = Self.distanceBase[distanceSymbol] + (try bits(Self.distanceExtra[distanceSymbol]))
                    guard distance <= output.count else { throw Failure(description: "a distance reaches before the data (damaged)") }
                    guard output.count + length <= limit else { throw Failure(description: "the data inflates past its stated size") }
                    let start = output.count - distance
                    for offset in 0..<length { output.append(output[start + offset]) }
                }
            }
        }

        mutating func dynamic() throws(Failure) {
            let literalCount = try bits(5) + 257, distanceCount = try bits(5) + 1, codeCount = try bits(4) + 4
            guard literalCount <= 286, distanceCount <= 30 else { throw Failure(description: "too many codes (damaged)") }
            let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
            var codeLengths = [Int](repeating: 0, count: 19)
            for index in 0..<codeCount { codeLengths[order[index]] = try bits(3) }
            let lengthCode = try Huffman(lengths: codeLengths[...])
            var lengths: [Int] = []
            while lengths.count < literalCount + distanceCount {
                let symbol = try decode(lengthCode)
                switch symbol {
                case 0..<16: lengths.append(symbol)
                case 16:
                    guard let previous = lengths.last else { throw Failure(description: "a repeat with nothing before it (damaged)") }
                    lengths += Array(repeating: previous, count: 3 + (try bits(2)))
                case 17: lengths += Array(repeating: 0, count: 3 + (try bits(3)))
                default: lengths += Array(repeating: 0, count: 11 + (try bits(7)))
                }
            }
            guard lengths.count == literalCount + distanceCount else { throw Failure(description: "too many code lengths (damaged)") }
            guard lengths[256] != 0 else { throw Failure(description: "no end-of-block code (damaged)") }
            try codes(try Huffman(lengths: lengths[0..<literalCount]),
                      try Huffman(lengths: lengths[literalCount...]))
        }
    }
}
