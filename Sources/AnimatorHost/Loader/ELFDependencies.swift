import AnimatorSupport

/// The libraries a shared library names as its dependencies (its dynamic section's
/// DT_NEEDED entries), read from an open ELF file (64-bit, little-endian) without loading
/// it: the ELF header, the program headers, the dynamic segment and the string table, each
/// read with `pread` and checked against the file. Anything unreadable gives no names.
enum ELFDependencies {
    /// The DT_NEEDED names of the library open as `descriptor`, in the file's order.
    static func needed(descriptor: Int32) -> [String] {
        let reader = Reader(descriptor: descriptor)
        guard let header = reader.bytes(at: 0, count: 64), header.starts(with: [0x7F, 0x45, 0x4C, 0x46]),
              header[4] == 2, header[5] == 1 else { return [] }
        let programOffset = Reader.integer(header, at: 0x20, size: 8)
        let entrySize = Reader.integer(header, at: 0x36, size: 2), count = Reader.integer(header, at: 0x38, size: 2)
        guard entrySize >= 56, count > 0, count <= 4096,
              let table = reader.bytes(at: programOffset, count: entrySize * count) else { return [] }
        // The loadable segments (to turn addresses into file offsets) and the dynamic one.
        var loads: [(address: Int, offset: Int, size: Int)] = []
        var dynamic: (offset: Int, size: Int)?
        for index in 0..<count {
            let base = index * entrySize
            let type = Reader.integer(table, at: base, size: 4)
            let offset = Reader.integer(table, at: base + 8, size: 8)
            let address = Reader.integer(table, at: base + 16, size: 8)
            let size = Reader.integer(table, at: base + 32, size: 8)
            if type == 1 { loads.append((address, offset, size)) }
            if type == 2 { dynamic = (offset, size) }
        }
        guard let dynamic, dynamic.size > 0, dynamic.size <= 1 << 20,
              let entries = reader.bytes(at: dynamic.offset, count: dynamic.size - dynamic.size % 16) else { return [] }
        var neededOffsets: [Int] = []
        var tableAddress: Int?, tableSize: Int?
        for base in stride(from: 0, to: entries.count, by: 16) {
            let tag = Reader.integer(entries, at: base, size: 8), value = Reader.integer(entries, at: base + 8, size: 8)
            if tag == 0 { break }                                 // DT_NULL
            if tag == 1 { neededOffsets.append(value) }            // DT_NEEDED
            if tag == 5 { tableAddress = value }                   // DT_STRTAB
            if tag == 10 { tableSize = value }                     // DT_STRSZ
        }
        guard let tableAddress, let tableSize, tableSize > 0, tableSize <= 1 << 24,
              let segment = loads.first(where: { tableAddress >= $0.address && tableAddress - $0.address < $0.size }),
              let strings = reader.bytes(at: tableAddress - segment.address + segment.offset, count: tableSize)
        else { return [] }
        return neededOffsets.compactMap { start -> String? in
            guard start >= 0, start < strings.count, let end = strings[start...].firstIndex(of: 0) else { return nil }
            return String(decoding: strings[start..<end], as: UTF8.self)
        }
    }

    /// Reads byte ranges of an open file.
    private struct Reader {
        let descriptor: Int32

        /// `count` bytes at `offset`, or nil when the file does not hold them all.
        func bytes(at offset: Int, count: Int) -> [UInt8]? {
            guard count > 0, count <= 1 << 24 else { return nil }
            return FileSystem.read(descriptor, at: offset, count: count)
        }

        /// The little-endian unsigned integer of `size` bytes at `offset` (0 past the end;
        /// values beyond Int.max read as -1, which every check refuses).
        static func integer(_ bytes: [UInt8], at offset: Int, size: Int) -> Int {
            guard offset >= 0, offset + size <= bytes.count else { return 0 }
            var value: UInt64 = 0
            for index in (0..<size).reversed() { value = value << 8 | UInt64(bytes[offset + index]) }
            return value > UInt64(Int.max) ? -1 : Int(value)
        }
    }
}
