import AnimatorSupport
import Glibc

/// Where a timeline file's "frames" arrays lie, found by reading it a block at a time and
/// following only what JSON's structure needs: strings (with their escapes) and brackets,
/// and the keys of the objects that can hold frames: the root (one transition), and the
/// objects in the root's "transitions". As the document reader's lookup takes an object's
/// first member of a name, only the first "frames" (and the root's first "transitions")
/// counts, and only when its value is an array; keys are compared as they read, escapes
/// decoded. Nothing is checked here: the arrays are parsed later, and a file that does not
/// close what it opens has no regions.
enum FramesScan {
    /// One "frames" array: whose, and the offsets of its '[' and its ']'.
    struct Region: Equatable {
        /// The index in "transitions", or nil for the root's own frames.
        var transition: Int?
        /// The offset of the array's '['.
        var start: Int
        /// The offset of its ']'.
        var end: Int
    }

    /// What a container is: the root, the root's "transitions", one of them, a "frames"
    /// array being measured, or anything else.
    private enum Role: Equatable {
        case root, transitions, transition(Int), frames(Int?), other
    }

    /// One open object or array the scan is inside.
    private struct Container {
        var isObject: Bool
        var role: Role
        /// In an object: whether the next string is a key.
        var expectsKey = true
        /// In an object that can hold frames: the last key read, as written.
        var key: [UInt8] = []
        /// Whether its "frames" (or for the root, "transitions") member has been seen.
        var sawFrames = false, sawTransitions = false
        /// The role the value after the current key takes if it is an array.
        var pending: Role?
        /// In the "transitions" array: the index of the current element (commas so far).
        var element = 0
    }

    /// The regions of the file open at `descriptor` (`size` bytes), in the file's order; nil
    /// when it cannot be read, its top level is not an object, or it does not close what it
    /// opens (the document reader then says what is wrong).
    static func regions(of descriptor: Int32, size: Int) -> [Region]? {
        var stack: [Container] = []
        var regions: [Region] = []
        var inString = false, escaped = false, capturing = false, started = false
        var starts: [Int] = []
        let blockSize = 1 << 20
        let block = UnsafeMutablePointer<UInt8>.allocate(capacity: blockSize)
        defer { block.deallocate() }
        var offset = 0
        while offset < size {
            let count = pread(descriptor, block, min(blockSize, size - offset), off_t(offset))
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return nil }
            var index = -1
            while index + 1 < count {
                index += 1
                let byte = block[index]
                if inString {
                    if !capturing, !escaped {
                        // Most of a string at once: on to its quote or backslash.
                        var next = index
                        while next < count, block[next] != UInt8(ascii: "\""), block[next] != UInt8(ascii: "\\") { next += 1 }
                        guard next < count else { index = count - 1; continue }
                        index = next
                        if block[next] == UInt8(ascii: "\\") { escaped = true } else { inString = false }
                        continue
                    }
                    if escaped {
                        escaped = false
                    } else if byte == UInt8(ascii: "\\") {
                        escaped = true
                    } else if byte == UInt8(ascii: "\"") {
                        inString = false
                        capturing = false
                        continue
                    }
                    if capturing { stack[stack.count - 1].key.append(byte) }
                    continue
                }
                let top = stack.count - 1
                switch byte {
                case UInt8(ascii: "\""):
                    inString = true
                    guard top >= 0, stack[top].isObject else { break }
                    if !stack[top].expectsKey {
                        // A string as a member's value: not an array.
                        stack[top].pending = nil
                    } else if stack[top].role != .other {
                        capturing = true
                        stack[top].key.removeAll(keepingCapacity: true)
                    }
                case UInt8(ascii: ":"):
                    guard top >= 0, stack[top].isObject else { break }
                    stack[top].expectsKey = false
                    stack[top].pending = nil
                    switch stack[top].role {
                    case .root where !stack[top].sawTransitions && isKey(stack[top].key, "transitions"):
                        stack[top].sawTransitions = true
                        stack[top].pending = .transitions
                    case .root where !stack[top].sawFrames && isKey(stack[top].key, "frames"):
                        stack[top].sawFrames = true
                        stack[top].pending = .frames(nil)
                    case .transition(let number) where !stack[top].sawFrames && isKey(stack[top].key, "frames"):
                        stack[top].sawFrames = true
                        stack[top].pending = .frames(number)
                    default:
                        break
                    }
                case UInt8(ascii: ","):
                    guard top >= 0 else { return nil }
                    if stack[top].isObject {
                        stack[top].expectsKey = true
                        stack[top].pending = nil
                    }
                    if stack[top].role == .transitions { stack[top].element += 1 }
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    let isObject = byte == UInt8(ascii: "{")
                    var role = Role.other
                    if top < 0 {
                        guard !started, isObject else { return nil }
                        started = true
                        role = .root
                    } else if stack[top].isObject {
                        if !isObject, let pending = stack[top].pending { role = pending }
                        stack[top].pending = nil
                    } else if stack[top].role == .transitions, isObject {
                        role = .transition(stack[top].element)
                    }
                    if case .frames = role { starts.append(offset + index) }
                    // As deep as the parser goes: deeper, the document reader says so.
                    guard stack.count < 512 else { return nil }
                    stack.append(Container(isObject: isObject, role: role))
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    guard let closed = stack.popLast(), closed.isObject == (byte == UInt8(ascii: "}")) else { return nil }
                    if case .frames(let transition) = closed.role, let start = starts.popLast() {
                        regions.append(Region(transition: transition, start: start, end: offset + index))
                    }
                case 0x20, 0x09, 0x0A, 0x0D:
                    break
                default:
                    // A number or a word as a member's value: not an array.
                    if top >= 0, stack[top].isObject, !stack[top].expectsKey { stack[top].pending = nil }
                }
            }
            offset += count
        }
        guard started, stack.isEmpty, !inString else { return nil }
        return regions.sorted { $0.start < $1.start }
    }

    /// Whether a key as written (between its quotes) reads `name`, escapes decoded.
    private static func isKey(_ written: [UInt8], _ name: String) -> Bool {
        guard written.contains(UInt8(ascii: "\\")) else { return written.elementsEqual(name.utf8) }
        return (try? JSONValue.parse(bytes: [UInt8(ascii: "\"")] + written + [UInt8(ascii: "\"")]))?.stringValue == name
    }
}
