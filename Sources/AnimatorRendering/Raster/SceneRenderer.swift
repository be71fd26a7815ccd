import AnimatorEngine

/// Draws scene frames into pixels, as Core Animation composites a layer tree: each
/// layer's shadow, background (a rounded rectangle), border and text, then its sublayers
/// in order; a translucent layer with content below it is drawn off-screen and
/// composited at its opacity (group opacity); masksToBounds clips the sublayers to the
/// layer's rounded bounds; every layer is flattened into its superlayer's plane through
/// its 3D transform, perspective included.
///
/// A renderer owns its pixel memory and reuses it from frame to frame; it is not
/// thread-safe, so parallel rendering uses one renderer per thread (`FrameRendering`).
public final class SceneRenderer {
    /// The version of what this renderer draws: raised with every change that moves a
    /// pixel of an existing picture, so that golden pictures can say what drew them.
    public static let drawingVersion = 1

    /// Device pixels per point.
    public let scale: Double
    /// The output's width in pixels.
    public let width: Int
    /// The output's height in pixels.
    public let height: Int
    /// The color behind everything (the window's backdrop): opaque black, as on a device.
    public var backdrop: UInt32 = 0xFF00_0000
    /// Whether a frame whose first layers draw as the frame drawn before did starts from the
    /// screen kept after them (`DrawnPrefix`), and a group drawn off screen that is the same
    /// as the one its canvas holds (a view fading) is composited again without being drawn
    /// again (`DrawnGroup`); the same pixels either way. Benchmarks that time the drawing of
    /// whole frames, against Skia say, turn it off.
    public var keepsStillLayers = true

    /// The surface frames are drawn on: the renderer's own, or for the length of one
    /// `render(_:)` or `draw(_:into:)` the caller's memory.
    private var main: Canvas { borrowed ?? own }
    /// The caller's memory, while a frame is drawn into it.
    private var borrowed: Canvas?
    /// The renderer's own surface, made when first drawn on (a renderer that only draws
    /// into its callers' memory never makes it).
    private lazy var own = Canvas(width: width, height: height)
    /// Off-screen canvases for nested groups, by depth, made when first needed.
    private var offscreen: [Canvas] = []
    /// The group each off-screen canvas holds, by depth (nil: none, or scratch pixels).
    private var groups: [DrawnGroup?] = []
    private var shadowMask: [Float] = []
    private var blurScratch: [Float] = []
    private var backdropFilter = BackdropFilter()
    /// Coverage of shape layers' fills and strokes.
    private var pathRasterizer = PathRasterizer()
    /// Draws masks (a renderer of the same size, made when a mask is first drawn).
    private var maskRenderer: SceneRenderer?

    // Per-frame state.
    private var maps: [Homography] = []
    private var sizes: [Int] = []
    /// The last layer drawn directly on the screen that covers all of it with opaque
    /// color: nothing before it in drawing order can show, so none of it is drawn.
    private var occluder = 0
    /// Nodes before this are on the screen already (from `prefix`): not drawn again.
    private var resumeAt = 0
    /// The node before whose drawing the screen is kept as the next `prefix` (-1: none).
    private var keepBefore = -1

    /// The frame drawn last and its subtree sizes, to find what the next frame draws alike.
    private var lastFrame: (frame: SceneFrame, sizes: [Int])?
    /// The screen as it stood partway through a frame drawn before (`DrawnPrefix`).
    private var prefix: DrawnPrefix?
    /// How many frames started from `prefix` (for tests: that the still part is reused).
    private(set) var framesResumed = 0
    /// How many groups were composited from what their canvas held (for tests).
    private(set) var groupsReused = 0

    /// The fonts text is drawn with.
    public let fonts: FontLibrary
    private let glyphs: GlyphCache
    /// The built-in font's texts as painted, for drawing them again where they were.
    private let bitmapTexts = BitmapTextPaintings()

    /// Creates a renderer for a screen of `size` points at `scale` pixels per point,
    /// drawing text with `fonts` (default: the system's).
    public convenience init(size: Size, scale: Double, fonts: FontLibrary = .system) {
        self.init(width: max(Int((size.width * scale).rounded()), 1), height: max(Int((size.height * scale).rounded()), 1),
                  scale: scale, fonts: fonts)
    }

    private init(width: Int, height: Int, scale: Double, fonts: FontLibrary, main: Canvas? = nil,
                 glyphs: GlyphCache? = nil) {
        self.scale = scale
        self.fonts = fonts
        self.width = width
        self.height = height
        borrowed = main
        self.glyphs = glyphs ?? GlyphCache()
    }

    /// One picture of `frame` on a canvas of `size` points at `scale`, on `backdrop`, drawn
    /// straight into the image's own memory (no canvas of the renderer's, no copy: what a
    /// one-off picture such as a snapshot needs), its text through `glyphs` when given (a
    /// cache kept from picture to picture with the same fonts).
    static func picture(of frame: SceneFrame, size: Size, scale: Double, backdrop: UInt32, fonts: FontLibrary = .system,
                        glyphs: GlyphCache? = nil) -> Image {
        let width = max(Int((size.width * scale).rounded()), 1), height = max(Int((size.height * scale).rounded()), 1)
        let count = width * height
        let pixels = [UInt32](unsafeUninitializedCapacity: count) { buffer, initialized in
            guard let base = buffer.baseAddress else { return }
            base.initialize(repeating: backdrop, count: count)
            initialized = count
            let renderer = SceneRenderer(width: width, height: height, scale: scale, fonts: fonts,
                                         main: Canvas(borrowing: base, width: width, height: height), glyphs: glyphs)
            renderer.backdrop = backdrop
            renderer.draw(frame, backdropDrawn: true)
        }
        return Image(width: width, height: height, pixels: pixels)
    }

    /// Renders one frame, drawn straight into the memory of the image returned (every
    /// pixel is written: the backdrop first, or, where an opaque layer covers the whole
    /// screen, that layer).
    public func render(_ frame: SceneFrame) -> Image {
        let count = width * height
        let pixels = [UInt32](unsafeUninitializedCapacity: count) { buffer, initialized in
            draw(frame, into: buffer)
            initialized = count
        }
        return Image(width: width, height: height, pixels: pixels)
    }

    /// Renders one frame into the renderer's own memory, without copying it out (read it
    /// with `withPixels(_:)`; benchmarks time this).
    public func draw(_ frame: SceneFrame) {
        draw(frame, backdropDrawn: false)
    }

    /// Renders one frame into `pixels`, the caller's memory (`width` × `height`, row by
    /// row; every pixel is written): for callers that keep frames of their own, such as an
    /// encoder comparing each frame with the one before (`PNGFrameSequence`).
    public func draw(_ frame: SceneFrame, into pixels: UnsafeMutableBufferPointer<UInt32>) {
        precondition(pixels.count == width * height, "a frame's pixels are the renderer's width times its height")
        let before = borrowed
        borrowed = Canvas(borrowing: pixels.baseAddress!, width: width, height: height)
        defer { borrowed = before }
        draw(frame)
    }

    /// Calls `body` with the pixels of the frame drawn last by `draw(_:)` (`width` ×
    /// `height`, row by row), valid only during the call.
    public func withPixels<Result>(_ body: (UnsafeBufferPointer<UInt32>) throws -> Result) rethrows -> Result {
        try body(UnsafeBufferPointer(start: main.pixels, count: width * height))
    }

    /// `draw(_:)`, leaving out the backdrop when the canvas holds it already. A frame
    /// drawn on the renderer's own terms (its backdrop first) starts from the screen kept
    /// partway through an earlier one when its first nodes draw the same; otherwise, when
    /// its first nodes draw as the last frame's did, the screen is kept after them for the
    /// next frame.
    private func draw(_ frame: SceneFrame, backdropDrawn: Bool) {
        guard !frame.nodes.isEmpty else {
            if !backdropDrawn { main.fill(main.bounds, with: backdrop) }
            return
        }
        prepare(frame, base: .scale(scale))
        occluder = findOccluder(frame)
        defer { (resumeAt, keepBefore) = (0, -1) }
        if !backdropDrawn, keepsStillLayers {
            if let prefix, prefix.fits(frame, sizes: sizes, occluder: occluder, backdrop: backdrop) {
                main.pixels.update(from: prefix.canvas.pixels, count: width * height)
                resumeAt = prefix.node
                framesResumed += 1
            } else {
                keepBefore = keepingPoint(frame)
            }
            lastFrame = (frame, sizes)
        }
        if occluder == 0, resumeAt == 0, !backdropDrawn { main.fill(main.bounds, with: backdrop) }
        draw(0, frame, into: main, clip: main.bounds, depth: 0)
    }

    /// Where to keep the screen while drawing `frame` (prepared): before the last node, up
    /// to which it draws as the frame drawn before did, all of whose ancestors draw straight
    /// on the screen (a group's nodes reach the screen only with the group's last); -1 for
    /// nowhere, when that is no further than the occluder.
    private func keepingPoint(_ frame: SceneFrame) -> Int {
        guard let last = lastFrame else { return -1 }
        var node = min(DrawnPrefix.leadingNodesInCommon(frame, sizes, last.frame, last.sizes), frame.nodes.count - 1)
        search: while node > occluder {
            var ancestor = frame.nodes[node].parent
            while let index = ancestor {
                if layering(index, frame, effectiveProperties(index, frame)).offscreen {
                    node = index
                    continue search
                }
                ancestor = frame.nodes[index].parent
            }
            return node
        }
        return -1
    }

    /// Keeps the screen as it stands before node `index` of `frame` is drawn.
    private func keep(_ frame: SceneFrame, before index: Int) {
        let canvas = prefix?.canvas ?? Canvas(width: width, height: height)
        canvas.pixels.update(from: main.pixels, count: width * height)
        prefix = DrawnPrefix(frame: frame, sizes: sizes, node: index, occluder: occluder, backdrop: backdrop, canvas: canvas)
    }

    /// Draws a mask's frame over `area` of this renderer's canvas, cleared first, its
    /// root placed by `base` (the masked layer's map).
    private func drawMask(_ frame: SceneFrame, base: Homography, area: PixelRect) {
        main.fill(area, with: 0)
        guard !frame.nodes.isEmpty else { return }
        prepare(frame, base: base)
        occluder = 0
        draw(0, frame, into: main, clip: area, depth: 0)
    }

    /// Works out each node's subtree size and its map from its own coordinates to device
    /// pixels: its transform about its anchor, its superlayer's sublayerTransform (about
    /// the superlayer's anchor, combined before flattening so perspective shows), and the
    /// superlayer's map; the root's superlayer is `base`.
    private func prepare(_ frame: SceneFrame, base: Homography) {
        sizes = frame.subtreeSizes
        maps.removeAll(keepingCapacity: true)
        for (index, node) in frame.nodes.enumerated() {
            var placement = node.properties.toSuperlayerTransform
            if let parent = node.parent, let above = frame.extras[parent], above.sublayerTransform != .identity {
                placement = placement.concatenating(Self.sublayerMatrix(above.sublayerTransform,
                                                                        of: frame.nodes[parent].properties))
            }
            var own = Homography(placement)
            if let transition = frame.transitions[index] {
                if transition.type == .flip {
                    own = Homography(Self.flipTurn(transition, bounds: node.properties.bounds)).concatenating(own)
                } else {
                    let (dx, dy) = Self.transitionOffset(transition, size: node.properties.bounds.size)
                    own = Homography(Transform3D.translation(dx, dy)).concatenating(own)
                }
            }
            maps.append(own.concatenating(node.parent.map { maps[$0] } ?? base))
        }
    }

    /// A layer's sublayerTransform as it acts on its sublayers: about its anchor point.
    static func sublayerMatrix(_ sublayerTransform: Transform3D, of properties: LayerProperties) -> Transform3D {
        let bounds = properties.bounds
        let ax = bounds.origin.x + properties.anchorPoint.x * bounds.size.width
        let ay = bounds.origin.y + properties.anchorPoint.y * bounds.size.height
        return Transform3D.translation(-ax, -ay).concatenating(sublayerTransform).concatenating(.translation(ax, ay))
    }

    /// Whether a layer mapped by `map` shows its back: its x and y axes, as drawn, turn
    /// the other way than the screen's.
    static func facesAway(_ map: Homography, _ bounds: Rect) -> Bool {
        let cx = bounds.midX, cy = bounds.midY
        let span = max(abs(bounds.size.width), abs(bounds.size.height), 1) / 4
        let o = map.apply(cx, cy), x = map.apply(cx + span, cy), y = map.apply(cx, cy + span)
        let cross = (x.x - o.x) * (y.y - o.y) - (x.y - o.y) * (y.x - o.x)
        return !(cross > 0)
    }

    /// Where a CATransition in progress puts a layer's look: with push, the new look
    /// slides in from the side the subtype names while the old one slides out the other
    /// way; with moveIn, the new look slides in over the old one, which stays; with
    /// reveal, the old look slides away uncovering the new one, which stays; fade moves
    /// nothing (it cross-fades, in `draw`).
    static func transitionOffset(_ transition: TransitionFrame, size: Size) -> (Double, Double) {
        let progress = min(max(transition.progress, 0), 1)
        // The direction the content travels: fromRight moves it leftward, and so on.
        let (ux, uy): (Double, Double)
        switch transition.subtype ?? .fromLeft {
        case .fromRight: (ux, uy) = (-size.width, 0)
        case .fromLeft: (ux, uy) = (size.width, 0)
        case .fromTop: (ux, uy) = (0, size.height)
        case .fromBottom: (ux, uy) = (0, -size.height)
        }
        let moves: Bool
        let distance: Double
        if transition.isOutgoing {
            moves = transition.type == .push || transition.type == .reveal
            distance = progress                // from where it was, out
        } else {
            moves = transition.type == .push || transition.type == .moveIn
            distance = progress - 1            // from one size back, in
        }
        return moves ? (ux * distance, uy * distance) : (0, 0)
    }

    /// The distance of the eye from a flipping layer, in multiples of its larger side: the
    /// perspective of UIView's flips (the nearer edge grows by about a fifth at 45°).
    static let flipEyeDistance = 2.0

    /// How a flip in progress turns a look about its bounds' middle line, in perspective:
    /// the old look from 0 to a quarter turn over the first half of the progress, the new
    /// one from a quarter turn on the other side back to 0 over the second. The named edge
    /// comes toward the viewer.
    static func flipTurn(_ transition: TransitionFrame, bounds: Rect) -> Transform3D {
        let progress = min(max(transition.progress, 0), 1)
        let angle = transition.isOutgoing ? Double.pi * progress : Double.pi * (progress - 1)
        let (cx, cy) = (bounds.midX, bounds.midY)
        var perspective = Transform3D.identity
        perspective.m34 = -1 / (flipEyeDistance * max(bounds.size.width, bounds.size.height, 1))
        let turn: Transform3D
        switch transition.subtype ?? .fromLeft {
        case .fromLeft: turn = .rotation(angle, 0, 1, 0)
        case .fromRight: turn = .rotation(-angle, 0, 1, 0)
        case .fromTop: turn = .rotation(-angle, 1, 0, 0)
        case .fromBottom: turn = .rotation(angle, 1, 0, 0)
        }
        return Transform3D.translation(-cx, -cy).concatenating(turn).concatenating(perspective)
            .concatenating(.translation(cx, cy))
    }

    /// Whether a look is hidden by its flip: the old one after halfway, the new one before.
    static func hiddenByFlip(_ transition: TransitionFrame) -> Bool {
        transition.isOutgoing ? transition.progress >= 0.5 : transition.progress < 0.5
    }

    /// The last node (in drawing order) that is drawn straight onto the screen, opaque,
    /// square and axis-aligned, covering every pixel; 0 when there is none (or it is the
    /// root). Nodes under a translucent, clipping, masked, hidden or transitioning ancestor
    /// do not count, nor masked ones.
    private func findOccluder(_ frame: SceneFrame) -> Int {
        var found = 0
        // A node is reachable plainly when its ancestors draw straight onto the screen.
        var plain = [Bool](repeating: false, count: frame.nodes.count)
        for (index, node) in frame.nodes.enumerated() {
            let p = node.properties
            let parentPlain = node.parent.map { plain[$0] } ?? true
            let masked = frame.masks[index] != nil
            // A layer in a CATransition (a fade, a flip) is drawn changed: what is under it
            // is not plainly on screen either.
            let transitioning = frame.transitions[index] != nil
            plain[index] = parentPlain && !p.isHidden && p.opacity >= 0.998 && !p.masksToBounds && !masked && !transitioning
            guard parentPlain, !p.isHidden, p.opacity >= 0.998, !transitioning, !masked else { continue }
            if Self.covers(Self.shape(of: p), maps[index], p.backgroundColor, main.bounds) { found = index }
        }
        return found
    }

    // MARK: Layers

    /// A node's properties as drawn: a fade draws the new look at the transition's progress
    /// over the old one (for opaque content, the cross-dissolve (1 − p) × old + p × new).
    private func effectiveProperties(_ index: Int, _ frame: SceneFrame) -> LayerProperties {
        var properties = frame.nodes[index].properties
        if let transition = frame.transitions[index], transition.type == .fade, !transition.isOutgoing {
            properties.opacity *= min(max(transition.progress, 0), 1)
        }
        return properties
    }

    /// How a node is drawn: straight on its canvas, or off screen as a group (translucent
    /// over its own content, clipped other than by a scissor, shadowed or masked), and the
    /// scissor its sublayers are clipped by.
    private func layering(_ index: Int, _ frame: SceneFrame, _ properties: LayerProperties)
        -> (offscreen: Bool, clips: Bool, scissor: PixelRect?, shadowed: Bool) {
        let extras = frame.extras[index]
        let background = properties.backgroundColor.map { $0.alpha > 0 } == true
        let border = extras.map { $0.borderWidth > 0 && $0.borderColor.alpha > 0 } == true
        let shapeDrawings = frame.shapes[index].map { _ in
            let style = extras ?? LayerExtras()
            return (style.fillColor.map { $0.alpha > 0 } == true ? 1 : 0) + (style.strokeColor.map { $0.alpha > 0 } == true ? 1 : 0)
        } ?? 0
        let drawings = (background ? 1 : 0) + (border ? 1 : 0) + (frame.texts[index] != nil ? 1 : 0)
            + (frame.contents[index] != nil ? 1 : 0) + shapeDrawings + (frame.gradients[index] != nil ? 1 : 0)
        let hasSublayers = sizes[index] > 1
        let overlaps = hasSublayers || drawings > 1
        let clips = properties.masksToBounds && hasSublayers
        let scissor = clips ? Self.scissor(of: Self.shape(of: properties), maps[index]) : nil
        // A shadow is cast by what the layer draws, sublayers included (as Core Animation
        // does without a shadowPath); masksToBounds clips it away, as on iOS.
        let shadowed = extras.map { $0.shadowOpacity > 0 && $0.shadowColor.alpha > 0 } == true && !properties.masksToBounds
        let translucent = properties.opacity < 0.998
        let offscreen = (translucent && overlaps) || (clips && scissor == nil) || shadowed || frame.masks[index] != nil
        return (offscreen, clips, scissor, shadowed)
    }

    private func draw(_ index: Int, _ frame: SceneFrame, into canvas: Canvas, clip: PixelRect, depth: Int) {
        if index == keepBefore, depth == 0 { keep(frame, before: index) }
        let properties = effectiveProperties(index, frame)
        if let transition = frame.transitions[index], transition.type == .flip, Self.hiddenByFlip(transition) { return }
        guard !properties.isHidden, properties.opacity > 0.002, !clip.isEmpty else { return }
        let extras = frame.extras[index]
        if extras?.isDoubleSided == false && Self.facesAway(maps[index], properties.bounds) { return }
        // Hidden behind the occluder, or on the screen already: only the path down to the
        // first node drawn is walked (those on it draw straight on the screen).
        let first = max(occluder, resumeAt)
        guard index + sizes[index] > first else { return }
        let map = maps[index]
        let shape = Self.shape(of: properties)
        let (offscreen, clips, scissor, shadowed) = layering(index, frame, properties)
        if index < first {
            let childClip = scissor.map { clip.intersection($0) } ?? clip
            var child = index + 1
            while child < index + sizes[index] {
                draw(child, frame, into: canvas, clip: childClip, depth: depth)
                child += sizes[child]
            }
            return
        }
        let background = properties.backgroundColor.flatMap { $0.alpha > 0 ? $0 : nil }
        let text = frame.texts[index]
        let mask = frame.masks[index]

        if let extras, extras.hasBackdrop {
            drawBackdrop(extras, shape: shape, map: map, opacity: properties.opacity, into: canvas, clip: clip, depth: depth)
        }

        if offscreen {
            // Off screen: the layer and its sublayers, then composited at its opacity,
            // through its shape when it clips; for a shadow, also what lies just outside the
            // clip and casts into it.
            // A shadow needs extras: its opacity is one of them.
            let shadow = shadowed ? extras : nil
            let reach = shadow.map { shadowReach($0, map) } ?? 0
            var area = subtreeBounds(index, frame).intersection(clip.insetBy(-reach)).intersection(canvas.bounds)
            if clips, let own = ShapeRasterizer.bounds(of: shape, map) { area = area.intersection(own) }
            // Nothing shows outside what the mask can draw (a growing circle's square, say).
            if let mask, !shadowed { area = area.intersection(maskBounds(mask, base: map)) }
            guard !area.isEmpty else { return }
            let target = offscreenCanvas(at: depth)
            // The same group over the same pixels as the canvas holds (its layer's opacity
            // apart): composited again as it is.
            if !keepsStillLayers || groups[depth]?.isDrawn(frame, sizes: sizes, node: index, area: area, map: map) != true {
                if !Self.covers(shape, map, background, area) { target.fill(area, with: 0) }
                drawContents(index, frame, shape: shape, background: background, text: text, opacity: 1,
                             into: target, clip: area, childClip: area, depth: depth + 1)
                if let mask { apply(mask, base: map, to: target, area: area) }
                groups[depth] = DrawnGroup(frame: frame, sizes: sizes, node: index, area: area, map: map)
            } else {
                groupsReused += 1
            }
            let opacity = UInt32((properties.opacity * 256).rounded())
            let visible = area.intersection(clip)
            if let shadow {
                // Composited whole and opaque, the layer's opaque pixels replace what is under
                // them: the shadow there is not drawn.
                drawShadow(of: target, area: area, shadow, opacity: properties.opacity, map, into: canvas, clip: clip,
                           replacedIn: opacity >= 256 && !clips ? visible : nil)
            }
            if clips {
                fillShape(shape, map, clip: visible, painter: CanvasPainter(target: canvas, source: target, opacity: opacity))
            } else {
                canvas.composite(target, in: visible, opacity: opacity)
            }
        } else {
            let childClip = scissor.map { clip.intersection($0) } ?? clip
            drawContents(index, frame, shape: shape, background: background, text: text, opacity: properties.opacity,
                         into: canvas, clip: clip, childClip: childClip, depth: depth)
        }
    }

    private func drawContents(_ index: Int, _ frame: SceneFrame, shape: RoundedRect, background: RGBAColor?,
                              text: LayerText?, opacity: Double, into canvas: Canvas, clip: PixelRect,
                              childClip: PixelRect, depth: Int) {
        let properties = frame.nodes[index].properties
        let extras = frame.extras[index]
        let map = maps[index]
        if let background {
            fillShape(shape, map, clip: clip,
                                 painter: SolidPainter(canvas: canvas, color: premultipliedPixel(background, opacity: opacity)))
        }
        // A layer with contents draws its border over them.
        if frame.contents[index] == nil { drawBorder(extras, shape, map, opacity: opacity, into: canvas, clip: clip) }
        if let gradient = frame.gradients[index],
           let painter = GradientPainter(canvas: canvas, gradient: gradient, bounds: properties.bounds, map: map,
                                         opacity: opacity) {
            fillShape(shape, map, clip: clip, painter: painter)
        }
        if let layerShape = frame.shapes[index] {
            drawShape(layerShape, extras ?? LayerExtras(), map, opacity: opacity, into: canvas, clip: clip)
        }
        if let contents = frame.contents[index] {
            drawContents(contents, properties, border: extras, shape: shape, map, opacity: opacity, into: canvas, clip: clip)
        }
        if let text {
            drawText(text, in: properties.bounds, map, opacity: opacity, into: canvas, clip: clip)
        }
        guard sizes[index] > 1, !childClip.isEmpty else { return }
        var child = index + 1
        let end = index + sizes[index]
        while child < end {
            draw(child, frame, into: canvas, clip: childClip, depth: depth)
            child += sizes[child]
        }
    }

    /// A backdrop (UIVisualEffectView's blur): what the canvas holds under the layer's
    /// shape, blurred with σ = backdropBlurRadius points, saturated and tinted, laid back
    /// through the shape at the layer's opacity, before the layer's own drawing.
    private func drawBackdrop(_ extras: LayerExtras, shape: RoundedRect, map: Homography, opacity: Double,
                              into canvas: Canvas, clip: PixelRect, depth: Int) {
        guard let own = ShapeRasterizer.bounds(of: shape, map) else { return }
        let area = own.intersection(clip).intersection(canvas.bounds)
        guard !area.isEmpty else { return }
        let sigma = extras.backdropBlurRadius * map.averageScale
        // Three σ holds all but 0.3 % of the Gaussian's weight.
        let reach = Int((3 * sigma).rounded(.up)) + 1
        let region = area.insetBy(-reach).intersection(canvas.bounds)
        let target = offscreenCanvas(at: depth)
        groups[depth] = nil
        backdropFilter.apply(source: canvas, region: region, into: target, area: area, sigma: sigma,
                             saturation: extras.backdropSaturation, tint: premultipliedPixel(extras.backdropTintColor))
        let factor = UInt32((min(max(opacity, 0), 1) * 256).rounded())
        fillShape(shape, map, clip: area, painter: CanvasPainter(target: canvas, source: target, opacity: factor))
    }

    /// Fills a rounded rectangle: the distance-field rasterizer for circular corners, the
    /// path rasterizer for continuous ones.
    private func fillShape<P: SpanPainter>(_ shape: RoundedRect, _ map: Homography, clip: PixelRect, painter: P) {
        guard shape.isContinuous else { return ShapeRasterizer.fill(shape, map, clip: clip, painter: painter) }
        fillOutline(shape.continuousPath, rule: .nonZero, map, clip: clip, painter: painter)
    }

    /// A border: the shape less the shape inset by `width`.
    private func fillRing<P: SpanPainter>(_ shape: RoundedRect, width: Double, _ map: Homography, clip: PixelRect, painter: P) {
        guard shape.isContinuous else { return ShapeRasterizer.fillRing(shape, width: width, map, clip: clip, painter: painter) }
        var ring = shape.continuousPath
        ring.append(shape.insetBy(width).continuousPath)
        fillOutline(ring, rule: .evenOdd, map, clip: clip, painter: painter)
    }

    private func fillOutline<P: SpanPainter>(_ path: ShapePath, rule: FillRule, _ map: Homography, clip: PixelRect, painter: P) {
        guard let box = path.controlPointBounds else { return }
        let bounds = RoundedRect(x: box.origin.x, y: box.origin.y, width: box.size.width, height: box.size.height, radius: 0)
        guard let area = ShapeRasterizer.bounds(of: bounds, map)?.insetBy(-1).intersection(clip), !area.isEmpty,
              pathRasterizer.rasterize(path, map, area: area) else { return }
        pathRasterizer.paint(rule, clip: area, painter: painter)
    }

    /// The layer's bounds as a rounded rectangle.
    static func shape(of properties: LayerProperties) -> RoundedRect {
        let bounds = properties.bounds
        return RoundedRect(x: bounds.origin.x, y: bounds.origin.y, width: bounds.size.width,
                           height: bounds.size.height, radius: properties.cornerRadius, corners: properties.maskedCorners,
                           continuous: properties.continuousCorners)
    }

    /// The clip of a square-cornered, axis-aligned layer as whole pixels (a scissor), or
    /// nil when the clip needs a mask.
    static func scissor(of shape: RoundedRect, _ map: Homography) -> PixelRect? {
        guard shape.radius <= 0, map.isAxisAligned(uniform: false) else { return nil }
        let a = map.apply(shape.x, shape.y), b = map.apply(shape.x + shape.width, shape.y + shape.height)
        return PixelRect(x0: ShapeRasterizer.index(min(a.x, b.x).rounded()), y0: ShapeRasterizer.index(min(a.y, b.y).rounded()),
                         x1: ShapeRasterizer.index(max(a.x, b.x).rounded()), y1: ShapeRasterizer.index(max(a.y, b.y).rounded()))
    }

    /// Whether an opaque, square, axis-aligned background covers `area` entirely, so an
    /// off-screen canvas need not be cleared first.
    static func covers(_ shape: RoundedRect, _ map: Homography, _ background: RGBAColor?, _ area: PixelRect) -> Bool {
        guard let background, background.alpha >= 1, shape.radius <= 0, map.isAxisAligned(uniform: false) else { return false }
        let a = map.apply(shape.x, shape.y), b = map.apply(shape.x + shape.width, shape.y + shape.height)
        return min(a.x, b.x) <= Double(area.x0) && min(a.y, b.y) <= Double(area.y0)
            && max(a.x, b.x) >= Double(area.x1) && max(a.y, b.y) >= Double(area.y1)
    }

    /// The pixels a layer's subtree can touch (clipped by the masks in it), shadows included.
    private func subtreeBounds(_ index: Int, _ frame: SceneFrame) -> PixelRect {
        let everything = PixelRect(x0: -1 << 24, y0: -1 << 24, x1: 1 << 24, y1: 1 << 24)
        let properties = frame.nodes[index].properties
        guard !properties.isHidden, properties.opacity > 0.002 else { return .empty }
        guard var area = ShapeRasterizer.bounds(of: Self.shape(of: properties), maps[index]) else { return everything }
        if let ink = frame.shapes[index].flatMap({ Self.inkBounds($0, frame.extras[index] ?? LayerExtras()) }) {
            guard let inkArea = ShapeRasterizer.bounds(of: ink, maps[index]) else { return everything }
            area = area.union(inkArea)
        }
        if let extras = frame.extras[index], extras.shadowOpacity > 0 {
            area = area.union(area.insetBy(-shadowReach(extras, maps[index]) - 2))
        }
        if properties.masksToBounds { return area }
        var child = index + 1
        while child < index + sizes[index] {
            area = area.union(subtreeBounds(child, frame))
            child += sizes[child]
        }
        return area
    }

    /// Where a shape layer's fill and stroke can reach, in its coordinates.
    static func inkBounds(_ shape: LayerShape, _ properties: LayerExtras) -> RoundedRect? {
        guard let box = shape.path?.controlPointBounds else { return nil }
        let stroked = properties.strokeColor.map { $0.alpha > 0 } == true && properties.lineWidth > 0
        let reach = stroked ? properties.lineWidth / 2 * max(shape.lineJoin == .miter ? shape.miterLimit : 1, 1.5) + 1 : 1
        return RoundedRect(x: box.origin.x - reach, y: box.origin.y - reach, width: box.size.width + 2 * reach,
                           height: box.size.height + 2 * reach, radius: 0)
    }

    // MARK: Shapes and masks

    /// Draws a shape layer's fill, then its stroke (trimmed to strokeStart ... strokeEnd).
    private func drawShape(_ shape: LayerShape, _ properties: LayerExtras, _ map: Homography, opacity: Double,
                           into canvas: Canvas, clip: PixelRect) {
        guard let path = shape.path, !path.isEmpty else { return }
        if let fill = properties.fillColor, fill.alpha > 0 {
            fillPath(path, map, rule: shape.fillRule, color: premultipliedPixel(fill, opacity: opacity), into: canvas, clip: clip)
        }
        if let stroke = properties.strokeColor, stroke.alpha > 0, properties.lineWidth > 0 {
            let tolerance = 0.05 / max(map.averageScale, 1e-6)
            let outline = PathStroker.outline(path, width: properties.lineWidth, start: properties.strokeStart,
                                              end: properties.strokeEnd, cap: shape.lineCap, join: shape.lineJoin,
                                              miterLimit: shape.miterLimit, dashes: shape.effectiveDashes,
                                              phase: shape.dashPhase, tolerance: tolerance)
            fillPath(outline, map, rule: .nonZero, color: premultipliedPixel(stroke, opacity: opacity), into: canvas, clip: clip)
        }
    }

    /// Fills a path mapped by `map` with a premultiplied color, anti-aliased.
    private func fillPath(_ path: ShapePath, _ map: Homography, rule: FillRule, color: UInt32, into canvas: Canvas,
                          clip: PixelRect) {
        guard color >> 24 > 0, let box = path.controlPointBounds else { return }
        let shape = RoundedRect(x: box.origin.x, y: box.origin.y, width: box.size.width, height: box.size.height, radius: 0)
        guard let area = ShapeRasterizer.bounds(of: shape, map)?.insetBy(-1).intersection(clip).intersection(canvas.bounds),
              !area.isEmpty, pathRasterizer.rasterize(path, map, area: area) else { return }
        pathRasterizer.paint(rule, clip: area, painter: SolidPainter(canvas: canvas, color: color))
    }

    /// Cuts `area` of `target` by a mask: each pixel scaled by the alpha the mask's tree
    /// draws there (mapped by `base`, the masked layer's map).
    /// Where `mask` (placed by `base`) can draw, in device pixels: outside it the masked
    /// layer is transparent.
    private func maskBounds(_ mask: SceneFrame, base: Homography) -> PixelRect {
        guard !mask.nodes.isEmpty else { return .empty }
        let renderer = maskRenderer ?? SceneRenderer(width: width, height: height, scale: scale, fonts: fonts)
        maskRenderer = renderer
        renderer.prepare(mask, base: base)
        return renderer.subtreeBounds(0, mask)
    }

    private func apply(_ mask: SceneFrame, base: Homography, to target: Canvas, area: PixelRect) {
        let renderer = maskRenderer ?? SceneRenderer(width: width, height: height, scale: scale, fonts: fonts)
        maskRenderer = renderer
        renderer.drawMask(mask, base: base, area: area)
        let alpha = renderer.main
        for y in area.y0..<area.y1 {
            let row = target.pixels + y * target.width
            let cut = alpha.pixels + y * alpha.width
            for x in area.x0..<area.x1 {
                let a = cut[x] >> 24
                if a == 255 { continue }
                row[x] = a == 0 ? 0 : PixelMath.scale(row[x], PixelMath.factor(a))
            }
        }
    }

    /// An off-screen canvas for groups at `depth`, cleared only where it is used.
    private func offscreenCanvas(at depth: Int) -> Canvas {
        while offscreen.count <= depth {
            offscreen.append(Canvas(width: width, height: height))
            groups.append(nil)
        }
        return offscreen[depth]
    }

    // MARK: Contents

    /// Draws a layer's bitmap where its gravity puts it, clipped to the layer's rounded
    /// bounds when it masks to bounds, then the border (`border`'s width and color) over it.
    private func drawContents(_ contents: LayerContents, _ properties: LayerProperties, border: LayerExtras?, shape: RoundedRect,
                              _ map: Homography, opacity: Double, into canvas: Canvas, clip: PixelRect) {
        let bounds = properties.bounds
        var destination = contents.destination(in: bounds.size)
        destination.origin.x += bounds.origin.x
        destination.origin.y += bounds.origin.y
        var area = RoundedRect(x: destination.origin.x, y: destination.origin.y, width: destination.size.width,
                               height: destination.size.height, radius: 0)
        if properties.masksToBounds {
            let x0 = max(area.x, shape.x), y0 = max(area.y, shape.y)
            let x1 = min(area.x + area.width, shape.x + shape.width), y1 = min(area.y + area.height, shape.y + shape.height)
            guard x1 > x0, y1 > y0 else { return }
            let coversBounds = x0 <= shape.x && y0 <= shape.y && x1 >= shape.x + shape.width && y1 >= shape.y + shape.height
            area = coversBounds ? shape : RoundedRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0, radius: 0)
        }
        if contents.isSliced {
            if let painter = SlicedImagePainter(canvas: canvas, contents: contents, destination: destination, map: map,
                                                opacity: opacity) {
                fillShape(area, map, clip: clip, painter: painter)
            }
        } else if let painter = ImagePainter(canvas: canvas, contents: contents, destination: destination, map: map,
                                             opacity: opacity) {
            if painter.isTurned {
                let tiles = TiledSpans(painter)
                fillShape(area, map, clip: clip, painter: tiles)
                tiles.finish()
            } else {
                fillShape(area, map, clip: clip, painter: painter)
            }
        }
        drawBorder(border, shape, map, opacity: opacity, into: canvas, clip: clip)
    }

    /// Draws a layer's border (its extras' width and color) inside its rounded bounds, when
    /// it has one.
    private func drawBorder(_ extras: LayerExtras?, _ shape: RoundedRect, _ map: Homography, opacity: Double,
                            into canvas: Canvas, clip: PixelRect) {
        guard let extras, extras.borderWidth > 0, extras.borderColor.alpha > 0 else { return }
        fillRing(shape, width: extras.borderWidth, map, clip: clip,
                 painter: SolidPainter(canvas: canvas, color: premultipliedPixel(extras.borderColor, opacity: opacity)))
    }

    // MARK: Text

    /// Draws a label's text with the font library's face for its weight, laid out by
    /// `TextLayout`; upright text uses cached glyph coverage, transformed text is
    /// rasterized through the layer's map. With no fonts, the bitmap font.
    private func drawText(_ text: LayerText, in bounds: Rect, _ map: Homography, opacity: Double, into canvas: Canvas,
                          clip: PixelRect) {
        guard let font = fonts.face(text.weight) else {
            drawBitmapText(text, in: bounds, map, opacity: opacity, into: canvas, clip: clip)
            return
        }
        let face = text.weight == .regular ? 0 : text.weight == .semibold ? 1 : 2
        let layout = glyphs.layout(text, in: bounds.size, font: font)
        let color = premultipliedPixel(text.color, opacity: opacity)
        guard color >> 24 > 0 else { return }
        let units = layout.scale
        // Upright and unskewed: cached coverage, placed to the quarter pixel.
        let pixelsPerUnit = units * map.m11 / map.m33
        if map.isAxisAligned(uniform: true), map.m11 > 0, map.m22 > 0,
           pixelsPerUnit * Double(font.unitsPerEm) <= 256 {
            guard pixelsPerUnit > 1e-5 else { return }
            for placed in layout.glyphs {
                let origin = map.apply(bounds.origin.x + placed.x, bounds.origin.y + placed.baseline)
                guard origin.x.isFinite, origin.y.isFinite, abs(origin.x) < 1e7, abs(origin.y) < 1e7 else { continue }
                let cellX = origin.x.rounded(.down), cellY = origin.y.rounded(.down)
                guard let bitmap = glyphs.bitmap(face: face, font: font, glyph: placed.glyph, pixelsPerUnit: pixelsPerUnit,
                                                 fraction: (origin.x - cellX, origin.y - cellY)) else { continue }
                blit(bitmap, at: Int(cellX), Int(cellY), color: color, into: canvas, clip: clip)
            }
            return
        }
        // Rotated, skewed or in perspective: each glyph through the full map.
        for placed in layout.glyphs {
            let (path, box) = glyphs.path(face: face, font: font, glyph: placed.glyph)
            guard let box else { continue }
            let glyphMap = Homography(m11: units, m12: 0, m13: 0, m21: 0, m22: -units, m23: 0,
                                      m31: bounds.origin.x + placed.x, m32: bounds.origin.y + placed.baseline, m33: 1)
                .concatenating(map)
            let shape = RoundedRect(x: box.minX, y: box.minY, width: box.maxX - box.minX, height: box.maxY - box.minY, radius: 0)
            guard let area = ShapeRasterizer.bounds(of: shape, glyphMap)?.intersection(clip).intersection(canvas.bounds),
                  !area.isEmpty, glyphs.rasterizer.rasterize(path, glyphMap, area: area) else { continue }
            glyphs.rasterizer.forEachCoveredPixel { y, x, coverage in
                let index = y * canvas.width + x
                canvas.pixels[index] = PixelMath.over(PixelMath.scale(color, PixelMath.factor(coverage)), canvas.pixels[index])
            }
        }
    }

    /// Copies a cached glyph's coverage, in `color`, with its origin pixel at (x, y).
    private func blit(_ bitmap: GlyphCache.Bitmap, at x: Int, _ y: Int, color: UInt32, into canvas: Canvas, clip: PixelRect) {
        let area = PixelRect(x0: x + bitmap.left, y0: y + bitmap.top, x1: x + bitmap.left + bitmap.width,
                             y1: y + bitmap.top + bitmap.height).intersection(clip).intersection(canvas.bounds)
        guard !area.isEmpty else { return }
        bitmap.coverage.withUnsafeBufferPointer { coverage in
            for row in area.y0..<area.y1 {
                let target = canvas.pixels + row * canvas.width
                let source = (row - y - bitmap.top) * bitmap.width - x - bitmap.left
                for column in area.x0..<area.x1 {
                    let value = UInt32(coverage[source + column])
                    guard value != 0 else { continue }
                    target[column] = PixelMath.over(PixelMath.scale(color, PixelMath.factor(value)), target[column])
                }
            }
        }
    }

    /// Draws a line of text with the bitmap font: capitals 0.7 × `text.size` points high
    /// (a capital's share of the em in common sans-serif faces), centred vertically in
    /// `bounds`, aligned horizontally.
    private func drawBitmapText(_ text: LayerText, in bounds: Rect, _ map: Homography, opacity: Double,
                                into canvas: Canvas, clip: PixelRect) {
        let capital = text.size * 0.7
        let pixel = capital / Double(BitmapFont.rows)
        let width = Double(BitmapFont.width(of: text.string)) * pixel
        let x0: Double
        switch text.alignment {
        case .left: x0 = bounds.origin.x
        case .center: x0 = bounds.origin.x + (bounds.size.width - width) / 2
        case .right: x0 = bounds.origin.x + bounds.size.width - width
        }
        let y0 = bounds.origin.y + (bounds.size.height - capital) / 2
        let painter = SolidPainter(canvas: canvas, color: premultipliedPixel(text.color, opacity: opacity))
        // Text in an unrotated view (almost all of it): the map's factors once for every
        // run, which go straight to the aligned filler, as `fillShape` would send them;
        // painted as it was when it is where it was (`BitmapTextPaintings`).
        if map.isAxisAligned(uniform: false), !clip.isEmpty {
            let aligned = ShapeRasterizer.AlignedMap(map)
            let key = BitmapTextPaintings.Key(text, bounds: bounds, map: aligned, clip: clip)
            if let painting = bitmapTexts.painting(for: key) {
                BitmapTextPaintings.replay(painting, on: painter)
                return
            }
            let log = BitmapTextPaintings.Log()
            paintBitmapRuns(text, x0: x0, y0: y0, pixel: pixel, aligned: aligned, map, clip: clip,
                            painter: BitmapTextPaintings.Recorder(painter: painter, log: log))
            bitmapTexts.keep(log.strokes, for: key)
        } else {
            paintBitmapRuns(text, x0: x0, y0: y0, pixel: pixel, aligned: nil, map, clip: clip, painter: painter)
        }
    }

    /// The built-in font's glyphs of `text` from (`x0`, `y0`) in its layer, `pixel` points
    /// a font pixel: each row's runs of ink as a rectangle, through the aligned filler when
    /// `aligned` gives the map's factors, else through the shape path.
    private func paintBitmapRuns<P: SpanPainter>(_ text: LayerText, x0: Double, y0: Double, pixel: Double,
                                                 aligned: ShapeRasterizer.AlignedMap?, _ map: Homography,
                                                 clip: PixelRect, painter: P) {
        for (offset, character) in text.string.enumerated() {
            let left = x0 + Double(offset * BitmapFont.advance) * pixel
            let bits = BitmapFont.glyph(character)
            for row in 0..<BitmapFont.rows {
                // Runs of ink in a row draw as one rectangle.
                var column = 0
                while column < BitmapFont.columns {
                    guard BitmapFont.ink(bits, column: column, row: row) else { column += 1; continue }
                    var end = column + 1
                    while end < BitmapFont.columns, BitmapFont.ink(bits, column: end, row: row) { end += 1 }
                    let rect = RoundedRect(x: left + Double(column) * pixel, y: y0 + Double(row) * pixel,
                                           width: Double(end - column) * pixel, height: pixel, radius: 0)
                    if let aligned {
                        if rect.width > 0, rect.height > 0 { ShapeRasterizer.fillAligned(rect, aligned, clip: clip, painter: painter) }
                    } else {
                        fillShape(rect, map, clip: clip, painter: painter)
                    }
                    column = end
                }
            }
        }
    }

    // MARK: Shadows

    /// The blur's reach in pixels: three standard deviations, the standard deviation
    /// being the shadow radius (CSS's box-shadow blur is twice the radius, σ half the blur).
    private func shadowReach(_ extras: LayerExtras, _ map: Homography) -> Int {
        let sigma = extras.shadowRadius * map.averageScale
        let offset = max(abs(extras.shadowOffset.width), abs(extras.shadowOffset.height)) * map.averageScale
        return min(ShapeRasterizer.index((3 * sigma + offset).rounded(.up)), 1024) + 1
    }

    /// Draws a layer's shadow: the alpha of what the layer drew (`source` over `area`),
    /// offset by shadowOffset in the layer's coordinates, blurred with a Gaussian of
    /// σ = shadowRadius, in the shadow color at shadowOpacity × the layer's `opacity`. Not
    /// drawn under the source's opaque pixels in `replaced`, which replace the canvas's there.
    private func drawShadow(of source: Canvas, area: PixelRect, _ extras: LayerExtras, opacity: Double, _ map: Homography,
                            into canvas: Canvas, clip: PixelRect, replacedIn replaced: PixelRect?) {
        let sigma = extras.shadowRadius * map.averageScale
        // The offset is in the layer's coordinates: map it as a vector.
        let origin = map.apply(0, 0), moved = map.apply(extras.shadowOffset.width, extras.shadowOffset.height)
        let dx = ShapeRasterizer.index((moved.x - origin.x).rounded()), dy = ShapeRasterizer.index((moved.y - origin.y).rounded())
        // Beyond a few screens the blur reach only costs time: the shadow is then too faint to see.
        let reach = min(ShapeRasterizer.index((3 * sigma).rounded(.up)), 512) + 1
        // Only what can land in the clip after the offset is needed.
        let wanted = PixelRect(x0: clip.x0 - dx - reach, y0: clip.y0 - dy - reach, x1: clip.x1 - dx + reach, y1: clip.y1 - dy + reach)
        let maskArea = area.insetBy(-reach).intersection(wanted)
        guard !maskArea.isEmpty else { return }
        let maskWidth = maskArea.x1 - maskArea.x0, maskHeight = maskArea.y1 - maskArea.y0
        if shadowMask.count < maskWidth * maskHeight { shadowMask = Array(repeating: 0, count: maskWidth * maskHeight) }
        let color = extras.shadowColor
        let alpha = Float(min(max(extras.shadowOpacity * color.alpha * opacity, 0), 1))
        shadowMask.withUnsafeMutableBufferPointer { mask in
            let base = mask.baseAddress!
            base.update(repeating: 0, count: maskWidth * maskHeight)
            // The source's alpha where the layer drew (the mask is zero around it).
            let inside = area.intersection(maskArea)
            if !inside.isEmpty {
                for y in inside.y0..<inside.y1 {
                    let from = source.pixels + y * source.width
                    let row = base + (y - maskArea.y0) * maskWidth - maskArea.x0
                    for x in inside.x0..<inside.x1 { row[x] = Float(from[x] >> 24) / 255 }
                }
            }
            if sigma > 0.3 {
                GaussianBlur.blur(base, width: maskWidth, height: maskHeight, sigma: sigma, scratch: &blurScratch)
            }
            let target = PixelRect(x0: maskArea.x0 + dx, y0: maskArea.y0 + dy, x1: maskArea.x1 + dx, y1: maskArea.y1 + dy)
                .intersection(clip).intersection(canvas.bounds)
            guard !target.isEmpty else { return }
            let red = Float(color.red), green = Float(color.green), blue = Float(color.blue)
            for y in target.y0..<target.y1 {
                let row = canvas.pixels + y * canvas.width
                let maskRow = base + (y - dy - maskArea.y0) * maskWidth - maskArea.x0 - dx
                // Where the source's opaque pixels will replace the canvas's.
                let over = replaced.map { y >= $0.y0 && y < $0.y1 ? ($0.x0, $0.x1) : (0, 0) } ?? (0, 0)
                let layer = source.pixels + y * source.width
                for x in target.x0..<target.x1 {
                    if x >= over.0, x < over.1, layer[x] >> 24 == 255 { continue }
                    let a = maskRow[x] * alpha
                    guard a > 0.002 else { continue }
                    let pixel = UInt32(red * a * 255 + 0.5) | UInt32(green * a * 255 + 0.5) << 8
                        | UInt32(blue * a * 255 + 0.5) << 16 | UInt32(a * 255 + 0.5) << 24
                    row[x] = PixelMath.over(pixel, row[x])
                }
            }
        }
    }
}
