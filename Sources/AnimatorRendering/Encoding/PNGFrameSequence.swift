import Glibc

/// PNG files of frames of one size made one after another (a report's frames, drawn by one
/// renderer), each frame drawn into memory the sequence lends. A frame's rows are
/// compressed in strips of about 16 KiB whose matches stay inside the strip, so that a
/// strip whose rows, and the row above them, are the same as in the frame before is
/// neither filtered nor compressed again: its DEFLATE tokens and its checksum are kept.
///
/// A frame's file depends on its pixels alone, never on the frames before it (a sequence
/// made afresh for each frame makes the same bytes); it differs from
/// `PNGEncoder.encode`'s only in where matches may reach, which makes it a little larger.
/// A frame with a pixel that is not opaque is written as `PNGEncoder.encode` writes it.
public final class PNGFrameSequence {
    /// The frames' size in pixels.
    public let width: Int, height: Int
    /// How hard DEFLATE looks for matches.
    public let level: Deflate.Level
    /// The frame being made and the one made before it.
    private var current: [UInt32], previous: [UInt32]
    /// Whether `previous` holds the last frame, written in strips (not the first frame, nor
    /// after one that was not opaque).
    private var previousInStrips = false
    /// Each row's filter byte and RGB bytes; eight bytes of room past the last row.
    private var filtered: [UInt8]
    private let rowsPerStrip: Int
    /// Each strip's tokens and the Adler-32 of its filtered bytes, for the last frame.
    private var tokens: [[Deflate.Token]]
    private var adlers: [UInt32]
    private let chains = Deflate.HashChains()
    /// Room for one strip's tokens (at most one per byte).
    private let scratch: UnsafeMutablePointer<Deflate.Token>
    private let scratchCapacity: Int
    /// The last frame's file, when it was written in strips.
    private var lastFile: [UInt8] = []
    /// How many strips were taken from the frame before, over the sequence (for tests).
    private(set) var stripsKept = 0

    /// The bytes of filtered rows a strip holds, at least (whole rows).
    static let stripBytes = 16_384

    /// A sequence of frames of `width` × `height` pixels (both at least 1).
    public init(width: Int, height: Int, level: Deflate.Level = .fast) {
        precondition(width > 0 && height > 0, "a frame has at least one pixel")
        self.width = width
        self.height = height
        self.level = level
        current = [UInt32](repeating: 0, count: width * height)
        previous = current
        let stride = 3 * width + 1
        filtered = [UInt8](repeating: 0, count: stride * height + 8)
        rowsPerStrip = min(max((Self.stripBytes + stride - 1) / stride, 1), height)
        let strips = (height + rowsPerStrip - 1) / rowsPerStrip
        tokens = [[Deflate.Token]](repeating: [], count: strips)
        adlers = [UInt32](repeating: 1, count: strips)
        scratchCapacity = rowsPerStrip * stride + 1
        scratch = .allocate(capacity: scratchCapacity)
    }

    deinit {
        chains.deallocate()
        scratch.deallocate()
    }

    /// The PNG file of the next frame, which `draw` writes into the memory it is given
    /// (`width` × `height` pixels, row by row, straight alpha; every pixel must be written).
    public func encode(_ draw: (UnsafeMutableBufferPointer<UInt32>) -> Void) -> [UInt8] {
        current.withUnsafeMutableBufferPointer { draw($0) }
        defer { swap(&current, &previous) }
        let stride = 3 * width + 1
        var adler: UInt32 = 1
        var chainsReset = false
        var allKept = previousInStrips
        let opaque = current.withUnsafeBufferPointer { now in
            previous.withUnsafeBufferPointer { before in
                filtered.withUnsafeMutableBufferPointer { out in
                    for strip in tokens.indices {
                        let rows = strip * rowsPerStrip..<min((strip + 1) * rowsPerStrip, height)
                        // A row's filtered bytes depend on it and on the row above it.
                        let from = max(rows.lowerBound - 1, 0) * width
                        let same = previousInStrips
                            && memcmp(now.baseAddress! + from, before.baseAddress! + from, (rows.upperBound * width - from) * 4) == 0
                        if same {
                            stripsKept += 1
                        } else {
                            allKept = false
                            guard let stripAdler = PNGEncoder.filterOpaqueRows(now, width: width, rows: rows,
                                                                               into: out.baseAddress!, adler: 1) else { return false }
                            // Positions left in the chains by an earlier frame would be
                            // followed into this one's bytes: the chains start empty each frame.
                            if !chainsReset {
                                chains.reset()
                                chainsReset = true
                            }
                            let range = rows.lowerBound * stride..<rows.upperBound * stride
                            let count = Deflate.tokenize(UnsafeBufferPointer(out), range: range, level: level, chains: chains,
                                                         into: scratch, capacity: scratchCapacity) { _ in
                                preconditionFailure("a strip has fewer tokens than bytes")
                            }
                            tokens[strip] = Array(UnsafeBufferPointer(start: scratch, count: count))
                            adlers[strip] = stripAdler
                        }
                        adler = strip == 0 ? adlers[0]
                            : Checksums.adler32(combining: adler, with: adlers[strip], secondLength: rows.count * stride)
                    }
                    return true
                }
            }
        }
        previousInStrips = opaque
        guard opaque else {
            return current.withUnsafeBufferPointer { PNGEncoder.encode($0, width: width, height: height, level: level) }
        }
        // The same pixels as the frame before: the same file.
        if allKept { return lastFile }
        let data = Deflate.zlib(tokens: tokens, level: level, adler: adler, capacity: filtered.count / 16 + 64)
        lastFile = PNGEncoder.file(width: width, height: height, opaque: true, data: data)
        return lastFile
    }
}
