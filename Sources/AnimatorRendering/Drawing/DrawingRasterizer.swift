import AnimatorEngine

/// Rasterizes a list of drawing commands into an image, with the renderer that draws
/// frames: the commands become a tree of layers in an engine of their own (a shape layer
/// per fill or stroke, a gradient layer per gradient, an image or text layer, each placed
/// by the transform current at its command; a clip a container whose mask is the clip's
/// path), drawn once onto a transparent canvas.
public enum DrawingRasterizer {
    /// The image of `commands` over `size` points at `scale` pixels per point.
    public static func image(size: Size, scale: Double, commands: [DrawingCommand],
                             fonts: FontLibrary = .system) throws(EngineError) -> Image {
        let engine = AnimationEngine()
        let transaction = engine.transaction
        transaction.begin()
        transaction.disableActions = true
        let bounds = Rect(x: 0, y: 0, width: size.width, height: size.height)
        let root = place(engine.makeLayer(name: "drawing"), bounds, .identity)
        var container = root
        var transform = AffineTransform.identity
        var saved: [(container: Layer, transform: AffineTransform)] = []
        for command in commands {
            switch command {
            case .save:
                saved.append((container, transform))
            case .restore:
                if let last = saved.popLast() { (container, transform) = (last.container, last.transform) }
            case .concat(let t):
                transform = t.concatenating(transform)
            case .clip(let path, let rule):
                let clipped = place(engine.makeLayer(name: "clip"), bounds, .identity)
                let mask = place(engine.makeShapeLayer(name: "clip path"), bounds, transform)
                mask.path = path
                mask.updateShapeStyle { $0.fillRule = rule }
                mask.fillColor = RGBAColor(red: 0, green: 0, blue: 0, alpha: 1)
                try clipped.setMask(mask)
                try container.addSublayer(clipped)
                container = clipped
            case .fill(let path, let rule, let color, let alpha):
                let layer = place(engine.makeShapeLayer(name: "fill"), bounds, transform)
                layer.path = path
                layer.updateShapeStyle { $0.fillRule = rule }
                layer.fillColor = color
                layer.opacity = alpha
                try container.addSublayer(layer)
            case .stroke(let path, let style, let width, let color, let alpha):
                let layer = place(engine.makeShapeLayer(name: "stroke"), bounds, transform)
                layer.path = path
                layer.updateShapeStyle { shape in
                    shape.lineCap = style.lineCap
                    shape.lineJoin = style.lineJoin
                    shape.miterLimit = style.miterLimit
                    shape.dashPattern = style.dashPattern
                    shape.dashPhase = style.dashPhase
                }
                layer.fillColor = nil
                layer.strokeColor = color
                layer.lineWidth = width
                layer.opacity = alpha
                try container.addSublayer(layer)
            case .gradient(let gradient, let alpha):
                try container.addSublayer(try gradientLayer(gradient, engine: engine, canvas: bounds, transform: transform,
                                                            alpha: alpha))
            case .image(let image, let rect, let flipped, let alpha):
                var placement = AffineTransform(translationX: rect.origin.x, y: rect.origin.y)
                if flipped {
                    placement = AffineTransform(scaleX: 1, y: -1)
                        .concatenating(AffineTransform(translationX: rect.origin.x, y: rect.origin.y + rect.size.height))
                }
                let layer = place(engine.makeLayer(name: "image"), Rect(x: 0, y: 0, width: rect.size.width, height: rect.size.height),
                                  placement.concatenating(transform))
                layer.contents = LayerContents(image: image, scale: 1, gravity: .resize)
                layer.opacity = alpha
                try container.addSublayer(layer)
            case .text(let text, let rect, let alpha):
                let layer = place(engine.makeLayer(name: "text"), Rect(x: 0, y: 0, width: rect.size.width, height: rect.size.height),
                                  AffineTransform(translationX: rect.origin.x, y: rect.origin.y).concatenating(transform))
                layer.text = text
                layer.opacity = alpha
                try container.addSublayer(layer)
            }
        }
        try transaction.commit()
        let renderer = SceneRenderer(size: size, scale: scale, fonts: fonts)
        renderer.backdrop = 0
        return renderer.render(SceneFrame(engine: engine, root: root.id))
    }

    /// A layer whose own coordinates are the drawing's user space under `transform`: its
    /// bounds `bounds`, its anchor at its origin, placed at the origin.
    private static func place(_ layer: Layer, _ bounds: Rect, _ transform: AffineTransform) -> Layer {
        layer.anchorPoint = Point(x: 0, y: 0)
        layer.bounds = bounds
        layer.position = Point(x: 0, y: 0)
        if transform != .identity { layer.transform = transform.transform3D }
        return layer
    }

    /// A gradient layer covering the canvas (in user space), its axis or circles where the
    /// gradient says, masked to the band between its ends unless it extends beyond them.
    private static func gradientLayer(_ gradient: DrawingGradient, engine: AnimationEngine, canvas: Rect,
                                      transform: AffineTransform, alpha: Double) throws(EngineError) -> Layer {
        // The canvas's corners in user space: the area the gradient may cover.
        let inverse = transform.inverted ?? .identity
        let corners = [Point(x: canvas.origin.x, y: canvas.origin.y), Point(x: canvas.maxX, y: canvas.origin.y),
                       Point(x: canvas.origin.x, y: canvas.maxY), Point(x: canvas.maxX, y: canvas.maxY)].map(inverse.apply)
        let (minX, maxX) = (corners.map(\.x).min()!, corners.map(\.x).max()!)
        let (minY, maxY) = (corners.map(\.y).min()!, corners.map(\.y).max()!)
        let area = Rect(x: minX - 1, y: minY - 1, width: maxX - minX + 2, height: maxY - minY + 2)
        let local = AffineTransform(translationX: area.origin.x, y: area.origin.y).concatenating(transform)
        let layer = place(engine.makeGradientLayer(name: "gradient"), Rect(x: 0, y: 0, width: area.size.width,
                                                                           height: area.size.height), local)
        func unit(_ p: Point) -> Point {
            Point(x: (p.x - area.origin.x) / area.size.width, y: (p.y - area.origin.y) / area.size.height)
        }
        var colors = gradient.colors
        var locations = gradient.locations
        var maskPath: ShapePath?
        var rule = FillRule.nonZero
        let reach = (area.size.width * area.size.width + area.size.height * area.size.height).squareRoot() * 2
        if gradient.isRadial {
            let r0 = max(gradient.startRadius, 0), r1 = max(gradient.endRadius, 1e-9)
            // CAGradientLayer's radial runs from the center to r1: the colors move out to r0.
            if r0 > 0 {
                let spread = locations ?? (0..<colors.count).map { colors.count > 1 ? Double($0) / Double(colors.count - 1) : 0 }
                locations = spread.map { (r0 + $0 * (r1 - r0)) / r1 }
                if gradient.extendsBeforeStart { colors.insert(colors[0], at: 0); locations!.insert(0, at: 0) }
            }
            let c = gradient.start
            let endPoint = Point(x: c.x + r1, y: c.y + r1)
            layer.gradient = LayerGradient(colors: colors, locations: locations, startPoint: unit(c), endPoint: unit(endPoint),
                                           kind: .radial)
            var path = ShapePath()
            if !gradient.extendsAfterEnd {
                path.append(.oval(in: Rect(x: c.x - r1, y: c.y - r1, width: 2 * r1, height: 2 * r1)))
            } else {
                path.append(.rect(area))
            }
            if !gradient.extendsBeforeStart && r0 > 0 {
                path.append(.oval(in: Rect(x: c.x - r0, y: c.y - r0, width: 2 * r0, height: 2 * r0)))
                rule = .evenOdd
            }
            if !gradient.extendsAfterEnd || (!gradient.extendsBeforeStart && r0 > 0) { maskPath = path }
        } else {
            layer.gradient = LayerGradient(colors: colors, locations: locations, startPoint: unit(gradient.start),
                                           endPoint: unit(gradient.end), kind: .axial)
            if !(gradient.extendsBeforeStart && gradient.extendsAfterEnd) {
                let d = Point(x: gradient.end.x - gradient.start.x, y: gradient.end.y - gradient.start.y)
                let length = (d.x * d.x + d.y * d.y).squareRoot()
                if length > 0 {
                    let u = Point(x: d.x / length, y: d.y / length), n = Point(x: -u.y, y: u.x)
                    let a = gradient.extendsBeforeStart ? reach : 0, b = gradient.extendsAfterEnd ? reach : 0
                    let s = Point(x: gradient.start.x - u.x * a, y: gradient.start.y - u.y * a)
                    let e = Point(x: gradient.end.x + u.x * b, y: gradient.end.y + u.y * b)
                    var band = ShapePath()
                    band.move(to: Point(x: s.x + n.x * reach, y: s.y + n.y * reach))
                    band.addLine(to: Point(x: e.x + n.x * reach, y: e.y + n.y * reach))
                    band.addLine(to: Point(x: e.x - n.x * reach, y: e.y - n.y * reach))
                    band.addLine(to: Point(x: s.x - n.x * reach, y: s.y - n.y * reach))
                    band.close()
                    maskPath = band
                }
            }
        }
        layer.opacity = alpha
        if let maskPath {
            // The mask lives in the gradient layer's coordinates: user space less the area's origin.
            let mask = place(engine.makeShapeLayer(name: "gradient extent"),
                             Rect(x: 0, y: 0, width: area.size.width, height: area.size.height),
                             AffineTransform(translationX: -area.origin.x, y: -area.origin.y))
            mask.path = maskPath
            mask.updateShapeStyle { $0.fillRule = rule }
            mask.fillColor = RGBAColor(red: 0, green: 0, blue: 0, alpha: 1)
            try layer.setMask(mask)
        }
        return layer
    }
}
