import AnimatorABI
import Foundation

/// A context's recorded drawing sent to the host as draw.h's commands (image_draw): paths
/// made for the call and released after it, the arrays the commands point into kept
/// alive until it returns.
struct DrawingUpload {
    let link: HostLink

    /// Storage the commands point into, freed after the call.
    private final class Arena {
        var paths: [ah_path] = []
        var doubles: [UnsafeMutablePointer<Double>] = []
        var colors: [UnsafeMutablePointer<ah_color>] = []
        var strings: [UnsafeMutablePointer<CChar>] = []

        func keep(_ values: [Double]) -> UnsafeMutablePointer<Double> {
            let pointer = UnsafeMutablePointer<Double>.allocate(capacity: max(values.count, 1))
            pointer.initialize(from: values, count: values.count)
            doubles.append(pointer)
            return pointer
        }

        func keep(_ values: [ah_color]) -> UnsafeMutablePointer<ah_color> {
            let pointer = UnsafeMutablePointer<ah_color>.allocate(capacity: max(values.count, 1))
            pointer.initialize(from: values, count: values.count)
            colors.append(pointer)
            return pointer
        }

        func keep(_ text: String) -> UnsafeMutablePointer<CChar> {
            let pointer = strdup(text)!
            strings.append(pointer)
            return pointer
        }

        deinit {
            doubles.forEach { $0.deallocate() }
            colors.forEach { $0.deallocate() }
            strings.forEach { free($0) }
        }
    }

    /// The image of `operations`, or nil (the host's reason in its log).
    func image(of operations: [CGContext.Operation], size: CGSize, scale: CGFloat) -> UIImage? {
        let arena = Arena()
        defer { for path in arena.paths { _ = link.table.path_release(link.host, path) } }
        var commands: [ah_draw_command] = []
        commands.reserveCapacity(operations.count)
        for operation in operations {
            guard let command = self.command(operation, arena) else { return nil }
            commands.append(command)
        }
        var handle: ah_image = 0
        let status = commands.withUnsafeBufferPointer {
            link.table.image_draw(link.host, ah_size(width: size.width, height: size.height), scale, $0.baseAddress,
                                  UInt32($0.count), MemoryLayout<ah_draw_command>.stride, &handle)
        }
        guard link.check(status, "drawing") else { return nil }
        return UIImage(drawn: handle, host: link.host, width: Int((size.width * scale).rounded()),
                       height: Int((size.height * scale).rounded()), scale: scale)
    }

    private func blank(_ verb: UInt32) -> ah_draw_command {
        var c = ah_draw_command()
        c.abi = ah_version(major: UInt32(AH_ABI_MAJOR), minor: UInt32(AH_ABI_MINOR))
        c.struct_size = UInt32(MemoryLayout<ah_draw_command>.size)
        c.verb = verb
        c.alpha = 1
        return c
    }

    private func path(_ path: CGPath, _ arena: Arena) -> ah_path? {
        var handle: ah_path = AH_NULL_HANDLE
        guard link.check(link.table.path_create(link.host, path.elements, UInt32(path.elements.count), &handle), "drawing path") else {
            return nil
        }
        arena.paths.append(handle)
        return handle
    }

    private static func color(_ c: UIColor) -> ah_color { ah_color(red: c.red, green: c.green, blue: c.blue, alpha: c.alpha) }
    private static func rect(_ r: CGRect) -> ah_rect { r.cValue }

    private func command(_ operation: CGContext.Operation, _ arena: Arena) -> ah_draw_command? {
        switch operation {
        case .save: return blank(AH_DRAW_SAVE)
        case .restore: return blank(AH_DRAW_RESTORE)
        case .concat(let t):
            var c = blank(AH_DRAW_CONCAT)
            c.transform = (t.a, t.b, t.c, t.d, t.tx, t.ty)
            return c
        case .clip(let shape, let evenOdd):
            var c = blank(AH_DRAW_CLIP)
            guard let handle = path(shape, arena) else { return nil }
            c.path = handle
            c.fill_rule = evenOdd ? AH_FILL_RULE_EVEN_ODD : AH_FILL_RULE_NON_ZERO
            return c
        case .fill(let shape, let evenOdd, let color, let alpha):
            var c = blank(AH_DRAW_FILL)
            guard let handle = path(shape, arena) else { return nil }
            c.path = handle
            c.fill_rule = evenOdd ? AH_FILL_RULE_EVEN_ODD : AH_FILL_RULE_NON_ZERO
            c.color = Self.color(color)
            c.alpha = alpha
            return c
        case .stroke(let shape, let state):
            var c = blank(AH_DRAW_STROKE)
            guard let handle = path(shape, arena) else { return nil }
            c.path = handle
            c.color = Self.color(state.stroke)
            c.alpha = state.alpha
            c.line_width = state.lineWidth
            c.line_cap = UInt32(state.lineCap.rawValue)
            c.line_join = UInt32(state.lineJoin.rawValue)
            c.miter_limit = state.miterLimit
            if !state.dashes.isEmpty {
                c.dashes = UnsafePointer(arena.keep(state.dashes.map { Double($0) }))
                c.dash_count = UInt32(state.dashes.count)
                c.dash_phase = state.dashPhase
            }
            return c
        case .gradient(let gradient, let radial, let start, let end, let startRadius, let endRadius, let options, let alpha):
            var c = blank(radial ? AH_DRAW_RADIAL_GRADIENT : AH_DRAW_LINEAR_GRADIENT)
            c.colors = UnsafePointer(arena.keep(gradient.colors.map(Self.color)))
            c.color_count = UInt32(gradient.colors.count)
            if let locations = gradient.locations { c.locations = UnsafePointer(arena.keep(locations.map { Double($0) })) }
            c.start = ah_point(x: start.x, y: start.y)
            c.end = ah_point(x: end.x, y: end.y)
            c.start_radius = startRadius
            c.end_radius = endRadius
            c.gradient_options = options.rawValue
            c.alpha = alpha
            return c
        case .image(let image, let rect, let flipped, let alpha):
            var c = blank(AH_DRAW_IMAGE)
            guard let handle = image.handle(link) else { return nil }
            c.image = handle
            c.rect = Self.rect(rect)
            c.flipped = flipped
            c.alpha = alpha
            return c
        case .text(let text, let rect, let font, let color, let alignment, let lines, let alpha):
            var c = blank(AH_DRAW_TEXT)
            c.text = UnsafePointer(arena.keep(text))
            c.rect = Self.rect(rect)
            c.alpha = alpha
            var style = ah_text_style()
            style.abi = ah_version(major: UInt32(AH_ABI_MAJOR), minor: UInt32(AH_ABI_MINOR))
            style.struct_size = UInt32(MemoryLayout<ah_text_style>.size)
            style.color = Self.color(color)
            style.size = font.pointSize
            style.weight = font.hostWeight
            style.alignment = ah_text_alignment(alignment == .center ? AH_TEXT_CENTER : alignment == .right ? AH_TEXT_RIGHT : AH_TEXT_LEFT)
            style.lines = UInt32(max(lines, 0))
            c.text_style = style
            return c
        case .layer(let layer, let rect, let alpha):
            var c = blank(AH_DRAW_LAYER)
            c.layer = layer.handle
            c.rect = Self.rect(rect)
            c.alpha = alpha
            return c
        }
    }
}
