import AnimatorEngine

/// Writes images as PNG (8-bit RGB when every pixel is opaque, as a frame of a screen is,
/// RGBA otherwise; non-interlaced), each row with the "up" filter, compressed with
/// `Deflate`.
public enum PNGEncoder {
    /// The PNG file for `image` (straight, not premultiplied, alpha: frames are opaque).
    /// An image whose every pixel is opaque is written without its alpha channel: a
    /// quarter fewer bytes to filter, compress and check, and a smaller file. `level`:
    /// `.default` (zlib's 6) for files that are kept, `.fast` (zlib's 1) for reports and
    /// previews.
    public static func encode(_ image: Image, level: Deflate.Level = .default) -> [UInt8] {
        image.pixels.withUnsafeBufferPointer { encode($0, width: image.width, height: image.height, level: level) }
    }

    /// The PNG file for a picture of `width` × `height` `pixels`, row by row (as `encode(_:level:)`):
    /// for pictures that are some other owner's memory, such as a renderer's canvas.
    public static func encode(_ pixels: UnsafeBufferPointer<UInt32>, width: Int, height: Int,
                              level: Deflate.Level = .default) -> [UInt8] {
        precondition(pixels.count == width * height, "a picture's pixels are its width times its height")
        let opaque = filteredOpaqueRows(pixels, width: width, height: height)
        let data = opaque.map { Deflate.zlib($0.rows, level: level, adler: $0.adler) }
            ?? Deflate.zlib(filteredRows(pixels, width: width, height: height), level: level)
        return file(width: width, height: height, opaque: opaque != nil, data: data)
    }

    /// A PNG file of one picture: the signature, its header (8 bits a channel, RGB when
    /// `opaque`, RGBA otherwise, deflate, rows filtered one by one, no interlace), `data`
    /// (the zlib stream of its filtered rows) and the end.
    static func file(width: Int, height: Int, opaque: Bool, data: [UInt8]) -> [UInt8] {
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        chunk("IHDR", bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, opaque ? 2 : 6, 0, 0, 0], into: &file)
        chunk("IDAT", data, into: &file)
        chunk("IEND", [], into: &file)
        return file
    }

    /// The rows of an opaque picture as an RGB PNG compresses them: each pixel's three
    /// color bytes, each row after its filter type, the first unfiltered (0), the others
    /// "up" (2); nil as soon as a row holds a pixel that is not opaque. One pass, straight
    /// from the pixels: four pixels of the row and the four above them read as sixteen
    /// bytes each, subtracted byte by byte (the filter commutes with dropping the alpha
    /// bytes), their alphas gathered, and the differences' twelve color bytes written. With
    /// the rows, their Adler-32 (the zlib stream's checksum), summed a row at a time while
    /// the row is in the first-level cache rather than in a pass of its own over memory.
    static func filteredOpaqueRows(_ pixels: UnsafeBufferPointer<UInt32>, width: Int, height: Int)
        -> (rows: [UInt8], adler: UInt32)? {
        let stride = width * 3
        guard pixels.baseAddress != nil, width > 0, height > 0 else {
            let rows = [UInt8](repeating: 0, count: height)
            return (rows, rows.withUnsafeBufferPointer { Checksums.adler32($0) })
        }
        var adler: UInt32? = 1
        // Eight bytes of room past the last row: the last row's stores reach two past it.
        let raw = [UInt8](unsafeUninitializedCapacity: (stride + 1) * height + 8) { raw, initialized in
            adler = filterOpaqueRows(pixels, width: width, rows: 0..<height, into: raw.baseAddress!, adler: 1)
            initialized = adler == nil ? 0 : (stride + 1) * height
        }
        return adler.map { (raw, $0) }
    }

    /// Writes rows `rows` of a picture `width` pixels wide as `filteredOpaqueRows` makes
    /// them, each at its place in `destination` (row y at y × (3 × width + 1)), and returns
    /// the Adler-32 of their bytes continuing from `adler`, or nil as soon as a row holds a
    /// pixel that is not opaque. A row's last store reaches two bytes past it (into the
    /// next row's first two, or into room the caller leaves after the last row).
    static func filterOpaqueRows(_ pixels: UnsafeBufferPointer<UInt32>, width: Int, rows: Range<Int>,
                                 into destination: UnsafeMutablePointer<UInt8>, adler start: UInt32) -> UInt32? {
        let stride = width * 3
        guard let source = pixels.baseAddress, width > 0 else { return nil }
        var adler = start
        /// A pair of pixels' six color bytes in the low six of eight (the two above them
        /// are overwritten by the next store).
        @inline(__always) func colors(_ pair: UInt64) -> UInt64 { pair & 0xFF_FFFF | (pair >> 8) & 0xFFFF_FF00_0000 }
        for y in rows {
            let row = destination + y * (stride + 1)
            let from = source + y * width
            let above = y == 0 ? nil : from - width
            // The filter type first: the row before's last store reached into it.
            row[0] = y == 0 ? 0 : 2
            let out = UnsafeMutableRawPointer(row + 1)
            var alphas = SIMD2<UInt64>(repeating: 0xFF00_0000_FF00_0000)
            var x = 0
            while x + 4 <= width {
                let now = UnsafeRawPointer(from + x).loadUnaligned(as: SIMD16<UInt8>.self)
                let up = above.map { UnsafeRawPointer($0 + x).loadUnaligned(as: SIMD16<UInt8>.self) } ?? .zero
                alphas &= unsafeBitCast(now, to: SIMD2<UInt64>.self)
                let difference = unsafeBitCast(now &- up, to: SIMD2<UInt64>.self)
                out.storeBytes(of: colors(difference[0]), toByteOffset: 3 * x, as: UInt64.self)
                out.storeBytes(of: colors(difference[1]), toByteOffset: 3 * x + 6, as: UInt64.self)
                x += 4
            }
            var alpha = alphas[0] & alphas[1]
            while x < width {
                let pixel = from[x], upper = above.map { $0[x] } ?? 0
                alpha &= UInt64(pixel) | 0xFF00_0000_0000_0000
                let difference = unsafeBitCast(unsafeBitCast(pixel, to: SIMD4<UInt8>.self)
                                               &- unsafeBitCast(upper, to: SIMD4<UInt8>.self), to: UInt32.self)
                out.storeBytes(of: UInt8(truncatingIfNeeded: difference), toByteOffset: 3 * x, as: UInt8.self)
                out.storeBytes(of: UInt8(truncatingIfNeeded: difference >> 8), toByteOffset: 3 * x + 1, as: UInt8.self)
                out.storeBytes(of: UInt8(truncatingIfNeeded: difference >> 16), toByteOffset: 3 * x + 2, as: UInt8.self)
                x += 1
            }
            guard alpha == 0xFF00_0000_FF00_0000 else { return nil }
            // The row's own bytes are final (its last store reached only into the next).
            adler = Checksums.adler32(UnsafeBufferPointer(start: row, count: stride + 1), continuing: adler)
        }
        return adler
    }

    /// The image's rows as RGBA, filtered and compressed: what an APNG frame's IDAT or
    /// fdAT holds (and a still PNG's, when the image is not opaque). `level`: `.default`
    /// for files that are kept, `.fast` for reports and previews.
    public static func compressedRows(_ image: Image, level: Deflate.Level = .default) -> [UInt8] {
        Deflate.zlib(filteredRows(image), level: level)
    }

    /// `compressedRows(_:level:)` of a picture of `width` × `height` `pixels`, row by row:
    /// for pictures that are some other owner's memory, such as a renderer's canvas.
    public static func compressedRows(_ pixels: UnsafeBufferPointer<UInt32>, width: Int, height: Int,
                                      level: Deflate.Level = .default) -> [UInt8] {
        precondition(pixels.count == width * height, "a picture's pixels are its width times its height")
        return Deflate.zlib(filteredRows(pixels, width: width, height: height), level: level)
    }

    /// The image's rows as PNG compresses them: each begins with its filter type, the
    /// first row unfiltered (0), the others with "up" (2: each byte minus the byte above).
    public static func filteredRows(_ image: Image) -> [UInt8] {
        image.pixels.withUnsafeBufferPointer { filteredRows($0, width: image.width, height: image.height) }
    }

    /// `filteredRows(_:)` of a picture of `width` × `height` `pixels`.
    static func filteredRows(_ pixels: UnsafeBufferPointer<UInt32>, width: Int, height: Int) -> [UInt8] {
        let stride = width * 4
        return [UInt8](unsafeUninitializedCapacity: (stride + 1) * height) { raw, initialized in
            initialized = (stride + 1) * height
            // No pixels (a width of 0): each row is its filter byte alone.
            guard let source = UnsafeRawPointer(pixels.baseAddress)?.assumingMemoryBound(to: UInt8.self) else {
                raw.initialize(repeating: 0)
                return
            }
            for y in 0..<height {
                let row = raw.baseAddress! + y * (stride + 1)
                let current = source + y * stride
                if y == 0 {
                    row[0] = 0
                    (row + 1).update(from: current, count: stride)
                } else {
                    row[0] = 2
                    subtract(current - stride, from: current, into: row + 1, count: stride)
                }
            }
        }
    }

    /// `count` bytes of `now` minus the bytes `above` them, into `destination` (which may be
    /// `now` itself): the "up" filter of one row, sixteen bytes at a time, then the rest.
    @inline(__always)
    private static func subtract(_ above: UnsafePointer<UInt8>, from now: UnsafePointer<UInt8>,
                                 into destination: UnsafeMutablePointer<UInt8>, count: Int) {
        var i = 0
        while i + 16 <= count {
            let a = UnsafeRawPointer(now + i).loadUnaligned(as: SIMD16<UInt8>.self)
            let b = UnsafeRawPointer(above + i).loadUnaligned(as: SIMD16<UInt8>.self)
            UnsafeMutableRawPointer(destination + i).storeBytes(of: a &- b, as: SIMD16<UInt8>.self)
            i += 16
        }
        while i < count {
            destination[i] = now[i] &- above[i]
            i += 1
        }
    }

    /// An animated PNG (APNG): frames of one size, each shown for its delay in seconds
    /// (kept to the millisecond, at most 65.535 s), looping forever. `frames` gives each
    /// frame's compressed rows (`compressedRows`), so that a caller can make them a batch
    /// at a time; the first frame is also the picture of viewers without APNG support.
    public static func encodeAnimated(width: Int, height: Int, delays: [Double], frames: [[UInt8]]) -> [UInt8] {
        precondition(frames.count == delays.count && !frames.isEmpty, "one delay per frame, at least one frame")
        var writer = AnimatedWriter(width: width, height: height, frameCount: frames.count)
        var file = writer.header()
        for (index, data) in frames.enumerated() { file += writer.frame(data, delay: delays[index]) }
        return file + writer.trailer()
    }

    /// An animated PNG written a piece at a time: `header`, then `frame` for each of the
    /// `frameCount` frames in order, then `trailer`; the pieces joined are
    /// `encodeAnimated`'s file.
    public struct AnimatedWriter {
        private let width: Int, height: Int, frameCount: Int
        private var sequence: UInt32 = 0
        private var written = 0

        /// A writer of `frameCount` frames of `width` × `height` pixels.
        public init(width: Int, height: Int, frameCount: Int) {
            precondition(frameCount > 0, "at least one frame")
            self.width = width
            self.height = height
            self.frameCount = frameCount
        }

        /// The signature, the image header and the animation control (the frame count,
        /// looping forever).
        public func header() -> [UInt8] {
            var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            PNGEncoder.chunk("IHDR", PNGEncoder.bigEndian(UInt32(width)) + PNGEncoder.bigEndian(UInt32(height)) + [8, 6, 0, 0, 0], into: &file)
            PNGEncoder.chunk("acTL", PNGEncoder.bigEndian(UInt32(frameCount)) + PNGEncoder.bigEndian(0), into: &file)   // frames, plays (0: forever)
            return file
        }

        /// The next frame: its control chunk (shown for `delay` seconds, kept to the
        /// millisecond, at most 65.535 s) and its data (`compressedRows`); the first frame's
        /// data is also the still picture.
        public mutating func frame(_ data: [UInt8], delay: Double) -> [UInt8] {
            precondition(written < frameCount, "more frames than the header announced")
            var file: [UInt8] = []
            let milliseconds = UInt16(min(max((delay * 1000).rounded(), 0), 65535))
            var control = PNGEncoder.bigEndian(sequence) + PNGEncoder.bigEndian(UInt32(width)) + PNGEncoder.bigEndian(UInt32(height))
            control += PNGEncoder.bigEndian(0) + PNGEncoder.bigEndian(0)                                       // x, y offset
            control += [UInt8(milliseconds >> 8), UInt8(milliseconds & 0xFF), 0x03, 0xE8] // delay / 1000
            control += [0, 0]                                                            // dispose none, blend source
            PNGEncoder.chunk("fcTL", control, into: &file)
            sequence += 1
            if written == 0 {
                PNGEncoder.chunk("IDAT", data, into: &file)
            } else {
                PNGEncoder.chunk("fdAT", PNGEncoder.bigEndian(sequence) + data, into: &file)
                sequence += 1
            }
            written += 1
            return file
        }

        /// The end of the file.
        public func trailer() -> [UInt8] {
            precondition(written == frameCount, "fewer frames than the header announced")
            var file: [UInt8] = []
            PNGEncoder.chunk("IEND", [], into: &file)
            return file
        }
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    static func chunk(_ type: String, _ data: [UInt8], into file: inout [UInt8]) {
        file += bigEndian(UInt32(data.count))
        let typeBytes = Array(type.utf8)
        file += typeBytes
        file += data
        file += bigEndian(Checksums.crc32(data, continuing: Checksums.crc32(typeBytes)))
    }
}
