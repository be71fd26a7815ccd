import AnimatorEngine
import AnimatorHost
import AnimatorRendering

/// Scene frames as bytes, for sending from a plugin child to the host: every presentation
/// value exactly (doubles as their bits), so that frames rendered by the host are the ones
/// an in-process run would have drawn. A bitmap is sent once per stream and named by
/// number after that.
///
/// Layout of one batch: the new bitmaps (count, then id, width, height, pixels each), the
/// frames (count, then time, node count and the nodes each).
public final class SceneFrameEncoder {
    /// Images sent, by the address of their pixels, kept alive so that an address is never
    /// reused for another picture within the stream.
    private var sent: [UnsafeRawPointer: UInt32] = [:]
    private var keptAlive: [Image] = []

    /// Creates an encoder for one stream.
    public init() {}

    /// Encodes a batch of frames.
    public func encode(_ frames: [SceneFrame]) -> [UInt8] {
        var fresh: [(UInt32, Image)] = []
        for frame in frames { register(frame, fresh: &fresh) }
        // Room for the frames at about 300 bytes a node, and the new bitmaps.
        var writer = BinaryWriter(capacity: 64 + frames.reduce(0) { $0 + 16 + $1.nodes.count * 300 }
                                      + fresh.reduce(0) { $0 + 20 + $1.1.pixels.count * 4 })
        writer.write(UInt32(fresh.count))
        for (id, image) in fresh {
            writer.write(id)
            writer.write(UInt32(image.width))
            writer.write(UInt32(image.height))
            image.pixels.withUnsafeBytes { writer.write(bytes: $0) }
        }
        writer.write(UInt32(frames.count))
        for frame in frames {
            writer.write(frame.time)
            writeNodes(of: frame, to: &writer)
        }
        return writer.bytes
    }

    /// One frame alone, its time and nodes, with its bitmaps named by the numbers this
    /// encoder gave them (`images` holds them in that order): what `FrameStore` keeps per
    /// frame, read back by `SceneFrameDecoder.decodeFrame`.
    public func encodeFrame(_ frame: SceneFrame) -> [UInt8] {
        var fresh: [(UInt32, Image)] = []
        register(frame, fresh: &fresh)
        var writer = BinaryWriter(capacity: 16 + frame.nodes.count * 300)
        writer.write(frame.time)
        writeNodes(of: frame, to: &writer)
        return writer.bytes
    }

    /// Every bitmap this encoder has numbered, in the order of their numbers.
    public var images: [Image] { keptAlive }

    /// Gives every bitmap of a frame (its masks' included) a number, noting the new ones.
    private func register(_ frame: SceneFrame, fresh: inout [(UInt32, Image)]) {
        for contents in frame.contents {
            guard let image = contents?.image, let address = Self.address(of: image), sent[address] == nil else { continue }
            let id = UInt32(keptAlive.count)
            sent[address] = id
            keptAlive.append(image)
            fresh.append((id, image))
        }
        for mask in frame.masks { if let mask { register(mask, fresh: &fresh) } }
    }

    private static func address(of image: Image) -> UnsafeRawPointer? {
        image.pixels.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }

    /// The node count and the nodes: each node's layer, parent, properties, transition,
    /// name, text, contents, shape, mask (a nested list of nodes), extras and gradient.
    private func writeNodes(of frame: SceneFrame, to writer: inout BinaryWriter) {
        writer.write(UInt32(frame.nodes.count))
        for index in frame.nodes.indices {
            let node = frame.nodes[index]
            writer.write(node.layer.rawValue)
            writer.write(node.parent ?? -1)
            writer.write(node.isView)
            Self.write(node.properties, to: &writer)
            writer.write(frame.transitions[index] != nil)
            if let transition = frame.transitions[index] {
                writer.write(transition.type.rawValue)
                writer.write(transition.subtype?.rawValue ?? "")
                writer.write(transition.progress)
                writer.write(transition.isOutgoing)
            }
            writer.write(frame.names[index] != nil)
            if let name = frame.names[index] { writer.write(name) }
            writer.write(frame.texts[index] != nil)
            if let text = frame.texts[index] { Self.write(text, to: &writer) }
            let contents = frame.contents[index]
            let id = contents.flatMap { Self.address(of: $0.image) }.flatMap { sent[$0] }
            writer.write(id != nil)
            if let id, let contents {
                writer.write(id)
                writer.write(contents.scale)
                writer.write(contents.gravity.rawValue)
                Self.write(contents.rect, to: &writer)
                Self.write(contents.center, to: &writer)
            }
            writer.write(frame.shapes[index] != nil)
            if let shape = frame.shapes[index] { Self.write(shape, to: &writer) }
            writer.write(frame.masks[index] != nil)
            if let mask = frame.masks[index] { writeNodes(of: mask, to: &writer) }
            writer.write(frame.extras[index] != nil)
            if let extras = frame.extras[index] { Self.write(extras, to: &writer) }
            writer.write(frame.gradients[index] != nil)
            if let gradient = frame.gradients[index] {
                writer.write(UInt32(gradient.colors.count))
                for color in gradient.colors { Self.write(color, to: &writer) }
                writer.write(gradient.locations != nil)
                for location in gradient.locations ?? [] { writer.write(location) }
                for value in [gradient.startPoint.x, gradient.startPoint.y, gradient.endPoint.x, gradient.endPoint.y] {
                    writer.write(value)
                }
                writer.write(gradient.kind.rawValue)
            }
        }
    }

    private static func write(_ p: LayerExtras, to writer: inout BinaryWriter) {
        writer.write(p.borderWidth)
        write(p.borderColor, to: &writer)
        writer.write(p.shadowOpacity)
        writer.write(p.shadowRadius)
        writer.write(p.shadowOffset.width)
        writer.write(p.shadowOffset.height)
        write(p.shadowColor, to: &writer)
        let st = p.sublayerTransform
        for value in [st.m11, st.m12, st.m13, st.m14, st.m21, st.m22, st.m23, st.m24,
                      st.m31, st.m32, st.m33, st.m34, st.m41, st.m42, st.m43, st.m44] { writer.write(value) }
        writer.write(p.isDoubleSided)
        writer.write(p.fillColor != nil)
        if let color = p.fillColor { write(color, to: &writer) }
        writer.write(p.strokeColor != nil)
        if let color = p.strokeColor { write(color, to: &writer) }
        for value in [p.lineWidth, p.strokeStart, p.strokeEnd, p.backdropBlurRadius, p.backdropSaturation] { writer.write(value) }
        write(p.backdropTintColor, to: &writer)
    }

    private static func write(_ shape: LayerShape, to writer: inout BinaryWriter) {
        let elements = shape.path?.elements ?? []
        writer.write(UInt32(elements.count))
        for element in elements {
            switch element {
            case .move(let x, let y): writer.write(UInt32(0)); writer.write(x); writer.write(y)
            case .line(let x, let y): writer.write(UInt32(1)); writer.write(x); writer.write(y)
            case .quad(let cx, let cy, let x, let y):
                writer.write(UInt32(2))
                for value in [cx, cy, x, y] { writer.write(value) }
            case .cubic(let c1x, let c1y, let c2x, let c2y, let x, let y):
                writer.write(UInt32(3))
                for value in [c1x, c1y, c2x, c2y, x, y] { writer.write(value) }
            case .close: writer.write(UInt32(4))
            }
        }
        writer.write(shape.fillRule.rawValue)
        writer.write(shape.lineCap.rawValue)
        writer.write(shape.lineJoin.rawValue)
        writer.write(shape.miterLimit)
        writer.write(UInt32(shape.dashPattern.count))
        for length in shape.dashPattern { writer.write(length) }
        writer.write(shape.dashPhase)
    }

    private static func write(_ rect: Rect, to writer: inout BinaryWriter) {
        writer.write(rect.origin.x)
        writer.write(rect.origin.y)
        writer.write(rect.size.width)
        writer.write(rect.size.height)
    }

    private static func write(_ color: RGBAColor, to writer: inout BinaryWriter) {
        writer.write(color.red)
        writer.write(color.green)
        writer.write(color.blue)
        writer.write(color.alpha)
    }

    private static func write(_ text: LayerText, to writer: inout BinaryWriter) {
        writer.write(text.string)
        write(text.color, to: &writer)
        writer.write(text.size)
        writer.write(text.weight.rawValue)
        writer.write(text.alignment.rawValue)
        writer.write(text.lines)
    }

    private static func write(_ p: LayerProperties, to writer: inout BinaryWriter) {
        write(p.bounds, to: &writer)
        for value in [p.position.x, p.position.y, p.anchorPoint.x, p.anchorPoint.y] { writer.write(value) }
        let t = p.transform
        for value in [t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24,
                      t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44] { writer.write(value) }
        writer.write(p.opacity)
        writer.write(p.isHidden)
        writer.write(p.backgroundColor != nil)
        if let color = p.backgroundColor { write(color, to: &writer) }
        writer.write(p.cornerRadius)
        writer.write(p.maskedCorners)
        writer.write(p.continuousCorners)
        writer.write(p.masksToBounds)
        writer.write(p.zPosition)
    }
}

/// Reads what `SceneFrameEncoder` wrote, trusting nothing: counts, sizes, tree links,
/// names of enumerations and bitmap numbers are all checked, and a bad byte is an error.
public final class SceneFrameDecoder {
    private var images: [UInt32: Image] = [:]

    /// The most nodes one frame may have.
    public static let maximumNodes = 1 << 20

    /// Creates a decoder for one stream.
    public init() {}

    /// Decodes a batch.
    ///
    /// - Throws: `BinaryReader.Malformed`.
    public func decode(_ bytes: [UInt8]) throws(BinaryReader.Malformed) -> [SceneFrame] {
        var reader = BinaryReader(bytes)
        let imageCount = try reader.uint32()
        for _ in 0..<imageCount {
            let id = try reader.uint32()
            let width = Int(try reader.uint32()), height = Int(try reader.uint32())
            guard width > 0, height > 0, width <= PNGDecoder.maximumSide, height <= PNGDecoder.maximumSide,
                  width * height <= PNGDecoder.maximumPixels else {
                throw BinaryReader.Malformed("a bitmap of \(width)×\(height)")
            }
            let raw = try reader.rawBytes(limit: width * height * 4)
            guard raw.count == width * height * 4, images[id] == nil else {
                throw BinaryReader.Malformed("bitmap \(id) has the wrong size or was sent twice")
            }
            let pixels = [UInt32](unsafeUninitializedCapacity: width * height) { buffer, count in
                raw.withUnsafeBytes { UnsafeMutableRawBufferPointer(buffer).copyMemory(from: $0) }
                count = width * height
            }
            images[id] = Image(width: width, height: height, pixels: pixels)
        }
        let frameCount = Int(try reader.uint32())
        var frames: [SceneFrame] = []
        frames.reserveCapacity(min(frameCount, 4096))
        for _ in 0..<frameCount {
            let time = try Self.number(&reader)
            frames.append(try nodes(&reader, time: time, depth: 0))
        }
        guard reader.isAtEnd else { throw BinaryReader.Malformed("\(reader.remaining) bytes after the frames") }
        return frames
    }

    /// Makes `image` bitmap number `id` of the stream, as if a batch had sent it (for
    /// frames encoded one at a time by `SceneFrameEncoder.encodeFrame`).
    public func register(_ image: Image, as id: UInt32) {
        images[id] = image
    }

    /// Decodes one frame written by `SceneFrameEncoder.encodeFrame`, its bitmaps
    /// registered before.
    ///
    /// - Throws: `BinaryReader.Malformed`.
    public func decodeFrame(_ bytes: [UInt8]) throws(BinaryReader.Malformed) -> SceneFrame {
        var reader = BinaryReader(bytes)
        let time = try Self.number(&reader)
        let frame = try nodes(&reader, time: time, depth: 0)
        guard reader.isAtEnd else { throw BinaryReader.Malformed("\(reader.remaining) bytes after the frame") }
        return frame
    }

    /// How deep masks of masks may nest.
    public static let maximumMaskDepth = 16

    /// One frame's nodes (a mask's, at `depth` > 0).
    private func nodes(_ reader: inout BinaryReader, time: Double, depth: Int) throws(BinaryReader.Malformed) -> SceneFrame {
        guard depth <= Self.maximumMaskDepth else { throw BinaryReader.Malformed("masks nested over \(Self.maximumMaskDepth) deep") }
        let count = Int(try reader.uint32())
        guard count >= 1, count <= Self.maximumNodes else { throw BinaryReader.Malformed("a frame of \(count) nodes") }
        var nodes: [PresentationNode] = [], names: [String?] = [], texts: [LayerText?] = []
        var contents: [LayerContents?] = [], shapes: [LayerShape?] = [], masks: [SceneFrame?] = []
        var extras: [LayerExtras?] = [], gradients: [LayerGradient?] = [], transitions: [TransitionFrame?] = []
        // Levels below the root, per node: no deeper than the engine builds trees (drawing
        // recurses through them).
        var levels: [Int] = []
        levels.reserveCapacity(count)
        for index in 0..<count {
            let layer = try reader.int(in: 0...Int(Int32.max))
            let parent = try reader.int(in: -1...(index - 1))
            guard (index == 0) == (parent == -1) else { throw BinaryReader.Malformed("node \(index) has a wrong parent") }
            levels.append(parent < 0 ? 0 : levels[parent] + 1)
            guard levels[index] < AnimationEngine.maximumTreeDepth else {
                throw BinaryReader.Malformed("a tree over \(AnimationEngine.maximumTreeDepth) levels deep")
            }
            let isView = try reader.bool()
            let properties = try Self.properties(&reader)
            transitions.append(try reader.bool() ? try Self.transition(&reader) : nil)
            nodes.append(PresentationNode(layer: LayerID(rawValue: layer), parent: parent < 0 ? nil : parent,
                                          properties: properties, isView: isView))
            names.append(try reader.bool() ? try reader.string() : nil)
            texts.append(try reader.bool() ? try Self.text(&reader) : nil)
            if try reader.bool() {
                let id = try reader.uint32()
                guard let image = images[id] else { throw BinaryReader.Malformed("an unknown bitmap \(id)") }
                let scale = try Self.number(&reader)
                guard let gravity = LayerContents.Gravity(rawValue: try reader.string()) else {
                    throw BinaryReader.Malformed("an unknown contents gravity")
                }
                let rect = try Self.rect(&reader)
                contents.append(LayerContents(image: image, scale: scale, gravity: gravity, rect: rect, center: try Self.rect(&reader)))
            } else {
                contents.append(nil)
            }
            shapes.append(try reader.bool() ? try Self.shape(&reader) : nil)
            masks.append(try reader.bool() ? try self.nodes(&reader, time: time, depth: depth + 1) : nil)
            extras.append(try reader.bool() ? try Self.extras(&reader) : nil)
            gradients.append(try reader.bool() ? try Self.gradient(&reader) : nil)
        }
        return SceneFrame(time: time, nodes: nodes, names: names, texts: texts, contents: contents, shapes: shapes,
                          masks: masks, extras: extras, gradients: gradients, transitions: transitions)
    }

    /// The most elements a path may have.
    public static let maximumPathElements = 1 << 20

    private static func extras(_ reader: inout BinaryReader) throws(BinaryReader.Malformed) -> LayerExtras {
        var p = LayerExtras()
        p.borderWidth = try number(&reader)
        p.borderColor = try color(&reader)
        p.shadowOpacity = try number(&reader)
        p.shadowRadius = try number(&reader)
        p.shadowOffset = Size(width: try number(&reader), height: try number(&reader))
        p.shadowColor = try color(&reader)
        var sublayer: [Double] = []
        sublayer.reserveCapacity(16)
        for _ in 0..<16 { sublayer.append(try number(&reader)) }
        p.sublayerTransform = Transform3D(sublayer)
        p.isDoubleSided = try reader.bool()
        p.fillColor = try reader.bool() ? try color(&reader) : nil
        p.strokeColor = try reader.bool() ? try color(&reader) : nil
        p.lineWidth = try number(&reader)
        p.strokeStart = try number(&reader)
        p.strokeEnd = try number(&reader)
        p.backdropBlurRadius = max(try number(&reader), 0)
        p.backdropSaturation = max(try number(&reader), 0)
        p.backdropTintColor = try color(&reader)
        return p
    }

    /// The most colors a gradient may have.
    public static let maximumGradientColors = 4096

    private static func gradient(_ reader: inout BinaryReader) throws(BinaryReader.Malformed) -> LayerGradient {
        let count = Int(try reader.uint32())
        guard count <= maximumGradientColors else { throw BinaryReader.Malformed("a gradient of \(count) colors") }
        var colors: [RGBAColor] = []
        for _ in 0..<count { colors.append(try color(&reader)) }
        var gradient = LayerGradient(colors: colors)
        if try reader.bool() {
            var locations: [Double] = []
            for _ in 0..<count { locations.append(try number(&reader)) }
            gradient.locations = locations
        }
        gradient.startPoint = Point(x: try number(&reader), y: try number(&reader))
        gradient.endPoint = Point(x: try number(&reader), y: try number(&reader))
        guard let kind = LayerGradient.Kind(rawValue: try reader.string()) else {
            throw BinaryReader.Malformed("an unknown gradient type")
        }
        gradient.kind = kind
        return gradient
    }

    private static func shape(_ reader: inout BinaryReader) throws(BinaryReader.Malformed) -> LayerShape {
        let count = Int(try reader.uint32())
        guard count <= maximumPathElements else { throw BinaryReader.Malformed("a path of \(count) elements") }
        var elements: [ShapePath.Element] = []
        elements.reserveCapacity(min(count, 4096))
        for _ in 0..<count {
            switch try reader.uint32() {
            case 0: elements.append(.move(x: try number(&reader), y: try number(&reader)))
            case 1: elements.append(.line(x: try number(&reader), y: try number(&reader)))
            case 2: elements.append(.quad(cx: try number(&reader), cy: try number(&reader), x: try number(&reader),
                                          y: try number(&reader)))
            case 3: elements.append(.cubic(c1x: try number(&reader), c1y: try number(&reader), c2x: try number(&reader),
                                           c2y: try number(&reader), x: try number(&reader), y: try number(&reader)))
            case 4: elements.append(.close)
            case let verb: throw BinaryReader.Malformed("an unknown path element \(verb)")
            }
        }
        guard let rule = FillRule(rawValue: try reader.string()), let cap = LineCap(rawValue: try reader.string()),
              let join = LineJoin(rawValue: try reader.string()) else {
            throw BinaryReader.Malformed("an unknown fill rule, line cap or line join")
        }
        let miterLimit = try number(&reader)
        let dashCount = Int(try reader.uint32())
        guard dashCount <= LayerShape.maximumDashes else { throw BinaryReader.Malformed("a dash pattern of \(dashCount) lengths") }
        var dashes: [Double] = []
        for _ in 0..<dashCount { dashes.append(try number(&reader)) }
        return LayerShape(path: elements.isEmpty ? nil : ShapePath(elements), fillRule: rule, lineCap: cap, lineJoin: join,
                          miterLimit: miterLimit, dashPattern: dashes, dashPhase: try number(&reader))
    }

    /// The largest magnitude of a value kept: the engine's limit on plugins' values.
    public static let maximumMagnitude = AnimatableValue.maximumMagnitude

    /// A finite value, clamped to ±`maximumMagnitude`: plugins' values are refused beyond it at
    /// the call, but the engine may honestly go past it from values within (a spring's
    /// overshoot, additive animations), and a view that far away draws the same at either.
    /// Infinity and NaN are never the engine's: they are refused.
    private static func number(_ reader: inout BinaryReader) throws(BinaryReader.Malformed) -> Double {
        let value = try reader.double()
        guard value.isFinite else { throw BinaryReader.Malformed("a value of \(value)") }
        return min(max(value, -maximumMagnitude), maximumMagnitude)
    }

    private static func rect(_ reader: inout BinaryReader) throws(BinaryReader.Malformed) -> Rect {
        Rect(x: try number(&reader), y: try number(&reader), width: try number(&reader), height: try number(&reader))
    }

    private static func color(_ reader: inout BinaryReader) throws(BinaryReader.Malformed) -> RGBAColor {
        RGBAColor(red: try number(&reader), green: try number(&reader), blue: try number(&reader), alpha: try number(&reader))
    }

    private static func text(_ reader: inout BinaryReader) throws(BinaryReader.Malformed) -> LayerText {
        let string = try reader.string()
        let color = try color(&reader)
        let size = try number(&reader)
        guard let weight = LayerText.Weight(rawValue: try reader.string()),
              let alignment = LayerText.Alignment(rawValue: try reader.string()) else {
            throw BinaryReader.Malformed("an unknown text weight or alignment")
        }
        let lines = try reader.int(in: 0...Int(Int32.max))
        return LayerText(string, color: color, size: size, weight: weight, alignment: alignment, lines: lines)
    }

    private static func properties(_ reader: inout BinaryReader) throws(BinaryReader.Malformed) -> LayerProperties {
        var p = LayerProperties()
        p.bounds = try rect(&reader)
        p.position = Point(x: try number(&reader), y: try number(&reader))
        p.anchorPoint = Point(x: try number(&reader), y: try number(&reader))
        var m: [Double] = []
        m.reserveCapacity(16)
        for _ in 0..<16 { m.append(try number(&reader)) }
        p.transform = Transform3D(m)
        p.opacity = try number(&reader)
        p.isHidden = try reader.bool()
        p.backgroundColor = try reader.bool() ? try color(&reader) : nil
        p.cornerRadius = try number(&reader)
        p.maskedCorners = try reader.byte() & 0b1111
        p.continuousCorners = try reader.bool()
        p.masksToBounds = try reader.bool()
        p.zPosition = try number(&reader)
        return p
    }

    private static func transition(_ reader: inout BinaryReader) throws(BinaryReader.Malformed) -> TransitionFrame {
        guard let type = TransitionType(rawValue: try reader.string()) else {
            throw BinaryReader.Malformed("an unknown transition type")
        }
        let subtypeName = try reader.string()
        let subtype = TransitionSubtype(rawValue: subtypeName)
        guard subtype != nil || subtypeName.isEmpty else { throw BinaryReader.Malformed("an unknown transition subtype") }
        return TransitionFrame(type: type, subtype: subtype, progress: try number(&reader), isOutgoing: try reader.bool())
    }
}
