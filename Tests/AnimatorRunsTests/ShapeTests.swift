import Glibc
import Testing
import TestSupport
@testable import AnimatorHost
@testable import AnimatorEngine
@testable import AnimatorSupport
@testable import AnimatorRendering
@testable import AnimatorRuns

/// Shape layers, paths, masks, sublayerTransform and isDoubleSided: geometry worked out by
/// hand (areas of circles, lengths of lines, the perspective projection) against what the
/// engine keeps and the renderer draws.
@Suite struct ShapeTests {
    let engine = SnapshotRasterizer.engine()
    let white = RGBAColor(red: 1, green: 1, blue: 1, alpha: 1)
    let red = RGBAColor(red: 1, green: 0, blue: 0, alpha: 1)
    let blue = RGBAColor(red: 0, green: 0, blue: 1, alpha: 1)

    func window(_ width: Double = 200, _ height: Double = 200) -> View {
        let window = engine.makeView(frame: Rect(x: 0, y: 0, width: width, height: height), name: "window")
        window.backgroundColor = white
        return window
    }

    func render(_ root: View, scale: Double = 1) -> Image {
        SceneRenderer(size: root.bounds.size, scale: scale).render(SceneFrame(engine: engine, root: root.layer.id))
    }

    func rgb(_ image: Image, _ x: Int, _ y: Int) -> [Int] {
        let pixel = image.rgba(x: x, y: y)
        return [Int(pixel.red), Int(pixel.green), Int(pixel.blue)]
    }

    /// How much red covers the picture, in pixels: each pixel's share of pure red over
    /// white (1 − green / 255).
    func redArea(_ image: Image, rows: Range<Int>? = nil, columns: Range<Int>? = nil) -> Double {
        var total = 0.0
        for y in rows ?? 0..<image.height {
            for x in columns ?? 0..<image.width { total += 1 - Double(image.rgba(x: x, y: y).green) / 255 }
        }
        return total
    }

    /// A shape layer in a window, with the layer's implicit animations switched off.
    func shapeLayer(in root: View, _ configure: (Layer) -> Void) throws -> Layer {
        let shape = engine.makeShapeLayer(name: "shape")
        engine.transaction.disableActions = true
        configure(shape)
        engine.transaction.disableActions = false
        try root.layer.addSublayer(shape)
        return shape
    }

    // MARK: Paths

    @Test func anOvalRunsThroughItsFourExtremesAndStaysOnItsEllipse() {
        let path = ShapePath.oval(in: Rect(x: 10, y: 20, width: 200, height: 100))
        // Move, four quarter curves, close.
        #expect(path.elements.count == 6)
        guard case .move(let x, let y) = path.elements[0] else { Issue.record("no move"); return }
        #expect(x == 210 && y == 70)
        // Going clockwise on screen (y down): the first quarter ends at the bottom.
        guard case .cubic(_, _, _, _, let bx, let by) = path.elements[1] else { Issue.record("no curve"); return }
        #expect(abs(bx - 110) < 1e-9 && abs(by - 120) < 1e-9)
        // Every curve's midpoint lies on the ellipse within the cubic's known error
        // (0.027 % of the radius for a quarter turn).
        var start = (x: 210.0, y: 70.0)
        for element in path.elements.dropFirst() {
            guard case .cubic(let c1x, let c1y, let c2x, let c2y, let ex, let ey) = element else { continue }
            let mx = 0.125 * start.x + 0.375 * c1x + 0.375 * c2x + 0.125 * ex
            let my = 0.125 * start.y + 0.375 * c1y + 0.375 * c2y + 0.125 * ey
            let radius = (((mx - 110) / 100) * ((mx - 110) / 100) + ((my - 70) / 50) * ((my - 70) / 50)).squareRoot()
            #expect(abs(radius - 1) < 0.0003)
            start = (ex, ey)
        }
    }

    @Test func arcsTurnTheWayUIKitSaysAndAWholeTurnIsOneCircle() {
        var quarter = ShapePath()
        quarter.addArc(center: Point(x: 0, y: 0), radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        // Clockwise on screen from 3 o'clock: to 6 o'clock, (0, 10), in one curve.
        #expect(quarter.elements.count == 2)
        #expect(quarter.currentPoint.map { abs($0.x) < 1e-9 && abs($0.y - 10) < 1e-9 } == true)
        var other = ShapePath()
        other.addArc(center: Point(x: 0, y: 0), radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        // The other way round: three quarters, ending at the same point.
        #expect(other.elements.count == 4)
        var turns = ShapePath()
        turns.addArc(center: Point(x: 0, y: 0), radius: 10, startAngle: 0, endAngle: 20, clockwise: true)
        // 20 radians is more than three turns: one circle, four quarters.
        #expect(turns.elements.count == 5)
        // A second arc joins the first with a line.
        quarter.addArc(center: Point(x: 100, y: 0), radius: 10, startAngle: .pi, endAngle: 0, clockwise: true)
        guard case .line(let x, let y) = quarter.elements[2] else { Issue.record("no joining line"); return }
        #expect(x == 90 && abs(y) < 1e-9)
    }

    @Test func pathTextReadsWhatItWritesAndNamesMistakes() throws {
        var path = ShapePath.roundedRect(Rect(x: 0, y: 0, width: 40, height: 30), radius: 8)
        path.addQuadCurve(to: Point(x: 1.5, y: -2), control: Point(x: 3, y: 4))
        #expect(try PathText.parse(PathText.format(path)) == path)
        #expect(PathText.format(ShapePath.rect(Rect(x: 1, y: 2, width: 3, height: 4))) == "M 1 2 L 4 2 L 4 6 L 1 6 Z")
        #expect(throws: PathText.ParseError(reason: "a path starts with M (got 'L')")) { try PathText.parse("L 1 2") }
        #expect(throws: PathText.ParseError(reason: "'x' after C is not a finite number")) { try PathText.parse("M 0 0 C 1 2 x") }
        #expect(throws: PathText.ParseError(reason: "C needs 6 numbers")) { try PathText.parse("M 0 0 C 1 2") }
        #expect(throws: PathText.ParseError(reason: "'A' is not a path command (M, L, Q, C or Z)")) {
            try PathText.parse("M 0 0 A 1 2")
        }
    }

    // MARK: Animating paths

    @Test func aPathAnimatesPointByPointOnItsTimingFunction() throws {
        let root = window()
        let shape = try shapeLayer(in: root) { $0.path = .oval(in: Rect(x: 99, y: 99, width: 2, height: 2)) }
        let small = ShapePath.oval(in: Rect(x: 99, y: 99, width: 2, height: 2))
        let large = ShapePath.oval(in: Rect(x: 10, y: 10, width: 180, height: 180))
        try shape.add(.basic(.path, from: .path(small), to: .path(large), duration: 1, timingFunction: .easeInOut),
                      forKey: "path")
        // The start point is (100 + r, 100): r goes 1 → 90 on the easeInEaseOut curve,
        // whose value at time t solves Bézier (0.42, 0, 0.58, 1) for x = t.
        for t in [0.1, 0.25, 0.5, 0.8] {
            let progress = CubicBezierReference.value(x1: 0.42, y1: 0, x2: 0.58, y2: 1, at: t)
            guard case .move(let x, let y)? = engine.shape(of: shape.id, at: t)?.path?.elements.first else {
                Issue.record("no path at \(t)")
                continue
            }
            #expect(abs(x - (100 + 1 + 89 * progress)) < 1e-6, "t = \(t)")
            #expect(abs(y - 100) < 1e-9)
        }
        // After the animation the model path shows.
        try engine.advance(to: 2)
        #expect(engine.shape(of: shape.id)?.path == small)
    }

    @Test func pathsOfDifferentShapesJumpHalfwayAndOtherValuesAreRefused() throws {
        let root = window()
        let shape = try shapeLayer(in: root) { _ in }
        let triangle = ShapePath([.move(x: 0, y: 0), .line(x: 10, y: 0), .line(x: 0, y: 10), .close])
        let square = ShapePath.rect(Rect(x: 0, y: 0, width: 10, height: 10))
        try shape.add(.basic(.path, from: .path(triangle), to: .path(square), duration: 1), forKey: "p")
        #expect(engine.shape(of: shape.id, at: 0.4)?.path == triangle)
        #expect(engine.shape(of: shape.id, at: 0.6)?.path == square)
        #expect(throws: EngineError("path takes a path, not a number")) {
            try shape.add(.basic(.path, from: .number(1), to: .number(2), duration: 1), forKey: "q")
        }
    }

    @Test func aStandaloneShapeLayerAnimatesAPathChangeImplicitly() throws {
        let root = window()
        let shape = try shapeLayer(in: root) { $0.path = .rect(Rect(x: 0, y: 0, width: 10, height: 10)) }
        try engine.advance(to: 1)
        shape.path = .rect(Rect(x: 0, y: 0, width: 30, height: 10))
        // Core Animation's default implicit animation: 0.25 s on its default curve.
        guard case .line(let x, _)? = engine.shape(of: shape.id, at: 1.125)?.path?.elements[1] else {
            Issue.record("no path")
            return
        }
        let progress = CubicBezierReference.value(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1, at: 0.5)
        #expect(abs(x - (10 + 20 * progress)) < 1e-6)
    }

    // MARK: Drawing

    @Test func aFilledCircleCoversItsAreaAndOnlyIt() throws {
        let root = window()
        _ = try shapeLayer(in: root) { shape in
            shape.path = .oval(in: Rect(x: 40, y: 40, width: 120, height: 120))
            shape.fillColor = red
        }
        let image = render(root)
        #expect(rgb(image, 100, 100) == [255, 0, 0])
        #expect(rgb(image, 100, 45) == [255, 0, 0])
        #expect(rgb(image, 45, 45) == [255, 255, 255])
        #expect(rgb(image, 100, 35) == [255, 255, 255])
        // π · 60² = 11309.7 pixels; anti-aliased edges add up to the same area.
        let area = redArea(image)
        #expect(abs(area - Double.pi * 3600) < 0.003 * Double.pi * 3600, "area \(area)")
    }

    @Test func theFillRuleDecidesWhetherAnInnerContourIsAHole() throws {
        // Two circles going the same way: nonzero fills the middle, even-odd leaves a hole.
        var rings = ShapePath.oval(in: Rect(x: 20, y: 20, width: 160, height: 160))
        rings.append(.oval(in: Rect(x: 60, y: 60, width: 80, height: 80)))
        for (rule, middle) in [(FillRule.nonZero, [255, 0, 0]), (.evenOdd, [255, 255, 255])] {
            let root = window()
            let shape = try shapeLayer(in: root) { shape in
                shape.path = rings
                shape.fillColor = red
            }
            shape.updateShapeStyle { $0.fillRule = rule }
            let image = render(root)
            #expect(rgb(image, 100, 100) == middle, "\(rule)")
            #expect(rgb(image, 100, 40) == [255, 0, 0], "\(rule)")
        }
    }

    @Test func aStrokeIsLineWidthWideAndEndsWhereStrokeEndSays() throws {
        let root = window()
        let shape = try shapeLayer(in: root) { shape in
            shape.path = ShapePath([.move(x: 20, y: 100), .line(x: 180, y: 100)])
            shape.fillColor = nil
            shape.strokeColor = red
            shape.lineWidth = 10
        }
        var image = render(root)
        // Butt caps: 160 × 10 points of ink.
        #expect(abs(redArea(image) - 1600) < 2)
        #expect(rgb(image, 100, 96) == [255, 0, 0] && rgb(image, 100, 104) == [255, 0, 0])
        #expect(rgb(image, 100, 94) == [255, 255, 255] && rgb(image, 100, 106) == [255, 255, 255])
        // strokeEnd 0.25: a quarter of the length, from the start.
        engine.transaction.disableActions = true
        shape.strokeEnd = 0.25
        engine.transaction.disableActions = false
        image = render(root)
        #expect(abs(redArea(image) - 400) < 2)
        #expect(rgb(image, 55, 100) == [255, 0, 0] && rgb(image, 65, 100) == [255, 255, 255])
        // Round caps add a half disc at each end: 400 + π · 5².
        shape.updateShapeStyle { $0.lineCap = .round }
        image = render(root)
        #expect(abs(redArea(image) - (400 + Double.pi * 25)) < 3)
    }

    @Test func dashesPaintTheirLengthsFromThePhaseAndStayPutUnderATrim() throws {
        // A 160-point line 10 wide from x 20, dashed 10 on, 10 off: eight dashes, 800 of
        // ink; painted over x 20…30, 40…50, ...; the gap at x 35 is white.
        let root = window()
        let shape = try shapeLayer(in: root) { shape in
            shape.path = ShapePath([.move(x: 20, y: 100), .line(x: 180, y: 100)])
            shape.fillColor = nil
            shape.strokeColor = red
            shape.lineWidth = 10
        }
        shape.updateShapeStyle { $0.dashPattern = [10, 10] }
        var image = render(root)
        #expect(abs(redArea(image) - 800) < 2)
        #expect(rgb(image, 25, 100) == [255, 0, 0] && rgb(image, 35, 100) == [255, 255, 255])
        // One length repeats twice over, as Core Graphics reads an odd count: the same.
        shape.updateShapeStyle { $0.dashPattern = [10] }
        #expect(render(root).pixels == image.pixels)
        // Phase 5: the first dash is half gone (x 20…25), the rest shift 5 back; the last
        // ends at 175 and a half dash (175…180) begins: 5 + 7 × 10 + 5 = 80 points long.
        shape.updateShapeStyle { $0.dashPhase = 5 }
        image = render(root)
        #expect(abs(redArea(image) - 800) < 2)
        #expect(rgb(image, 27, 100) == [255, 255, 255] && rgb(image, 37, 100) == [255, 0, 0])
        // strokeEnd 0.5 keeps the dashes where they are: x 20…100 holds four (with phase 5:
        // 20…25, 35…45, 55…65, 75…85, 95…100 = 40 points).
        engine.transaction.disableActions = true
        shape.strokeEnd = 0.5
        engine.transaction.disableActions = false
        image = render(root)
        #expect(abs(redArea(image) - 400) < 2)
        #expect(rgb(image, 97, 100) == [255, 0, 0] && rgb(image, 105, 100) == [255, 255, 255])
        // Dots: painted lengths of 0 with round caps, every 20 points over 90: five discs
        // (each drawn as a polygon within a twentieth of a pixel, edges anti-aliased: within
        // 1.5 % of 5 π 5²).
        engine.transaction.disableActions = true
        shape.path = ShapePath([.move(x: 20, y: 100), .line(x: 110, y: 100)])
        shape.strokeEnd = 1
        engine.transaction.disableActions = false
        shape.updateShapeStyle { style in
            style.dashPattern = [0, 20]
            style.dashPhase = 0
            style.lineCap = .round
        }
        image = render(root)
        #expect(abs(redArea(image) - 5 * Double.pi * 25) < 0.015 * 5 * Double.pi * 25)
        #expect(rgb(image, 60, 100) == [255, 0, 0] && rgb(image, 70, 100) == [255, 255, 255])
        // A pattern that paints nothing, or a negative length, draws the line solid.
        shape.updateShapeStyle { $0.dashPattern = [-1, 5] }
        #expect(abs(redArea(render(root)) - (900 + Double.pi * 25)) < 4)
    }

    @Test func aClosedSquareStrokedWithMitersHasSquareCorners() throws {
        let root = window()
        _ = try shapeLayer(in: root) { shape in
            shape.path = .rect(Rect(x: 50, y: 50, width: 100, height: 100))
            shape.fillColor = nil
            shape.strokeColor = red
            shape.lineWidth = 10
        }
        let image = render(root)
        // A frame from 45 to 155 outside and 55 to 145 inside: 110² − 90² = 4000.
        #expect(abs(redArea(image) - 4000) < 3)
        #expect(rgb(image, 46, 46) == [255, 0, 0])
        #expect(rgb(image, 100, 100) == [255, 255, 255])
    }

    // MARK: Masks

    @Test func aShapeMaskShowsTheLayerOnlyInsideItsPath() throws {
        let root = window()
        let card = engine.makeView(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        card.backgroundColor = red
        try root.addSubview(card)
        let mask = engine.makeShapeLayer(name: "mask")
        engine.transaction.disableActions = true
        mask.path = .oval(in: Rect(x: 50, y: 50, width: 100, height: 100))
        engine.transaction.disableActions = false
        try card.layer.setMask(mask)
        var image = render(root)
        #expect(rgb(image, 100, 100) == [255, 0, 0])
        #expect(rgb(image, 10, 10) == [255, 255, 255])
        // π · 50² of red.
        #expect(abs(redArea(image) - Double.pi * 2500) < 0.004 * Double.pi * 2500)
        // A mask's own opacity cuts the alpha it lends: half red over white.
        engine.transaction.disableActions = true
        mask.opacity = 0.5
        engine.transaction.disableActions = false
        image = render(root)
        #expect(abs(rgb(image, 100, 100)[1] - 128) <= 1)
        // Removing the mask shows the whole card again.
        try card.layer.setMask(nil)
        image = render(root)
        #expect(rgb(image, 10, 10) == [255, 0, 0])
        #expect(engine.mask(of: card.layer.id) == nil)
    }

    @Test func aMaskMovesWithItsLayerAndIsRefusedWhereItCannotBe() throws {
        let root = window()
        let card = engine.makeView(frame: Rect(x: 100, y: 0, width: 100, height: 100))
        card.backgroundColor = red
        try root.addSubview(card)
        let mask = engine.makeLayer(name: "mask")
        engine.transaction.disableActions = true
        mask.frame = Rect(x: 0, y: 0, width: 50, height: 100)
        mask.backgroundColor = RGBAColor(red: 0, green: 0, blue: 0, alpha: 1)
        engine.transaction.disableActions = false
        try card.layer.setMask(mask)
        let image = render(root)
        // The mask is in the card's coordinates: its left half, x 100 ... 150 on screen.
        #expect(rgb(image, 120, 50) == [255, 0, 0])
        #expect(rgb(image, 170, 50) == [255, 255, 255])
        #expect(rgb(image, 20, 50) == [255, 255, 255])
        #expect(throws: EngineError("a layer cannot be masked by itself or a layer it is inside")) {
            try card.layer.setMask(root.layer)
        }
        // A mask put into a tree stops masking.
        try root.layer.addSublayer(mask)
        #expect(engine.mask(of: card.layer.id) == nil)
    }

    // MARK: Perspective and back faces

    @Test func aSublayerTransformGivesATurnedLayerItsPerspective() throws {
        let root = window(400, 200)
        root.backgroundColor = RGBAColor(red: 0, green: 0, blue: 0, alpha: 1)
        let card = engine.makeView(frame: Rect(x: 100, y: 50, width: 200, height: 100))
        card.backgroundColor = white
        try root.addSubview(card)
        var perspective = Transform3D.identity
        perspective.m34 = -1.0 / 500
        root.layer.sublayerTransform = perspective
        let angle = -Double.pi / 4
        card.layer.transform = .rotation(angle, 0, 1, 0)
        let image = render(root)
        // The card's right edge, 100 points right of its center: after the turn it sits at
        // x = 100 cos a, z = −100 sin a; the perspective divides by w = 1 − z / 500 about
        // the window's center (200, 100).
        func screenX(_ local: Double) -> Double {
            let x = local * cos(angle), z = -local * sin(angle)
            return 200 + x / (1 - z / 500)
        }
        func edge(row: Int) -> (left: Int, right: Int) {
            let lit = (0..<400).filter { image.rgba(x: $0, y: row).red > 127 }
            return (lit.first ?? -1, lit.last ?? -1)
        }
        let (left, right) = edge(row: 100)
        #expect(abs(Double(right + 1) - screenX(100)) <= 1, "right edge \(right + 1) vs \(screenX(100))")
        #expect(abs(Double(left) - screenX(-100)) <= 1, "left edge \(left) vs \(screenX(-100))")
        // Without perspective both halves would be 70.7 points; with it they differ.
        #expect(abs((screenX(100) - 200) - (200 - screenX(-100))) > 20)
    }

    @Test func aSingleSidedLayerDisappearsWhenItFacesAway() throws {
        let root = window()
        let card = engine.makeView(frame: Rect(x: 50, y: 50, width: 100, height: 100))
        card.backgroundColor = red
        try root.addSubview(card)
        card.layer.transform = .rotation(.pi * 0.9, 0, 1, 0)
        #expect(rgb(render(root), 100, 100) == [255, 0, 0])
        card.layer.isDoubleSided = false
        #expect(rgb(render(root), 100, 100) == [255, 255, 255])
        card.layer.transform = .rotation(.pi * 0.1, 0, 1, 0)
        #expect(rgb(render(root), 100, 100) == [255, 0, 0])
    }

    // MARK: Gradients

    /// A window with a gradient layer filling it (implicit animations of its frame off).
    func gradientWindow(_ width: Double, _ height: Double) throws -> (View, Layer) {
        let root = window(width, height)
        let layer = engine.makeGradientLayer(name: "gradient")
        engine.transaction.disableActions = true
        layer.frame = Rect(x: 0, y: 0, width: width, height: height)
        engine.transaction.disableActions = false
        try root.layer.addSublayer(layer)
        return (root, layer)
    }

    @Test func aGradientRunsAlongItsAxisBetweenItsColors() throws {
        let (root, layer) = try gradientWindow(100, 100)
        layer.gradient = LayerGradient(colors: [red, blue])
        var image = render(root)
        // Top to bottom: row y's center is at t = (y + 0.5) / 100, red × (1 − t) + blue × t.
        for y in [0, 25, 50, 99] {
            let t = (Double(y) + 0.5) / 100
            let pixel = rgb(image, 50, y)
            #expect(abs(pixel[0] - Int((255 * (1 - t)).rounded())) <= 1 && pixel[1] == 0
                    && abs(pixel[2] - Int((255 * t).rounded())) <= 1, "row \(y): \(pixel)")
        }
        // Locations: blue from a quarter of the way on; the diagonal from the top-left
        // corner to the bottom-right one.
        layer.gradient = LayerGradient(colors: [red, blue], locations: [0, 0.25], startPoint: Point(x: 0, y: 0),
                                       endPoint: Point(x: 1, y: 1))
        image = render(root)
        #expect(rgb(image, 60, 60) == [0, 0, 255])
        // (10.5, 10.5) projects to t = 0.105 on the diagonal: 0.42 of the way to blue.
        let pixel = rgb(image, 10, 10)
        #expect(abs(pixel[2] - Int((255 * 0.105 / 0.25).rounded())) <= 1, "\(pixel)")
        // Ends that coincide show the last color.
        layer.gradient = LayerGradient(colors: [red, blue], startPoint: Point(x: 0.5, y: 0.5), endPoint: Point(x: 0.5, y: 0.5))
        #expect(rgb(render(root), 5, 5) == [0, 0, 255])
    }

    @Test func radialAndConicGradientsSpreadAroundTheStartPoint() throws {
        // A 200 × 100 layer, red to blue. Radial from the middle with the end at (1, 1):
        // ellipses of radii 100 × 50 points; a pixel's t is √((dx / 100)² + (dy / 50)²).
        let (root, layer) = try gradientWindow(200, 100)
        layer.gradient = LayerGradient(colors: [red, blue], startPoint: Point(x: 0.5, y: 0.5), endPoint: Point(x: 1, y: 1),
                                       kind: .radial)
        func check(_ image: Image, _ x: Int, _ y: Int, _ t: Double) {
            let t = min(max(t, 0), 1)
            let pixel = rgb(image, x, y)
            #expect(abs(pixel[0] - Int((255 * (1 - t)).rounded())) <= 1 && abs(pixel[2] - Int((255 * t).rounded())) <= 1,
                    "(\(x), \(y)): \(pixel), expected t \(t)")
        }
        var image = render(root)
        for (x, y) in [(100, 50), (150, 50), (100, 75), (130, 20), (199, 99), (10, 5)] {
            let dx = (Double(x) + 0.5 - 100) / 100, dy = (Double(y) + 0.5 - 50) / 50
            check(image, x, y, (dx * dx + dy * dy).squareRoot())
        }
        // Conic from the middle, the zero direction to the right (end (1, 0.5)), turning
        // clockwise on the screen: a pixel's t is its angle from there in points / 2π.
        var conic = try #require(layer.gradient)
        conic.kind = .conic
        conic.endPoint = Point(x: 1, y: 0.5)
        layer.gradient = conic
        image = render(root)
        for (x, y) in [(150, 60), (100, 90), (40, 60), (40, 40), (100, 10), (160, 40)] {
            var angle = atan2(Double(y) + 0.5 - 50, Double(x) + 0.5 - 100)
            if angle < 0 { angle += 2 * Double.pi }
            check(image, x, y, angle / (2 * Double.pi))
        }
        // The type goes along in timelines and sandbox frames.
        let frame = SceneFrame(engine: engine, root: root.layer.id)
        let json = Timeline.json(frame, since: 0, images: Timeline.ImageTable())
        let read = try Timeline.frames(from: JSONValue.parse(JSONValue.object([("frames", .array([json]))]).serialized()))[0]
        let decoded = try SceneFrameDecoder().decode(SceneFrameEncoder().encode([frame]))[0]
        #expect(read.gradients.compactMap { $0?.kind } == [.conic] && decoded.gradients.compactMap { $0?.kind } == [.conic])
    }

    // MARK: Frames carried elsewhere

    @Test func shapesAndMasksSurviveTheTimelineAndTheSandboxEncoding() throws {
        let root = window()
        let card = engine.makeView(frame: Rect(x: 0, y: 0, width: 200, height: 200), name: "card")
        card.backgroundColor = red
        try root.addSubview(card)
        let mask = engine.makeShapeLayer(name: "mask")
        engine.transaction.disableActions = true
        mask.path = .oval(in: Rect(x: 50, y: 50, width: 100, height: 100))
        mask.strokeColor = blue
        mask.lineWidth = 4
        engine.transaction.disableActions = false
        mask.updateShapeStyle { style in
            style.lineJoin = .round
            style.dashPattern = [6, 2.5, 0]
            style.dashPhase = 1.25
        }
        try card.layer.setMask(mask)
        var perspective = Transform3D.identity
        perspective.m34 = -0.002
        root.layer.sublayerTransform = perspective
        card.layer.isDoubleSided = false
        let shade = engine.makeGradientLayer(name: "shade")
        shade.gradient = LayerGradient(colors: [RGBAColor(red: 0, green: 0, blue: 0, alpha: 0), white], locations: [0.25, 1],
                                       startPoint: Point(x: 0, y: 0.5), endPoint: Point(x: 1, y: 0.5))
        try root.layer.addSublayer(shade)
        let frame = SceneFrame(engine: engine, root: root.layer.id)

        let json = Timeline.json(frame, since: 0, images: Timeline.ImageTable())
        let document = JSONValue.object([("images", .array([])), ("frames", .array([json]))])
        let read = try Timeline.frames(from: JSONValue.parse(document.serialized()))[0]
        let decoded = try SceneFrameDecoder().decode(SceneFrameEncoder().encode([frame]))[0]
        for copy in [read, decoded] {
            #expect(copy.nodes.map(\.properties) == frame.nodes.map(\.properties))
            #expect(copy.shapes == frame.shapes)
            #expect(copy.extras == frame.extras)
            #expect(copy.gradients == frame.gradients && frame.gradients.contains { $0 != nil })
            #expect(copy.masks[1]?.extras == frame.masks[1]?.extras)
            #expect(copy.masks[1]?.nodes.map(\.properties) == frame.masks[1]?.nodes.map(\.properties))
            #expect(copy.masks[1]?.shapes == frame.masks[1]?.shapes)
            #expect(render(root).pixels == SceneRenderer(size: Size(width: 200, height: 200), scale: 1).render(copy).pixels)
        }
        // A malformed member is named.
        var broken = document.serialized()
        broken = broken.replacingAll("\"fillRule\":\"nonZero\"", "\"fillRule\":\"wavy\"")
        #expect(throws: Timeline.FormatError(path: "frames[0].views[1].mask.views[0].shape.fillRule",
                                             reason: "\"wavy\" is not one of nonZero, evenOdd")) {
            try Timeline.frames(from: JSONValue.parse(broken))
        }
    }
}
