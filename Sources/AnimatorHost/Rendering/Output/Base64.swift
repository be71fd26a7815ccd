/// Base64 (RFC 4648, with padding), for data: URLs in the HTML player.
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func encode(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index + 2 < bytes.count {
            let value = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
            output += [alphabet[Int(value >> 18)], alphabet[Int(value >> 12 & 63)], alphabet[Int(value >> 6 & 63)],
                       alphabet[Int(value & 63)]]
            index += 3
        }
        let rest = bytes.count - index
        if rest == 1 {
            let value = UInt32(bytes[index]) << 16
            output += [alphabet[Int(value >> 18)], alphabet[Int(value >> 12 & 63)], UInt8(ascii: "="), UInt8(ascii: "=")]
        } else if rest == 2 {
            let value = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8
            output += [alphabet[Int(value >> 18)], alphabet[Int(value >> 12 & 63)], alphabet[Int(value >> 6 & 63)],
                       UInt8(ascii: "=")]
        }
        return String(decoding: output, as: UTF8.self)
    }
}
