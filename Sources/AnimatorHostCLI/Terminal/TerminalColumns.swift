/// How many terminal columns text takes: East Asian wide characters and most emoji two,
/// combining marks and zero-width characters none, everything else one (what terminals
/// following Unicode's East Asian Width do).
enum TerminalColumns {
    /// The columns of one scalar.
    static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value == 0x200B || value == 0x200C || value == 0x200D || value == 0xFEFF { return 0 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        let wide: [ClosedRange<UInt32>] = [0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
                                          0x4E00...0x9FFF, 0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF,
                                          0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
                                          0x1F900...0x1F9FF, 0x20000...0x3FFFD]
        return wide.contains { $0.contains(value) } ? 2 : 1
    }

    /// The columns of `text`.
    static func of(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + of($1) }
    }

    /// The longest start of `text` that fits in `columns`.
    static func prefix(_ text: String, fitting columns: Int) -> String {
        var used = 0
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let width = of(scalar)
            if used + width > columns { break }
            used += width
            scalars.append(scalar)
        }
        return String(scalars)
    }
}
