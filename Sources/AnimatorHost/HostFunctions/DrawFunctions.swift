import AnimatorABI
import AnimatorEngine
import AnimatorRendering
import Glibc

// Implements animator_host/draw.h: `image_draw`.
// Table batch 1.10.

extension HostSession {
    /// Core Graphics drawing into images, rasterized by the frames' renderer.
    static func installDrawFunctions(in table: UnsafeMutablePointer<ah_host>) {
        table.pointee.image_draw = { host, size, scale, commands, count, commandSize, out in
            HostSession.call(host) { session throws(HostCallError) in
                let out = try required(out, "out")
                guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0,
                      scale.isFinite, scale > 0 else {
                    throw .invalidArgument("size \(size.width) × \(size.height) at scale \(scale): each must be finite and positive")
                }
                let (pixelsWide, pixelsHigh) = ((size.width * scale).rounded(), (size.height * scale).rounded())
                guard pixelsWide <= Double(AH_IMAGE_MAX_SIDE), pixelsHigh <= Double(AH_IMAGE_MAX_SIDE) else {
                    throw .invalidArgument("an image of \(Int(pixelsWide)) × \(Int(pixelsHigh)) pixels "
                                           + "(each side at most \(AH_IMAGE_MAX_SIDE))")
                }
                guard count <= AH_DRAW_MAX_COMMANDS else {
                    throw .invalidArgument("\(count) commands (at most \(AH_DRAW_MAX_COMMANDS))")
                }
                guard count == 0 || commands != nil else { throw .invalidArgument("commands is NULL") }
                guard commandSize >= MemoryLayout<ah_draw_command>.size, commandSize <= 65_536 else {
                    throw .invalidArgument("command_size \(commandSize) is less than ah_draw_command's "
                                           + "\(MemoryLayout<ah_draw_command>.size) or over 65,536")
                }
                var list: [DrawingCommand] = []
                list.reserveCapacity(Int(count))
                let base = UnsafeRawPointer(commands)
                for index in 0..<Int(count) {
                    let c = base!.advanced(by: index * commandSize).loadUnaligned(as: ah_draw_command.self)
                    do throws(HostCallError) {
                        list.append(try session.drawingCommand(c))
                    } catch {
                        throw HostCallError(status: error.status, message: "command \(index): " + error.message)
                    }
                }
                let image: Image
                do throws(EngineError) {
                    // Text in the built-in font: the image's bytes are the same whatever fonts the
                    // machine has (the drawing is kept as pixels, unlike a label).
                    image = try DrawingRasterizer.image(size: Size(width: size.width, height: size.height), scale: scale,
                                                        commands: list, fonts: .none)
                } catch {
                    throw .invalidArgument(error.reason)
                }
                out.pointee = session.images.insert(image)
            }
        }
    }

    /// One C command in Swift; a layer command becomes the picture of the layer now.
    func drawingCommand(_ c: ah_draw_command) throws(HostCallError) -> DrawingCommand {
        func finite(_ values: Double..., what: String) throws(HostCallError) {
            guard values.allSatisfy(\.isFinite) else { throw .invalidArgument("\(what) must be finite") }
        }
        func color(_ c: ah_color) throws(HostCallError) -> RGBAColor {
            try finite(c.red, c.green, c.blue, c.alpha, what: "a color")
            return RGBAColor(red: c.red, green: c.green, blue: c.blue, alpha: c.alpha)
        }
        func rect(_ r: ah_rect) throws(HostCallError) -> Rect {
            try finite(r.origin.x, r.origin.y, r.size.width, r.size.height, what: "a rectangle")
            return Rect(x: r.origin.x, y: r.origin.y, width: r.size.width, height: r.size.height)
        }
        try finite(c.alpha, what: "alpha")
        let alpha = min(max(c.alpha, 0), 1)
        let rule: FillRule = c.fill_rule == AH_FILL_RULE_EVEN_ODD ? .evenOdd : .nonZero
        switch c.verb {
        case AH_DRAW_SAVE: return .save
        case AH_DRAW_RESTORE: return .restore
        case AH_DRAW_CONCAT:
            let t = c.transform
            try finite(t.0, t.1, t.2, t.3, t.4, t.5, what: "the transform")
            return .concat(AffineTransform(a: t.0, b: t.1, c: t.2, d: t.3, tx: t.4, ty: t.5))
        case AH_DRAW_CLIP: return .clip(try path(c.path), rule)
        case AH_DRAW_FILL: return .fill(try path(c.path), rule, try color(c.color), alpha: alpha)
        case AH_DRAW_STROKE:
            try finite(c.line_width, c.miter_limit, c.dash_phase, what: "the line width, miter limit and dash phase")
            guard c.line_width >= 0 else { throw .invalidArgument("a line width of \(c.line_width)") }
            var style = LayerShape()
            style.lineCap = [.butt, .round, .square][Int(min(c.line_cap, 2))]
            style.lineJoin = [.miter, .round, .bevel][Int(min(c.line_join, 2))]
            style.miterLimit = c.miter_limit > 0 ? c.miter_limit : 10
            if c.dash_count > 0 {
                guard let dashes = c.dashes, c.dash_count <= UInt32(LayerShape.maximumDashes) else {
                    throw .invalidArgument("dashes: NULL or more than \(LayerShape.maximumDashes)")
                }
                style.dashPattern = Array(UnsafeBufferPointer(start: dashes, count: Int(c.dash_count)))
                guard style.dashPattern.allSatisfy({ $0.isFinite && $0 >= 0 }) else {
                    throw .invalidArgument("dash lengths must be finite and not negative")
                }
                style.dashPhase = c.dash_phase
            }
            return .stroke(try path(c.path), style, width: c.line_width, try color(c.color), alpha: alpha)
        case AH_DRAW_LINEAR_GRADIENT, AH_DRAW_RADIAL_GRADIENT:
            guard c.color_count > 0, c.color_count <= 4096, let colors = c.colors else {
                throw .invalidArgument("a gradient needs 1 to 4096 colors")
            }
            var list: [RGBAColor] = []
            for i in 0..<Int(c.color_count) { list.append(try color(colors[i])) }
            var locations: [Double]?
            if let given = c.locations {
                locations = Array(UnsafeBufferPointer(start: given, count: Int(c.color_count)))
                try finite(locations!.reduce(0, +), what: "gradient locations")
            }
            try finite(c.start.x, c.start.y, c.end.x, c.end.y, c.start_radius, c.end_radius, what: "the gradient's points and radii")
            let gradient = DrawingGradient(colors: list, locations: locations, isRadial: c.verb == AH_DRAW_RADIAL_GRADIENT,
                                           start: Point(x: c.start.x, y: c.start.y), end: Point(x: c.end.x, y: c.end.y),
                                           startRadius: c.start_radius, endRadius: c.end_radius,
                                           extendsBeforeStart: c.gradient_options & AH_DRAW_GRADIENT_BEFORE_START != 0,
                                           extendsAfterEnd: c.gradient_options & AH_DRAW_GRADIENT_AFTER_END != 0)
            return .gradient(gradient, alpha: alpha)
        case AH_DRAW_IMAGE:
            return .image(try image(c.image), try rect(c.rect), flipped: c.flipped, alpha: alpha)
        case AH_DRAW_TEXT:
            guard let text = c.text else { throw .invalidArgument("text is NULL") }
            var style = c.text_style
            if style.struct_size == 0 { style.struct_size = UInt32(MemoryLayout<ah_text_style>.size) }
            return .text(try HostSession.layerText(String(cString: text), style: style), try rect(c.rect), alpha: alpha)
        case AH_DRAW_LAYER:
            let target = try rect(c.rect)
            let source = try layer(c.layer)
            // The layer's picture now (as a snapshot draws it), drawn into the rectangle.
            guard let picture = SnapshotRasterizer.contents(engine, source.id) else {
                return .image(Image(width: 1, height: 1), target, flipped: false, alpha: 0)
            }
            return .image(picture.image, target, flipped: false, alpha: alpha)
        default:
            throw .invalidArgument("unknown drawing verb \(c.verb)")
        }
    }
}
