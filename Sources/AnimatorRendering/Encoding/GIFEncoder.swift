import AnimatorEngine
import AnimatorSupport
import Glibc

/// Writes animated GIFs (GIF89a): one global palette built from all frames, each frame
/// after the first stored as the rectangle that changed, LZW-compressed (in parallel), a
/// delay per frame, looping forever.
///
/// GIF delays are whole hundredths of a second, and browsers play delays under 2/100 s
/// at 1/10 s, so frames are placed at their times rounded to the hundredth and a frame
/// that would last less than 2/100 s is merged into the next: the animation keeps its
/// real duration and its timing to the hundredth (at 60 fps, about two frames in three
/// are kept). The last frame stays for `hold` seconds before the loop starts again.
public enum GIFEncoder {
    /// Encodes `frames`, shown at `times` (seconds, increasing; the animation ends at
    /// `end`), holding the last frame for `hold` seconds.
    public static func encode(_ frames: [Image], times: [Double], end: Double, hold: Double = 1) -> [UInt8] {
        precondition(frames.count == times.count && !frames.isEmpty, "one time per frame")
        return encode(times: times, end: end, hold: hold, width: frames[0].width, height: frames[0].height) { wanted in
            wanted.map { frames[$0] }
        }
    }

    /// The most memory a GIF keeps, by default, of what its frames change between its two
    /// passes, packed as runs (8 MiB: the Bubble present's 21 frames take 1.25 MB at 1x
    /// and 5.4 MB at 3x, 15.5 and 140 MB whole): the frames of an animation that will not
    /// fit are drawn again for the encoding, so that a GIF's peak memory does not grow with
    /// its length.
    public static let holdLimit = 8 << 20

    /// Encodes frames drawn on demand, a batch at a time, so that memory need not hold the
    /// whole animation: `render` is asked for the frames (indices into `times`) of each
    /// batch, once to build the palette and, for the frames whose changed rectangles did
    /// not fit in `holdLimit` bytes (packed as runs), once more to encode. Only the frames
    /// GIF's timing keeps are asked for.
    ///
    /// - Parameter progress: the fraction done (0...1), after each batch.
    public static func encode(times: [Double], end: Double, hold: Double = 1, width: Int, height: Int, batch: Int = 16,
                              holdLimit: Int = GIFEncoder.holdLimit, progress: ((Double) -> Void)? = nil,
                              render: ([Int]) -> [Image]) -> [UInt8] {
        var file: [UInt8] = []
        encode(times: times, end: end, hold: hold, width: width, height: height, batch: batch, holdLimit: holdLimit,
               progress: progress, draw: { wanted, body in
                   for (slot, image) in render(wanted).enumerated() { image.pixels.withUnsafeBufferPointer { body(slot, $0) } }
               }, emit: { file += $0 })
        return file
    }

    /// Encodes frames drawn on demand, handing the file to `emit` a piece at a time (the
    /// header, then each batch's frames, then the trailer), so that the file need not be
    /// held either.
    ///
    /// `draw(wanted, body)` draws the frames `wanted` (indices into `times`, in order) and
    /// calls `body(k, pixels)` for the k-th of them, in order, with its `width` × `height`
    /// pixels, which need to stay valid only during the call (a renderer's own memory: see
    /// `BatchRenderer.forEach`). The first pass finds the rectangle each frame changes and
    /// counts its colors; the rectangles' pixels are kept for the second pass, packed as
    /// runs (`PixelRuns`), while what is kept, with the frames to come at the average size
    /// of those after the first so far, fits in `holdLimit` bytes, and the frames past
    /// that are drawn again: memory holds at most `holdLimit` bytes of them, however long
    /// the animation, and a long animation stops keeping them after a few frames.
    public static func encode(times: [Double], end: Double, hold: Double = 1, width: Int, height: Int, batch: Int = 16,
                              holdLimit: Int = GIFEncoder.holdLimit, progress: ((Double) -> Void)? = nil,
                              draw: ([Int], (Int, UnsafeBufferPointer<UInt32>) -> Void) -> Void,
                              emit: ([UInt8]) -> Void) {
        precondition(!times.isEmpty, "at least one frame")
        let kept = keptFrames(times: times, end: end, hold: hold)
        let batches = stride(from: 0, to: kept.count, by: batch).map { Array(kept[$0..<min($0 + batch, kept.count)]) }
        let whole = PixelRect(x0: 0, y0: 0, x1: width, y1: height)
        // First pass: the rectangle each frame changes (compared with the frame before, in
        // true color) and the colors inside it, which are all a GIF frame stores.
        var builder = Palette.Builder()
        var areas: [PixelRect] = []
        // The rectangles of the first frames, packed as runs (`PixelRuns`), while they and
        // the frames to come fit in `holdLimit` bytes: memory does not grow with the
        // animation's length, and a short one is drawn once.
        var held: [UnsafeBufferPointer<UInt32>] = []
        var heldBytes = 0, firstBytes = 0, holding = true
        let arena = PixelArena()
        var previous = [UInt32](repeating: 0, count: width * height)
        for (number, group) in batches.enumerated() {
            draw(group.map(\.frame)) { _, pixels in
                precondition(pixels.count == width * height, "a frame of another size")
                let area = areas.isEmpty ? whole : previous.withUnsafeBufferPointer {
                    changedArea($0, pixels, width: width, height: height)
                }
                areas.append(area)
                if holding {
                    // Packed first, then counted from the runs (one pass over the pixels),
                    // then kept if there is room, else given back.
                    let words = pack(pixels, width: width, area: area, in: arena)
                    builder.add(packed: words)
                    holding = heldBytes + words.count * 4 <= holdLimit
                    if holding, areas.count > 1 {
                        // The frames to come, at the average of those after the first
                        // (the whole picture) so far: an animation whose frames will not
                        // fit stops keeping them now, rather than at the limit.
                        let after = heldBytes + words.count * 4 - firstBytes
                        let projected = Double(firstBytes) + Double(after) / Double(areas.count - 1) * Double(kept.count - 1)
                        holding = projected <= Double(holdLimit)
                    } else if holding {
                        firstBytes = words.count * 4
                    }
                    if holding {
                        held.append(words)
                        heldBytes += words.count * 4
                    } else {
                        arena.shrinkLast(UnsafeMutableBufferPointer(mutating: words), to: 0)
                    }
                } else {
                    builder.add(pixels, width: width, in: area)
                }
                // Outside the area the frame is what `previous` holds already.
                previous.withUnsafeMutableBufferPointer { previous in
                    for y in area.y0..<area.y1 {
                        (previous.baseAddress! + y * width + area.x0)
                            .update(from: pixels.baseAddress! + y * width + area.x0, count: area.x1 - area.x0)
                    }
                }
            }
            progress?(0.5 * Double(number + 1) / Double(batches.count))
        }
        previous = []
        let palette = builder.palette()
        var file: [UInt8] = Array("GIF89a".utf8)
        file += le16(width) + le16(height)
        var tableBits = 1
        while 1 << tableBits < palette.colors.count { tableBits += 1 }
        file += [0x80 | UInt8(tableBits - 1) << 4 | UInt8(tableBits - 1), 0, 0]
        for slot in 0..<(1 << tableBits) {
            let color = slot < palette.colors.count ? palette.colors[slot] : 0
            file += [UInt8(color & 0xFF), UInt8(color >> 8 & 0xFF), UInt8(color >> 16 & 0xFF)]
        }
        // NETSCAPE2.0: loop forever.
        file += [0x21, 0xFF, 0x0B] + Array("NETSCAPE2.0".utf8) + [0x03, 0x01, 0x00, 0x00, 0x00]
        let minimumCodeSize = max(2, tableBits)
        emit(file)
        // Second pass: each frame's rectangle mapped to the palette and compressed, on all
        // cores, each worker keeping the colors it has mapped from frame to frame.
        let workers = ProcessInfoShim.activeProcessorCount
        let mappers = (0..<workers).map { _ in Palette.Mapper(palette) }
        // Each worker's indices and LZW coder are reused from frame to frame: a frame's
        // working memory is taken once per worker, not once per frame.
        let largest = areas.map(\.pixelCount).max() ?? 0
        let scratch = (0..<workers).map { _ in UnsafeMutableBufferPointer<UInt8>.allocate(capacity: largest) }
        defer { for buffer in scratch { buffer.deallocate() } }
        let coders = (0..<workers).map { _ in LZW.Coder() }
        var first = 0
        // The memory of the frames drawn again, used by one batch after the other.
        let batchArena = PixelArena()
        for (number, group) in batches.enumerated() {
            file = []
            // The first `fromHeld` frames of the batch were kept, the rest are drawn again
            // and packed the same way (their rectangles live as long as the batch).
            let fromHeld = max(0, min(held.count - first, group.count))
            var crops = fromHeld > 0 ? Array(held[first..<(first + fromHeld)]) : []
            batchArena.reset()
            if fromHeld < group.count {
                draw(group[fromHeld...].map(\.frame)) { slot, pixels in
                    crops.append(pack(pixels, width: width, area: areas[first + fromHeld + slot], in: batchArena))
                }
            }
            let areasOfGroup = Array(areas[first..<(first + group.count)])
            let encoded = Parallel.map(group.count, workers: workers) { slot, worker in
                let indices = UnsafeMutableBufferPointer(rebasing: scratch[worker][..<areasOfGroup[slot].pixelCount])
                mappers[worker].indices(ofPacked: crops[slot], into: indices)
                return coders[worker].encode(UnsafeBufferPointer(indices), minimumCodeSize: minimumCodeSize)
            }
            for (slot, frame) in group.enumerated() {
                let area = areasOfGroup[slot]
                // Graphic control: no transparency, leave the frame in place, the delay.
                file += [0x21, 0xF9, 0x04, 0x04] + le16(frame.delay) + [0x00, 0x00]
                file += [0x2C] + le16(area.x0) + le16(area.y0) + le16(area.x1 - area.x0) + le16(area.y1 - area.y0) + [0x00]
                file.append(UInt8(minimumCodeSize))
                let data = encoded[slot]
                var offset = 0
                while offset < data.count {
                    let length = min(255, data.count - offset)
                    file.append(UInt8(length))
                    file += data[offset..<(offset + length)]
                    offset += length
                }
                file.append(0)
            }
            first += group.count
            emit(file)
            progress?(0.5 + 0.5 * Double(number + 1) / Double(batches.count))
        }
        // The rectangles' memory must outlive their last reading above.
        withExtendedLifetime((arena, batchArena)) {}
        emit([0x3B])
    }

    /// How many frames a GIF of frames at `times` holds: those GIF's timing keeps (frames
    /// less than 2/100 s apart are merged into the next).
    public static func frameCount(times: [Double], end: Double, hold: Double = 1) -> Int {
        times.isEmpty ? 0 : keptFrames(times: times, end: end, hold: hold).count
    }

    /// The indices (into `times`) of the frames a GIF of frames at `times` holds, in order.
    public static func keptFrameIndices(times: [Double], end: Double, hold: Double = 1) -> [Int] {
        times.isEmpty ? [] : keptFrames(times: times, end: end, hold: hold).map(\.frame)
    }

    /// The frames GIF's timing keeps, with their delays in hundredths (see the type's
    /// documentation).
    static func keptFrames(times: [Double], end: Double, hold: Double) -> [(frame: Int, delay: Int)] {
        let base = times[0]
        func hundredths(_ t: Double) -> Int { Int(((t - base) * 100).rounded()) }
        var kept: [(frame: Int, delay: Int)] = []
        var index = 0
        while index < times.count {
            let start = hundredths(times[index])
            var next = index + 1
            while next < times.count, hundredths(times[next]) - start < 2 { next += 1 }
            let stop = next < times.count ? hundredths(times[next])
                : max(hundredths(end), start + 2) + Int((hold * 100).rounded())
            kept.append((index, max(stop - start, 2)))
            index = next
        }
        return kept
    }

    private static func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }

    /// The smallest rectangle holding every pixel that differs between two frames of
    /// `width` × `height` (at least one pixel: GIF has no empty image).
    static func changedArea(_ a: UnsafeBufferPointer<UInt32>, _ b: UnsafeBufferPointer<UInt32>, width: Int,
                            height: Int) -> PixelRect {
        var x0 = width, y0 = height, x1 = 0, y1 = 0
        for y in 0..<height {
            let row = y * width
            // Most rows of an animation are unchanged: compared whole first.
            if memcmp(a.baseAddress! + row, b.baseAddress! + row, width * 4) == 0 { continue }
            var first = 0, last = width - 1
            while a[row + first] == b[row + first] { first += 1 }
            while a[row + last] == b[row + last] { last -= 1 }
            x0 = min(x0, first); x1 = max(x1, last + 1)
            y0 = min(y0, y); y1 = y + 1
        }
        return x0 < x1 ? PixelRect(x0: x0, y0: y0, x1: x1, y1: y1) : PixelRect(x0: 0, y0: 0, x1: 1, y1: 1)
    }

    /// The pixels of `area` packed as runs (`PixelRuns`) into `arena` (room for the worst
    /// case taken, the rest given back).
    static func pack(_ pixels: UnsafeBufferPointer<UInt32>, width: Int, area: PixelRect,
                     in arena: PixelArena) -> UnsafeBufferPointer<UInt32> {
        let room = arena.allocate(PixelRuns.capacity(for: area.pixelCount))
        let count = PixelRuns.pack(pixels, width: width, area: area, into: room.baseAddress!)
        arena.shrinkLast(room, to: count)
        return UnsafeBufferPointer(rebasing: room[0..<count])
    }
}
