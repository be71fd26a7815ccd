import AnimatorEngine

/// Writes images as PNG (8-bit RGBA, non-interlaced), each row with the "up" filter,
/// compressed with `Deflate`.
public enum PNGEncoder {
    /// The PNG file for `image` (straight, not premultiplied, alpha: frames are opaque).
    /// `level`: `.default` (zlib's 6) for files that are kept, `.fast` (zlib's 1) for
    /// reports and previews.
    public static func encode(_ image: Image, level: Deflate.Level = .default) -> [UInt8] {
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        header += bigEndian(UInt32(image.width))
        header += bigEndian(UInt32(image.height))
        header += [8, 6, 0, 0, 0]       // 8 bits, RGBA, deflate, no filter choice, no interlace
        chunk("IHDR", header, into: &file)
        chunk("IDAT", compressedRows(image, level: level), into: &file)
        chunk("IEND", [], into: &file)
        return file
    }

    /// The image's rows, filtered and compressed: what its IDAT (or an APNG frame's
    /// fdAT) holds. `level`: `.default` for files that are kept, `.fast` for reports and
    /// previews.
    public static func compressedRows(_ image: Image, level: Deflate.Level = .default) -> [UInt8] {
        Deflate.zlib(filteredRows(image), level: level)
    }

    /// The image's rows as PNG compresses them: each begins with its filter type, the
    /// first row unfiltered (0), the others with "up" (2: each byte minus the byte above).
    public static func filteredRows(_ image: Image) -> [UInt8] {
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
                        row[0] = 2
                        let above = current - stride
                        for i in 0..<stride { row[1 + i] = current[i] &- above[i] }
                    }
                }
            }
        }
        return raw
    }

    /// An animated PNG (APNG): frames of one size, each shown for its delay in seconds
    /// (kept to the millisecond, at most 65.535 s), looping forever. `frames` gives each
    /// frame's compressed rows (`compressedRows`), so that a caller can make them a batch
    /// at a time; the first frame is also the picture of viewers without APNG support.
    public static func encodeAnimated(width: Int, height: Int, delays: [Double], frames: [[UInt8]]) -> [UInt8] {
        precondition(frames.count == delays.count && !frames.isEmpty, "one delay per frame, at least one frame")
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        chunk("IHDR", bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, 6, 0, 0, 0], into: &file)
        chunk("acTL", bigEndian(UInt32(frames.count)) + bigEndian(0), into: &file)   // frames, plays (0: forever)
        var sequence: UInt32 = 0
        for (index, data) in frames.enumerated() {
            let milliseconds = UInt16(min(max((delays[index] * 1000).rounded(), 0), 65535))
            var control = bigEndian(sequence) + bigEndian(UInt32(width)) + bigEndian(UInt32(height))
            control += bigEndian(0) + bigEndian(0)                                       // x, y offset
            control += [UInt8(milliseconds >> 8), UInt8(milliseconds & 0xFF), 0x03, 0xE8] // delay / 1000
            control += [0, 0]                                                            // dispose none, blend source
            chunk("fcTL", control, into: &file)
            sequence += 1
            if index == 0 {
                chunk("IDAT", data, into: &file)
            } else {
                chunk("fdAT", bigEndian(sequence) + data, into: &file)
                sequence += 1
            }
        }
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
