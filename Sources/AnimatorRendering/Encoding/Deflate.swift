/// A small DEFLATE compressor (RFC 1951) for PNG: LZ77 over a 32 KiB window with a hash
/// of three bytes and short chains, coded with the fixed Huffman codes. Flat interface
/// pictures compress well with it; it does not try to match zlib's ratios.
enum Deflate {
    /// A zlib stream (RFC 1950) of `data`: header, DEFLATE blocks, Adler-32.
    static func zlib(_ data: [UInt8]) -> [UInt8] {
        var writer = BitWriter(capacity: data.count / 4 + 64)
        writer.write(0x78, width: 8)
        writer.write(0x01, width: 8)      // 0x7801 % 31 == 0: no dictionary, fastest level
        data.withUnsafeBufferPointer { compress($0, into: &writer) }
        var bytes = writer.finish()
        let adler = data.withUnsafeBufferPointer { Checksums.adler32($0) }
        bytes += [UInt8(adler >> 24), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF), UInt8(adler & 0xFF)]
        return bytes
    }

    // Length codes 257...285: base lengths and extra bits (RFC 1951, 3.2.5).
    private static let lengthBase: [Int] = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59,
                                            67, 83, 99, 115, 131, 163, 195, 227, 258]
    private static let lengthExtra: [Int] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3,
                                             4, 4, 4, 4, 5, 5, 5, 5, 0]
    private static let distanceBase: [Int] = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385,
                                              513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]
    private static let distanceExtra: [Int] = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8,
                                               9, 9, 10, 10, 11, 11, 12, 12, 13, 13]
    /// The length code index for each length 3...258.
    private static let lengthCode: [UInt8] = (0...258).map { length -> UInt8 in
        guard length >= 3 else { return 0 }
        var code = lengthBase.count - 1
        while lengthBase[code] > length { code -= 1 }
        return UInt8(code)
    }

    /// A literal or length symbol with the fixed code (RFC 1951, 3.2.6).
    @inline(__always)
    private static func writeSymbol(_ symbol: Int, _ writer: inout BitWriter) {
        switch symbol {
        case 0...143: writer.writeReversed(UInt32(0x30 + symbol), width: 8)
        case 144...255: writer.writeReversed(UInt32(0x190 + symbol - 144), width: 9)
        case 256...279: writer.writeReversed(UInt32(symbol - 256), width: 7)
        default: writer.writeReversed(UInt32(0xC0 + symbol - 280), width: 8)
        }
    }

    private static func writeMatch(length: Int, distance: Int, _ writer: inout BitWriter) {
        let lengthIndex = Int(lengthCode[length])
        writeSymbol(257 + lengthIndex, &writer)
        if lengthExtra[lengthIndex] > 0 {
            writer.write(UInt32(length - lengthBase[lengthIndex]), width: lengthExtra[lengthIndex])
        }
        var distanceIndex = distanceBase.count - 1
        while distanceBase[distanceIndex] > distance { distanceIndex -= 1 }
        writer.writeReversed(UInt32(distanceIndex), width: 5)
        if distanceExtra[distanceIndex] > 0 {
            writer.write(UInt32(distance - distanceBase[distanceIndex]), width: distanceExtra[distanceIndex])
        }
    }

    /// One final block with fixed codes holding all of `data`.
    private static func compress(_ data: UnsafeBufferPointer<UInt8>, into writer: inout BitWriter) {
        writer.write(1, width: 1)       // BFINAL
        writer.write(1, width: 2)       // BTYPE = 01, fixed Huffman codes
        let hashBits = 15
        var head = [Int32](repeating: -1, count: 1 << hashBits)
        var previous = [Int32](repeating: -1, count: 1 << 15)
        let window = 32768, maxChain = 16
        var position = 0
        let count = data.count
        @inline(__always) func hash(_ i: Int) -> Int {
            let value = UInt32(data[i]) | UInt32(data[i + 1]) << 8 | UInt32(data[i + 2]) << 16
            return Int((value &* 2_654_435_761) >> UInt32(32 - hashBits))
        }
        @inline(__always) func insert(_ i: Int) {
            guard i + 2 < count else { return }
            let h = hash(i)
            previous[i & (window - 1)] = head[h]
            head[h] = Int32(i)
        }
        while position < count {
            var bestLength = 0, bestDistance = 0
            if position + 2 < count {
                var candidate = Int(head[hash(position)])
                var chain = 0
                let limit = min(258, count - position)
                while candidate >= 0, position - candidate <= window, chain < maxChain {
                    if data[candidate + bestLength] == data[position + bestLength] || bestLength == 0 {
                        var length = 0
                        while length < limit, data[candidate + length] == data[position + length] { length += 1 }
                        if length > bestLength {
                            bestLength = length
                            bestDistance = position - candidate
                            if length == limit { break }
                        }
                    }
                    let next = Int(previous[candidate & (window - 1)])
                    guard next < candidate else { break }
                    candidate = next
                    chain += 1
                }
            }
            if bestLength >= 3 {
                writeMatch(length: bestLength, distance: bestDistance, &writer)
                for i in position..<(position + bestLength) { insert(i) }
                position += bestLength
            } else {
                writeSymbol(Int(data[position]), &writer)
                insert(position)
                position += 1
            }
        }
        writeSymbol(256, &writer)       // end of block
    }
}
