import AnimatorEngine
import Glibc

/// A picture kept packed as runs of one color (`PixelRuns`), for work that must remember
/// many pictures exactly but needs their pixels only to tell whether a new picture is one
/// of them (a report finding the frames that draw the same): a screen's frame packs to a
/// tenth of its pixels or less.
package struct PackedPicture: Sendable {
    /// Width in pixels.
    package let width: Int
    /// Height in pixels.
    package let height: Int
    /// The packed pixels (`PixelRuns`' tokens).
    private let words: [UInt32]

    /// Packs `image`.
    package init(_ image: Image) {
        width = image.width
        height = image.height
        let count = image.pixels.count
        words = image.pixels.withUnsafeBufferPointer { pixels in
            [UInt32](unsafeUninitializedCapacity: PixelRuns.capacity(for: count)) { output, written in
                written = count == 0 ? 0 : PixelRuns.pack(pixels, width: image.width,
                                                          area: PixelRect(x0: 0, y0: 0, x1: image.width, y1: image.height),
                                                          into: output.baseAddress!)
            }
        }
    }

    /// Whether `image` has exactly this picture's size and pixels, found without unpacking:
    /// a run is compared as one value over its pixels, a literal as memory.
    package func matches(_ image: Image) -> Bool {
        guard image.width == width, image.height == height else { return false }
        return image.pixels.withUnsafeBufferPointer { pixels in
            words.withUnsafeBufferPointer { words in
                var word = 0, done = 0
                while word < words.count {
                    let token = words[word]
                    let length = Int(token & ~PixelRuns.runFlag)
                    guard done + length <= pixels.count else { return false }
                    if token & PixelRuns.runFlag != 0 {
                        let value = words[word + 1]
                        for index in done..<(done + length) where pixels[index] != value { return false }
                        word += 2
                    } else {
                        guard memcmp(pixels.baseAddress! + done, words.baseAddress! + word + 1, length * 4) == 0 else {
                            return false
                        }
                        word += 1 + length
                    }
                    done += length
                }
                return done == pixels.count
            }
        }
    }
}
