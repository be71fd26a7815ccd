import AnimatorEngine
import AnimatorSupport
import Glibc

/// Reads PNG files into premultiplied images: every color type (grey, RGB, palette, grey
/// with alpha, RGBA) at every bit depth PNG allows (1, 2, 4, 8 and 16), tRNS
/// transparency, the five row filters, and Adam7 interlacing. Chunks are CRC-checked;
/// ancillary chunks the decoder does not use (gamma, text, ...) are skipped. A damaged
/// or hostile file is an error naming the reason; sizes are checked before anything is
/// allocated.
public enum PNGDecoder {
    /// A file that is not a PNG this decoder can read, and why.
    public struct Failure: Error, CustomStringConvertible, Equatable {
        public var description: String
    }

    /// The longest side an image may have, in pixels.
    public static let maximumSide = 16384
    /// The most pixels an image may have (as many as 8192 × 8192: 256 MiB decoded).
    public static let maximumPixels = 8192 * 8192

    /// Reads a PNG file.
    ///
    /// - Throws: `Failure` naming the file and the reason.
    public static func decode(path: String) throws(Failure) -> Image {
        let bytes: [UInt8]
        switch FileSystem.readRegularFile(path, limit: FileLimits.image) {
        case .success(let read): bytes = read
        case .failure(let refusal): throw Failure(description: "\(path): \(refusal.reason)")
        }
        do { return try decode(bytes) } catch { throw Failure(description: "\(path): \(error.description)") }
    }

    /// The width and height a PNG file's header gives, read from its first 24 bytes without
    /// decoding it (the header's checksum is not checked: `decode` does that). Answers in
    /// constant time whatever the file's size.
    ///
    /// - Throws: `Failure` when the file cannot be read or does not start as a PNG does.
    public static func dimensions(path: String) throws(Failure) -> (width: Int, height: Int) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw Failure(description: "\(path): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var head = [UInt8](repeating: 0, count: 24)
        var filled = 0
        while filled < head.count {
            let count = head.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + filled, $0.count - filled) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            filled += count
        }
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard filled == 24, Array(head[0..<8]) == signature, Array(head[12..<16]) == Array("IHDR".utf8) else {
            throw Failure(description: "\(path): not a PNG file (no PNG signature and header)")
        }
        let reader = ByteReader(head)
        return (reader.u32(16), reader.u32(20))
    }

    /// Reads a PNG from its bytes.
    ///
    /// - Throws: `Failure` with the reason.
    public static func decode(_ data: [UInt8]) throws(Failure) -> Image {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard data.count >= 8, Array(data[0..<8]) == signature else { throw Failure(description: "not a PNG file (no PNG signature)") }
        let reader = ByteReader(data)
        var position = 8
        var header: (width: Int, height: Int, depth: Int, color: Int, interlaced: Bool)?
        var palette: [UInt32] = []
        var transparency: [UInt8]?
        var compressed: [UInt8] = []
        var ended = false
        while position + 12 <= data.count, !ended {
            let length = reader.u32(position)
            let type = String(decoding: data[(position + 4)..<(position + 8)], as: UTF8.self)
            guard length <= data.count - position - 12 else { throw Failure(description: "chunk \(type) runs past the end of the file") }
            let body = (position + 8)..<(position + 8 + length)
            let stored = UInt32(reader.u32(body.upperBound))
            guard Checksums.crc32(data[body], continuing: Checksums.crc32(data[(position + 4)..<(position + 8)])) == stored else {
                throw Failure(description: "chunk \(type) fails its CRC check (damaged)")
            }
            switch type {
            case "IHDR":
                guard length == 13 else { throw Failure(description: "IHDR has the wrong length") }
                let width = reader.u32(body.lowerBound), height = reader.u32(body.lowerBound + 4)
                let depth = Int(data[body.lowerBound + 8]), color = Int(data[body.lowerBound + 9])
                guard width > 0, height > 0 else { throw Failure(description: "an image of \(width) × \(height) pixels") }
                guard width <= maximumSide, height <= maximumSide, width * height <= maximumPixels else {
                    throw Failure(description: "\(width) × \(height) pixels: each side may be at most \(maximumSide), "
                                  + "and the whole at most \(maximumPixels) pixels")
                }
                let allowed: [Int: [Int]] = [0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16]]
                guard let depths = allowed[color], depths.contains(depth) else {
                    throw Failure(description: "color type \(color) at bit depth \(depth) is not a PNG format")
                }
                guard data[body.lowerBound + 10] == 0, data[body.lowerBound + 11] == 0 else {
                    throw Failure(description: "an unknown compression or filter method")
                }
                let interlace = data[body.lowerBound + 12]
                guard interlace <= 1 else { throw Failure(description: "an unknown interlace method \(interlace)") }
                header = (width, height, depth, color, interlace == 1)
            case "PLTE":
                guard length % 3 == 0, length <= 768 else { throw Failure(description: "PLTE's length is not 3 × up to 256") }
                palette = stride(from: body.lowerBound, to: body.upperBound, by: 3).map {
                    UInt32(data[$0]) | UInt32(data[$0 + 1]) << 8 | UInt32(data[$0 + 2]) << 16 | 0xFF00_0000
                }
            case "tRNS":
                transparency = Array(data[body])
            case "IDAT":
                guard header != nil else { throw Failure(description: "IDAT before IHDR") }
                compressed.append(contentsOf: data[body])
            case "IEND":
                ended = true
            default:
                // Critical chunks (an upper-case first letter) must be understood.
                if let first = type.unicodeScalars.first, first.value >= 65, first.value <= 90 {
                    throw Failure(description: "an unknown critical chunk \(type)")
                }
            }
            position = body.upperBound + 4
        }
        guard let header else { throw Failure(description: "no IHDR chunk") }
        guard !compressed.isEmpty else { throw Failure(description: "no image data (IDAT)") }
        if header.color == 3 && palette.isEmpty { throw Failure(description: "a palette image without PLTE") }
        let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][header.color]!
        let bitsPerPixel = channels * header.depth
        let passes: [(x0: Int, y0: Int, dx: Int, dy: Int)] = header.interlaced
            ? [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
            : [(0, 0, 1, 1)]
        var expected = 0
        for pass in passes {
            let columns = (header.width - pass.x0 + pass.dx - 1) / pass.dx
            let rows = (header.height - pass.y0 + pass.dy - 1) / pass.dy
            if columns > 0 && rows > 0 { expected += rows * (1 + (columns * bitsPerPixel + 7) / 8) }
        }
        let raw: [UInt8]
        do { raw = try Inflate.zlib(compressed, limit: expected) } catch { throw Failure(description: error.description) }
        guard raw.count == expected else {
            throw Failure(description: "the image data holds \(raw.count) bytes where \(expected) were expected")
        }
        // Palette transparency, or the one transparent grey or RGB value.
        if header.color == 3, let transparency {
            for (index, alpha) in transparency.enumerated() where index < palette.count {
                palette[index] = palette[index] & 0x00FF_FFFF | UInt32(alpha) << 24
            }
        }
        let key: [Int]? = transparency.flatMap { bytes -> [Int]? in
            let reader = ByteReader(bytes)
            switch header.color {
            case 0: return bytes.count >= 2 ? [reader.u16(0)] : nil
            case 2: return bytes.count >= 6 ? [reader.u16(0), reader.u16(2), reader.u16(4)] : nil
            default: return nil
            }
        }

        var pixels = [UInt32](repeating: 0, count: header.width * header.height)
        // A palette index past the palette's end: the file is broken, not black.
        var outsidePalette = false
        var offset = 0
        let bytesPerPixel = max(1, bitsPerPixel / 8)
        for pass in passes {
            let columns = (header.width - pass.x0 + pass.dx - 1) / pass.dx
            let rows = (header.height - pass.y0 + pass.dy - 1) / pass.dy
            guard columns > 0, rows > 0 else { continue }
            let stride = (columns * bitsPerPixel + 7) / 8
            var previous = [UInt8](repeating: 0, count: stride)
            var line = [UInt8](repeating: 0, count: stride)
            for row in 0..<rows {
                let filter = raw[offset]
                // One copy of the row (byte by byte, its stores could wait on loads from the
                // same offsets of another 4 KiB page).
                let start = offset + 1
                line.withUnsafeMutableBufferPointer { line in
                    raw.withUnsafeBufferPointer { raw in
                        line.baseAddress!.update(from: raw.baseAddress! + start, count: stride)
                    }
                }
                offset += 1 + stride
                try unfilter(&line, previous: previous, filter: filter, bytesPerPixel: bytesPerPixel)
                let y = pass.y0 + row * pass.dy
                if header.depth == 8, pass.dx == 1, key == nil, header.color == 6 || header.color == 2 {
                    // The common case (what the encoder writes), a row at a time.
                    let channels = header.color == 6 ? 4 : 3
                    line.withUnsafeBufferPointer { source in
                        pixels.withUnsafeMutableBufferPointer { target in
                            for column in 0..<columns {
                                let at = column * channels
                                let red = UInt32(source[at]), green = UInt32(source[at + 1]), blue = UInt32(source[at + 2])
                                let alpha = channels == 4 ? UInt32(source[at + 3]) : 255
                                target[y * header.width + column] = alpha == 255
                                    ? red | green << 8 | blue << 16 | 0xFF00_0000
                                    : (red * alpha + 127) / 255 | ((green * alpha + 127) / 255) << 8
                                        | ((blue * alpha + 127) / 255) << 16 | alpha << 24
                            }
                        }
                    }
                } else {
                    for column in 0..<columns {
                        let x = pass.x0 + column * pass.dx
                        pixels[y * header.width + x] = pixel(line, column, header.depth, header.color, palette, key,
                                                             &outsidePalette)
                    }
                    if outsidePalette {
                        throw Failure(description: "a pixel of row \(y) uses a palette entry beyond the \(palette.count) the palette has")
                    }
                }
                swap(&previous, &line)
            }
        }
        return Image(width: header.width, height: header.height, pixels: pixels)
    }

    /// Undoes one row's filter in place.
    private static func unfilter(_ line: inout [UInt8], previous: [UInt8], filter: UInt8,
                                 bytesPerPixel bpp: Int) throws(Failure) {
        switch filter {
        case 0: return
        case 1: for i in bpp..<max(line.count, bpp) where i < line.count { line[i] = line[i] &+ line[i - bpp] }
        case 2: for i in 0..<line.count { line[i] = line[i] &+ previous[i] }
        case 3:
            for i in 0..<line.count {
                let left = i >= bpp ? Int(line[i - bpp]) : 0
                line[i] = line[i] &+ UInt8((left + Int(previous[i])) / 2)
            }
        case 4:
            for i in 0..<line.count {
                let a = i >= bpp ? Int(line[i - bpp]) : 0, b = Int(previous[i]), c = i >= bpp ? Int(previous[i - bpp]) : 0
                let p = a + b - c
                let pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                let predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
                line[i] = line[i] &+ UInt8(predictor)
            }
        default:
            throw Failure(description: "an unknown row filter \(filter) (damaged)")
        }
    }

    /// Sample `index` of a row at `depth` bits: the value, not scaled.
    @inline(__always)
    private static func sample(_ line: [UInt8], _ index: Int, _ depth: Int) -> Int {
        switch depth {
        case 16: return Int(line[index * 2]) << 8 | Int(line[index * 2 + 1])
        case 8: return Int(line[index])
        default:
            let bit = index * depth
            let byte = Int(line[bit >> 3])
            return byte >> (8 - depth - (bit & 7)) & ((1 << depth) - 1)
        }
    }

    /// A channel value at `depth` bits as 8 bits, rounded.
    @inline(__always)
    private static func eight(_ value: Int, _ depth: Int) -> UInt32 {
        let maximum = (1 << depth) - 1
        return UInt32((value * 255 + maximum / 2) / maximum)
    }

    /// The premultiplied pixel at `column` of a row.
    private static func pixel(_ line: [UInt8], _ column: Int, _ depth: Int, _ color: Int, _ palette: [UInt32],
                              _ key: [Int]?, _ outsidePalette: inout Bool) -> UInt32 {
        var red: UInt32, green: UInt32, blue: UInt32, alpha: UInt32 = 255
        switch color {
        case 0:
            let grey = sample(line, column, depth)
            red = eight(grey, depth); green = red; blue = red
            if let key, key[0] == grey { alpha = 0 }
        case 2:
            let r = sample(line, column * 3, depth), g = sample(line, column * 3 + 1, depth), b = sample(line, column * 3 + 2, depth)
            red = eight(r, depth); green = eight(g, depth); blue = eight(b, depth)
            if let key, key == [r, g, b] { alpha = 0 }
        case 3:
            let index = sample(line, column, depth)
            if index >= palette.count { outsidePalette = true }
            let entry = index < palette.count ? palette[index] : 0xFF00_0000
            red = entry & 0xFF; green = entry >> 8 & 0xFF; blue = entry >> 16 & 0xFF; alpha = entry >> 24
        case 4:
            red = eight(sample(line, column * 2, depth), depth); green = red; blue = red
            alpha = eight(sample(line, column * 2 + 1, depth), depth)
        default:
            red = eight(sample(line, column * 4, depth), depth)
            green = eight(sample(line, column * 4 + 1, depth), depth)
            blue = eight(sample(line, column * 4 + 2, depth), depth)
            alpha = eight(sample(line, column * 4 + 3, depth), depth)
        }
        if alpha < 255 {
            red = (red * alpha + 127) / 255; green = (green * alpha + 127) / 255; blue = (blue * alpha + 127) / 255
        }
        return red | green << 8 | blue << 16 | alpha << 24
    }
}
