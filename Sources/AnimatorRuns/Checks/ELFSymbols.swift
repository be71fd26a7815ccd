import AnimatorSupport

/// The dynamic symbols a shared library exports, read from its ELF file (64-bit,
/// little-endian) without loading it: the `.dynsym` section's defined global and weak
/// symbols. Every offset and size is checked against the file.
enum ELFSymbols {
    /// Why a file could not be read as an ELF library.
    struct Unreadable: Error, CustomStringConvertible {
        var description: String
    }

    /// The names of the defined, exported (global or weak, default or protected
    /// visibility) functions and objects of the library at `path`.
    static func exported(path: String) throws(Unreadable) -> [String] {
        let bytes: [UInt8]
        switch FileSystem.readRegularFile(path, limit: FileLimits.program) {
        case .success(let read): bytes = read
        case .failure(let refusal): throw Unreadable(description: refusal.reason)
        }
        return try exported(bytes)
    }

    /// The same, from the file's bytes.
    static func exported(_ bytes: [UInt8]) throws(Unreadable) -> [String] {
        func field(_ offset: Int, _ size: Int) throws(Unreadable) -> Int {
            guard offset >= 0, size <= 8, offset + size <= bytes.count else { throw Unreadable(description: "truncated ELF file") }
            var value = 0
            for index in 0..<size { value |= Int(bytes[offset + index]) << (8 * index) }
            return value
        }
        guard bytes.count >= 64, bytes[0] == 0x7F, bytes[1] == 0x45, bytes[2] == 0x4C, bytes[3] == 0x46 else {
            throw Unreadable(description: "not an ELF file")
        }
        guard bytes[4] == 2, bytes[5] == 1 else { throw Unreadable(description: "not a 64-bit little-endian ELF file") }
        let sectionOffset = try field(0x28, 8)
        let sectionSize = try field(0x3A, 2)
        let sectionCount = try field(0x3C, 2)
        guard sectionSize >= 64, sectionCount <= 65_535 else { throw Unreadable(description: "malformed section table") }
        func section(_ index: Int) throws(Unreadable) -> (type: Int, offset: Int, size: Int, link: Int, entrySize: Int) {
            let base = sectionOffset + index * sectionSize
            return (try field(base + 4, 4), try field(base + 0x18, 8), try field(base + 0x20, 8), try field(base + 0x28, 4),
                    try field(base + 0x38, 8))
        }
        var names: [String] = []
        for index in 0..<sectionCount {
            let symbols = try section(index)
            guard symbols.type == 11 else { continue }   // SHT_DYNSYM
            guard symbols.link < sectionCount, symbols.entrySize >= 24 else { throw Unreadable(description: "malformed .dynsym") }
            let strings = try section(symbols.link)
            guard strings.offset >= 0, strings.size >= 0, strings.offset + strings.size <= bytes.count,
                  symbols.offset >= 0, symbols.size >= 0, symbols.offset + symbols.size <= bytes.count else {
                throw Unreadable(description: "a section outside the file")
            }
            for entry in stride(from: symbols.offset, to: symbols.offset + symbols.size - 23, by: symbols.entrySize) {
                let nameOffset = try field(entry, 4)
                let info = try field(entry + 4, 1)
                let other = try field(entry + 5, 1)
                let sectionIndex = try field(entry + 6, 2)
                let binding = info >> 4, kind = info & 0xF, visibility = other & 0x3
                // Defined (not UND), global or weak, a function or an object, visible.
                guard sectionIndex != 0, binding == 1 || binding == 2, kind == 1 || kind == 2,
                      visibility == 0 || visibility == 3, nameOffset < strings.size else { continue }
                var end = strings.offset + nameOffset
                while end < strings.offset + strings.size && bytes[end] != 0 { end += 1 }
                names.append(String(decoding: bytes[(strings.offset + nameOffset)..<end], as: UTF8.self))
            }
        }
        return names.sorted()
    }
}
