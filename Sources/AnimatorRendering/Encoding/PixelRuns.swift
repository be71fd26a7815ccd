/// Pixels packed as runs of one value: how a GIF keeps what its frames change between its
/// two passes. A screen's frame is mostly runs (flat backgrounds, bars, the space between
/// lines of text): the Bubble present's 21 GIF frames pack to 8 % of their pixels, so the
/// same memory holds twelve times the frames, and the kept frames are not written out whole
/// into fresh memory.
///
/// The packed form is a sequence of tokens, each one word:
/// - a word with the top bit set is a run: the low 31 bits count the copies of the pixel in
///   the word after it;
/// - a word without it is a literal: it counts the pixels that follow it as they are.
///
/// Runs shorter than `shortestRun` go into literals (a run costs two words), so the packed
/// form of n pixels is at most n + 1 words.
enum PixelRuns {
    /// The top bit of a token: set on runs.
    static let runFlag: UInt32 = 0x8000_0000
    /// The shortest run written as a run; shorter ones are cheaper inside a literal.
    static let shortestRun = 4

    /// The most words `pack` writes for `count` pixels.
    static func capacity(for count: Int) -> Int { count + 1 }

    /// Packs the pixels inside `area` of a `width`-pixel-wide picture, row after row as one
    /// sequence (a run may go on from a row's end into the next row), into `output`, which
    /// has room for `capacity(for:)` words of the area's pixel count. Returns the number
    /// of words written.
    static func pack(_ pixels: UnsafeBufferPointer<UInt32>, width: Int, area: PixelRect,
                     into output: UnsafeMutablePointer<UInt32>) -> Int {
        var written = 0
        // The open literal's count word, or -1.
        var literal = -1
        // The run found last, not yet written: it may go on in the next row.
        var runPixel: UInt32 = 0, runCount = 0
        @inline(__always) func flush() {
            if runCount >= shortestRun {
                output[written] = runFlag | UInt32(runCount)
                output[written + 1] = runPixel
                written += 2
                literal = -1
            } else if runCount > 0 {
                if literal < 0 {
                    literal = written
                    output[written] = 0
                    written += 1
                }
                (output + written).initialize(repeating: runPixel, count: runCount)
                written += runCount
                output[literal] += UInt32(runCount)
            }
            runCount = 0
        }
        for y in area.y0..<area.y1 {
            let row = pixels.baseAddress! + y * width
            var x = area.x0
            while x < area.x1 {
                let pixel = row[x]
                var end = x + 1
                while end < area.x1, row[end] == pixel { end += 1 }
                if runCount > 0, pixel == runPixel {
                    runCount += end - x
                } else {
                    flush()
                    runPixel = pixel
                    runCount = end - x
                }
                x = end
            }
        }
        flush()
        return written
    }
}
