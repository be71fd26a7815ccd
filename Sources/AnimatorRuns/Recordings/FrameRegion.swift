import AnimatorSupport

/// The elements of one "frames" array of a timeline file (`FramesScan.Region`), read from
/// the file a window at a time and parsed one by one: memory holds a window of the file
/// (4 MiB, or more for a frame larger than that), not the array.
struct FrameRegion {
    /// Why reading the elements stopped.
    enum Failure: Error {
        /// The elements are not JSON as written (or the file changed under the reader).
        case syntax
        /// The caller's own error for an element.
        case format(JSONFormatError)
    }

    private let descriptor: Int32
    /// The file offset just past the last byte read into `window`.
    private var offset: Int
    /// The offset of the array's ']'.
    private let end: Int
    private var window: [UInt8] = []
    /// Where in `window` the next unread byte is.
    private var position = 0
    /// How much of the file the window holds after a read: `windowSize`, doubled whenever
    /// one element does not fit.
    private var reach: Int
    /// The window a reader uses unless told otherwise.
    static let defaultWindowSize = 4 << 20

    /// The elements between the '[' at `start` and the ']' at `end`, read `windowSize`
    /// bytes at a time.
    init(descriptor: Int32, start: Int, end: Int, windowSize: Int = FrameRegion.defaultWindowSize) {
        self.descriptor = descriptor
        offset = start + 1
        self.end = end
        reach = max(windowSize, 16)
    }

    /// Parses each element in order and hands it to `body`.
    ///
    /// - Throws: `Failure.syntax` for anything that is not a comma-separated list of JSON
    ///   values; `Failure.format` with what `body` threw.
    mutating func forEach(_ body: (JSONValue) throws(JSONFormatError) -> Void) throws(Failure) {
        var expectsElement = false
        while true {
            guard skipWhitespace() else {
                // The end of the array: after an element, or in an empty array.
                if expectsElement { throw .syntax }
                return
            }
            let element = try parseElement()
            do { try body(element) } catch { throw .format(error) }
            guard skipWhitespace() else { return }
            guard window[position] == UInt8(ascii: ",") else { throw .syntax }
            position += 1
            expectsElement = true
        }
    }

    /// Moves past whitespace, reading on as needed; false at the array's end.
    private mutating func skipWhitespace() -> Bool {
        while true {
            while position < window.count {
                switch window[position] {
                case 0x20, 0x09, 0x0A, 0x0D: position += 1
                default: return true
                }
            }
            guard readMore() else { return false }
        }
    }

    /// The value at `position`, parsed from the window; when the window ends inside it,
    /// the window is refilled (and grown when one value is larger) and it is parsed again.
    private mutating func parseElement() throws(Failure) -> JSONValue {
        while true {
            let result: (value: JSONValue?, consumed: Int, ranOut: Bool) = window.withUnsafeBufferPointer { buffer in
                var parser = JSONParser(bytes: UnsafeBufferPointer(rebasing: buffer[position...]))
                do {
                    let value = try parser.parseValue()
                    // A number or a word must be followed by something that ends it.
                    let isWord = parser.bytes.first.map { $0 != UInt8(ascii: "{") && $0 != UInt8(ascii: "[")
                        && $0 != UInt8(ascii: "\"") } ?? false
                    return (value, parser.index, isWord && parser.index == parser.bytes.count)
                } catch {
                    // Near the window's end, an error may only mean the value goes on.
                    return (nil, parser.index, parser.index + 16 >= parser.bytes.count)
                }
            }
            if let value = result.value, !(result.ranOut && offset < end) {
                position += result.consumed
                return value
            }
            // What is left of the window is all one element: make room for twice as much.
            if result.ranOut { reach = max(reach, (window.count - position) * 2) }
            guard result.ranOut, readMore() else { throw .syntax }
        }
    }

    /// Appends the next part of the array to the window (dropping what was read, and
    /// growing it when what is left fills it); false at the array's end.
    private mutating func readMore() -> Bool {
        guard offset < end else { return false }
        if position > 0 {
            window.removeFirst(position)
            position = 0
        }
        let count = min(max(reach - window.count, reach / 4), end - offset)
        guard let bytes = FileSystem.read(descriptor, at: offset, count: count) else {
            // A file cut shorter than it was: as if the array ended here, which its parse
            // will find is not JSON.
            offset = end
            window.append(0)
            return true
        }
        window += bytes
        offset += bytes.count
        return true
    }
}
