/// Base64 (RFC 4648, with padding), for data: URLs in the HTML player.
package enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    package static func encode(_ bytes: [UInt8]) -> String {
        let length = (bytes.count + 2) / 3 * 4
        return bytes.withUnsafeBufferPointer { input in
            alphabet.withUnsafeBufferPointer { alphabet in
                String(unsafeUninitializedCapacity: length) { output in
                    var index = 0, out = 0
                    while index + 2 < input.count {
                        let value = UInt32(input[index]) << 16 | UInt32(input[index + 1]) << 8 | UInt32(input[index + 2])
                        output[out] = alphabet[Int(value >> 18)]
                        output[out + 1] = alphabet[Int(value >> 12 & 63)]
                        output[out + 2] = alphabet[Int(value >> 6 & 63)]
                        output[out + 3] = alphabet[Int(value & 63)]
                        index += 3
                        out += 4
                    }
                    let rest = input.count - index
                    if rest > 0 {
                        let value = UInt32(input[index]) << 16 | (rest == 2 ? UInt32(input[index + 1]) << 8 : 0)
                        output[out] = alphabet[Int(value >> 18)]
                        output[out + 1] = alphabet[Int(value >> 12 & 63)]
                        output[out + 2] = rest == 2 ? alphabet[Int(value >> 6 & 63)] : UInt8(ascii: "=")
                        output[out + 3] = UInt8(ascii: "=")
                        out += 4
                    }
                    return out
                }
            }
        }
    }
}

extension Base64 {
    /// The bytes of base64 text (padding optional, no white space), or nil when it is not base64.
    package static func decode(_ text: String) -> [UInt8]? {
        var values: [UInt8] = []
        values.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): values.append(byte - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): values.append(byte - UInt8(ascii: "a") + 26)
            case UInt8(ascii: "0")...UInt8(ascii: "9"): values.append(byte - UInt8(ascii: "0") + 52)
            case UInt8(ascii: "+"): values.append(62)
            case UInt8(ascii: "/"): values.append(63)
            case UInt8(ascii: "="): continue
            default: return nil
            }
        }
        guard values.count % 4 != 1 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(values.count * 3 / 4)
        var index = 0
        while index < values.count {
            let chunk = values[index..<min(index + 4, values.count)]
            var value: UInt32 = 0
            for (offset, sextet) in chunk.enumerated() { value |= UInt32(sextet) << UInt32(18 - 6 * offset) }
            bytes.append(UInt8(value >> 16 & 0xFF))
            if chunk.count > 2 { bytes.append(UInt8(value >> 8 & 0xFF)) }
            if chunk.count > 3 { bytes.append(UInt8(value & 0xFF)) }
            index += 4
        }
        return bytes
    }
}
