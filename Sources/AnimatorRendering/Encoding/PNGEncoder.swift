import AnimatorEngine
import AnimatorSupport
/// Writes images as PNG (8-bit RGBA, non-interlaced), each row with the "up" filter,
/// compressed with `Deflate`.
public enum PNGEncoder {
    /// The PNG file for `image` (straight, not premultiplied, alpha: frames are opaque).
    public static func encode(_ image: Image) -> [UInt8] {
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        header += bigEndian(UInt32(image.width))
        header += bigEndian(UInt32(image.height))
        header += [8, 6, 0, 0, 0]       // 8 bits, RGBA, deflate, no filter choice, no interlace
        chunk("IHDR", header, into: &file)
        let stride = image.width * 4
        var raw = [UInt8](repeating: 0, count: (stride + 1) * image.height)
        image.pixels.withUnsafeBytes { pixels in
            raw.withUnsafeMutableBufferPointer { raw in
                for y in 0..<image.height {
                    let row = raw.baseAddress! + y * (stride + 1)
                    let current = pixels.baseAddress!.assumingMemoryBound(to: UInt8.self) + y * stride
                    if y == 0 {
                        row[0] = 0
                        (row + 1).update(from: current, count: stride)
                    } else {
                        row[0] = 2          // up: each byte minus the byte above
                        let above = current - stride
                        for i in 0..<stride { row[1 + i] = current[i] &- above[i] }
                    }
                }
            }
        }
        chunk("IDAT", Deflate.zlib(raw), into: &file)
        chunk("IEND", [], into: &file)
        return file
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    private static func chunk(_ type: String, _ data: [UInt8], into file: inout [UInt8]) {
        file += bigEndian(UInt32(data.count))
        let typeBytes = Array(type.utf8)
        file += typeBytes
        file += data
        file += bigEndian(Checksums.crc32(data, continuing: Checksums.crc32(typeBytes)))
    }
}
