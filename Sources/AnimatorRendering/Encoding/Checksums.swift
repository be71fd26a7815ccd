import CMathShim

/// The checksums PNG needs: CRC-32 (ISO 3309, as in zlib and PNG chunks) and Adler-32
/// (the zlib stream trailer).
public enum Checksums {
    private static let crcTable: [UInt32] = (0..<256).map { n -> UInt32 in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    /// Eight tables of 256 (slicing by eight): table k maps a byte to its CRC followed by
    /// k zero bytes, so eight bytes combine in one step, each looked up in its own table.
    private static let crcTables: [UInt32] = {
        var tables = crcTable
        for k in 1..<8 {
            for n in 0..<256 {
                let previous = tables[(k - 1) * 256 + n]
                tables.append(crcTable[Int(previous & 0xFF)] ^ (previous >> 8))
            }
        }
        return tables
    }()

    /// CRC-32 of `bytes`, continuing from `crc` (start with 0): eight bytes a step where
    /// the bytes are contiguous, one at a time otherwise.
    public static func crc32<C: Collection>(_ bytes: C, continuing crc: UInt32 = 0) -> UInt32 where C.Element == UInt8 {
        if let result = bytes.withContiguousStorageIfAvailable({ crc32(UnsafeRawBufferPointer($0), continuing: crc) }) {
            return result
        }
        var c = ~crc
        for byte in bytes { c = crcTable[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
        return ~c
    }

    /// CRC-32 of contiguous bytes, slicing by eight.
    static func crc32(_ bytes: UnsafeRawBufferPointer, continuing crc: UInt32) -> UInt32 {
        var c = ~crc
        crcTables.withUnsafeBufferPointer { table in
            var index = 0
            while index + 8 <= bytes.count {
                let x = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)) ^ UInt64(c)
                c = table[7 * 256 + Int(x & 0xFF)] ^ table[6 * 256 + Int(x >> 8 & 0xFF)]
                    ^ table[5 * 256 + Int(x >> 16 & 0xFF)] ^ table[4 * 256 + Int(x >> 24 & 0xFF)]
                    ^ table[3 * 256 + Int(x >> 32 & 0xFF)] ^ table[2 * 256 + Int(x >> 40 & 0xFF)]
                    ^ table[256 + Int(x >> 48 & 0xFF)] ^ table[Int(x >> 56)]
                index += 8
            }
            while index < bytes.count {
                c = table[Int((c ^ UInt32(bytes[index])) & 0xFF)] ^ (c >> 8)
                index += 1
            }
        }
        return ~c
    }

    /// Adler-32 of `bytes`: on x86-64 in SSE2 (`ah_adler32_sse2`: each chunk's sum in one
    /// instruction, its weighted sum in two), elsewhere in the portable vector types
    /// (`adler32Lanes`). `value` is the checksum of the bytes before these (1, the default,
    /// for none).
    static func adler32(_ bytes: UnsafeBufferPointer<UInt8>, continuing value: UInt32 = 1) -> UInt32 {
        #if arch(x86_64)
        var low = value & 0xFFFF, high = value >> 16
        if let base = bytes.baseAddress { ah_adler32_sse2(base, UInt(bytes.count), &low, &high) }
        return high << 16 | low
        #else
        return adler32Lanes(bytes, continuing: value)
        #endif
    }

    /// The Adler-32 of two runs of bytes one after the other, from the first's checksum, the
    /// second's (each from 1) and the second's length: its sum of bytes adds to the first's,
    /// and each of its bytes is counted again, in the running sum, once for every byte of it.
    static func adler32(combining first: UInt32, with second: UInt32, secondLength: Int) -> UInt32 {
        let modulus: UInt64 = 65521
        let a1 = UInt64(first & 0xFFFF), b1 = UInt64(first >> 16)
        let a2 = UInt64(second & 0xFFFF), b2 = UInt64(second >> 16)
        let length = UInt64(secondLength) % modulus
        let a = (a1 + a2 + modulus - 1) % modulus
        let b = (b1 + b2 + length * ((a1 + modulus - 1) % modulus)) % modulus
        return UInt32(b) << 16 | UInt32(a)
    }

    /// Adler-32 of `bytes` in the portable vector types, sixteen bytes at a time: per lane l
    /// of the 16-byte chunks of a block, S_l sums the lane's bytes and T_l sums the running
    /// S_l after each chunk, so that over a block of n = 16m bytes a grows by ΣS_l and b by
    /// n·a + 16·ΣT_l − Σ l·S_l (each byte counted once for every byte from it to the
    /// block's end). Blocks of 5,552 bytes keep the lanes' sums below 2³²; the tail is
    /// summed a byte at a time.
    static func adler32Lanes(_ bytes: UnsafeBufferPointer<UInt8>, continuing value: UInt32 = 1) -> UInt32 {
        var a = UInt64(value & 0xFFFF), b = UInt64(value >> 16)
        guard let base = bytes.baseAddress else { return value }
        let raw = UnsafeRawPointer(base)
        var index = 0
        let lanes = SIMD16<UInt32>(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)
        while index + 16 <= bytes.count {
            let chunks = min((bytes.count - index) / 16, 347)
            var s = SIMD16<UInt32>(repeating: 0), t = SIMD16<UInt32>(repeating: 0)
            for chunk in 0..<chunks {
                let block = raw.loadUnaligned(fromByteOffset: index + chunk * 16, as: SIMD16<UInt8>.self)
                s &+= SIMD16<UInt32>(truncatingIfNeeded: block)
                t &+= s
            }
            let n = UInt64(chunks * 16)
            let sumS = UInt64(s.wrappedSum()), sumT = UInt64(t.wrappedSum()) // each below 2³²
            var weighted: UInt64 = 0
            for lane in 0..<16 { weighted += UInt64(lanes[lane]) * UInt64(s[lane]) }
            b = (b + n * a + 16 * sumT - weighted) % 65521
            a = (a + sumS) % 65521
            index += chunks * 16
        }
        while index < bytes.count {
            a += UInt64(bytes[index])
            b += a
            index += 1
        }
        return UInt32(b % 65521) << 16 | UInt32(a % 65521)
    }
}
