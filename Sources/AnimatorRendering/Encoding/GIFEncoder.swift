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

    /// Encodes frames drawn on demand, a batch at a time, so that memory holds a batch
    /// rather than the whole animation: `render` is asked for the frames (indices into
    /// `times`) of each batch twice, once to build the palette and once to encode. Only
    /// the frames GIF's timing keeps are asked for.
    ///
    /// - Parameter progress: the fraction done (0...1), after each batch.
    public static func encode(times: [Double], end: Double, hold: Double = 1, width: Int, height: Int, batch: Int = 16,
                              progress: ((Double) -> Void)? = nil, render: ([Int]) -> [Image]) -> [UInt8] {
        var file: [UInt8] = []
        encode(times: times, end: end, hold: hold, width: width, height: height, batch: batch, progress: progress,
               render: render, emit: { file += $0 })
        return file
    }

    /// Encodes frames drawn on demand, as above, handing the file to `emit` a piece at a
    /// time (the header, then each batch's frames, then the trailer), so that the file
    /// need not be held either.
    public static func encode(times: [Double], end: Double, hold: Double = 1, width: Int, height: Int, batch: Int = 16,
                              progress: ((Double) -> Void)? = nil, render: ([Int]) -> [Image], emit: ([UInt8]) -> Void) {
        precondition(!times.isEmpty, "at least one frame")
        let kept = keptFrames(times: times, end: end, hold: hold)
        let batches = stride(from: 0, to: kept.count, by: batch).map { Array(kept[$0..<min($0 + batch, kept.count)]) }
        var builder = Palette.Builder()
        for (number, group) in batches.enumerated() {
            for image in render(group.map(\.frame)) { builder.add(image) }
            progress?(0.5 * Double(number + 1) / Double(batches.count))
        }
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
        var previous: [UInt8]?
        emit(file)
        for (number, group) in batches.enumerated() {
            file = []
            let images = render(group.map(\.frame))
            let indices = Parallel.map(images.count) { slot, _ in palette.indices(of: images[slot]) }
            // Each frame after the first stores only the rectangle that changed since the one
            // before (left in place: disposal "do not dispose").
            var areas: [PixelRect] = []
            for slot in indices.indices {
                let before = slot > 0 ? indices[slot - 1] : previous
                areas.append(before.map { changedArea($0, indices[slot], width: width, height: height) }
                             ?? PixelRect(x0: 0, y0: 0, x1: width, y1: height))
            }
            previous = indices.last
            let chosenAreas = areas
            let encoded = Parallel.map(indices.count) { slot, _ in
                LZW.encode(crop(indices[slot], width: width, to: chosenAreas[slot]), minimumCodeSize: minimumCodeSize)
            }
            for (slot, frame) in group.enumerated() {
                let area = areas[slot]
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
            emit(file)
            progress?(0.5 + 0.5 * Double(number + 1) / Double(batches.count))
        }
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

    /// The smallest rectangle holding every pixel that differs between two frames (at
    /// least one pixel: GIF has no empty image).
    static func changedArea(_ before: [UInt8], _ after: [UInt8], width: Int, height: Int) -> PixelRect {
        var x0 = width, y0 = height, x1 = 0, y1 = 0
        before.withUnsafeBufferPointer { a in
            after.withUnsafeBufferPointer { b in
                for y in 0..<height {
                    let row = y * width
                    // Most rows of an animation are unchanged: compared whole first.
                    if memcmp(a.baseAddress! + row, b.baseAddress! + row, width) == 0 { continue }
                    var first = 0, last = width - 1
                    while a[row + first] == b[row + first] { first += 1 }
                    while a[row + last] == b[row + last] { last -= 1 }
                    x0 = min(x0, first); x1 = max(x1, last + 1)
                    y0 = min(y0, y); y1 = y + 1
                }
            }
        }
        return x0 < x1 ? PixelRect(x0: x0, y0: y0, x1: x1, y1: y1) : PixelRect(x0: 0, y0: 0, x1: 1, y1: 1)
    }

    /// The indices inside `area`, row by row.
    static func crop(_ indices: [UInt8], width: Int, to area: PixelRect) -> [UInt8] {
        if area.x0 == 0, area.y0 == 0, area.x1 == width, area.y1 * width == indices.count { return indices }
        var result: [UInt8] = []
        result.reserveCapacity((area.x1 - area.x0) * (area.y1 - area.y0))
        for y in area.y0..<area.y1 { result += indices[(y * width + area.x0)..<(y * width + area.x1)] }
        return result
    }
}

/// GIF's variable-length LZW (codes of 3...12 bits, least significant bit first), with a
/// hash table from (prefix code, next index) to code.
enum LZW {
    static func encode(_ indices: [UInt8], minimumCodeSize: Int) -> [UInt8] {
        let clear = 1 << minimumCodeSize, endOfInformation = clear + 1
        var writer = BitWriter(capacity: indices.count / 4)
        let tableSize = 1 << 13
        var keys = [Int32](repeating: -1, count: tableSize)
        var values = [Int16](repeating: 0, count: tableSize)
        var codeSize = minimumCodeSize + 1
        var nextCode = endOfInformation + 1
        writer.write(UInt32(clear), width: codeSize)
        guard !indices.isEmpty else {
            writer.write(UInt32(endOfInformation), width: codeSize)
            return writer.finish()
        }
        indices.withUnsafeBufferPointer { pixels in
            keys.withUnsafeMutableBufferPointer { keys in
                values.withUnsafeMutableBufferPointer { values in
                    var prefix = Int32(pixels[0])
                    for i in 1..<pixels.count {
                        let byte = Int32(pixels[i])
                        let key = prefix << 8 | byte
                        var slot = Int((UInt32(bitPattern: key) &* 2_654_435_761) >> 19)
                        var found: Int32 = -1
                        while keys[slot] != -1 {
                            if keys[slot] == key { found = Int32(values[slot]); break }
                            slot = (slot + 1) & (tableSize - 1)
                        }
                        if found >= 0 {
                            prefix = found
                            continue
                        }
                        writer.write(UInt32(prefix), width: codeSize)
                        if nextCode < 4096 {
                            keys[slot] = key
                            values[slot] = Int16(nextCode)
                            if nextCode == 1 << codeSize { codeSize += 1 }
                            nextCode += 1
                        } else {
                            // The table is full: start again.
                            writer.write(UInt32(clear), width: codeSize)
                            keys.update(repeating: -1)
                            codeSize = minimumCodeSize + 1
                            nextCode = endOfInformation + 1
                        }
                        prefix = byte
                    }
                    writer.write(UInt32(prefix), width: codeSize)
                }
            }
        }
        writer.write(UInt32(endOfInformation), width: codeSize)
        return writer.finish()
    }
}
