import AnimatorEngine

/// The status bar iOS draws over every app: the time, and the cellular, Wi-Fi and battery
/// indicators, in the top safe area. On iOS it lives in a window of its own above the
/// app's; here it is the window's topmost view (the runtime keeps it there), transparent
/// to touches, in the appearance's label color (black in light mode, white in dark).
///
/// Its layout follows the device as Apple's marketing pictures show it (9:41, full
/// signal, full battery): on an iPhone with a notch or the Dynamic Island the time is
/// centred in the left "ear" and the indicators in the right one; on an iPhone with a home
/// button the indicators flank a centred time; on an iPad the time and date lead and the
/// Wi-Fi and battery trail. An iPhone on its side has no status bar. In a right-to-left
/// layout the bar is mirrored, as iOS mirrors it: the time trails and the indicators lead,
/// each glyph drawn as in left-to-right (they are not directional).
public struct StatusBar {
    /// The bar's view: the top safe area's width and height.
    public let view: View

    /// The color its text and glyphs are drawn in (UIStatusBarStyle: black for dark
    /// content, white for light content). Setting it recolors every part, keeping each
    /// part's own transparency.
    public var color: RGBAColor {
        get { Self.color(in: view) ?? RGBAColor(red: 0, green: 0, blue: 0, alpha: 1) }
        nonmutating set { Self.recolor(view, newValue) }
    }

    /// The first text color under `view`: the time's.
    private static func color(in view: View) -> RGBAColor? {
        if let text = view.layer.text { return text.color }
        for subview in view.subviews { if let color = color(in: subview) { return color } }
        return nil
    }

    private static func recolor(_ view: View, _ color: RGBAColor) {
        func tinted(_ alpha: Double) -> RGBAColor { RGBAColor(red: color.red, green: color.green, blue: color.blue, alpha: alpha) }
        let layer = view.layer
        if var text = layer.text { text.color = color; layer.text = text }
        if let background = view.backgroundColor { view.backgroundColor = tinted(background.alpha) }
        if layer.borderWidth > 0 { layer.borderColor = tinted(layer.borderColor.alpha) }
        if layer.path != nil, let fill = layer.fillColor { layer.fillColor = tinted(fill.alpha) }
        for subview in view.subviews { recolor(subview, color) }
    }

    /// The time every status bar here shows (Apple's in its product pictures).
    public static let time = "9:41"
    /// The date an iPad's status bar shows beside the time.
    public static let padDate = "Tue Jan 9"
    /// The width the Dynamic Island or notch takes from the middle of the bar, in points.
    static let housingWidth = 160.0
    /// Space between the indicators.
    static let spacing = 5.0

    /// Builds the status bar of `traits`' device in a window `width` points wide; nil when
    /// the device shows none (no top safe area: an iPhone on its side).
    public static func make(engine: AnimationEngine, width: Double, traits: Traits) throws(EngineError) -> StatusBar? {
        let height = traits.safeArea.top
        guard height > 0 else { return nil }
        let bar = engine.makeView(frame: Rect(x: 0, y: 0, width: width, height: height), name: "status bar")
        bar.isUserInteractionEnabled = false
        let color = SystemPalette.color(SystemPalette.of(traits.userInterfaceStyle).label)
        let mirrored = traits.layoutDirection == .rightToLeft
        let builder = Builder(bar: bar, color: color, mirrored: mirrored)
        // The indicators are centred on this line; a taller bar (a notch) puts them lower.
        let middle = height >= 44 ? height / 2 + 1 : height / 2
        if traits.device.isPad {
            try builder.label("\(time)  \(padDate)", x: 20, width: width / 2, middle: middle, size: 12, alignment: .left)
            let battery = width - 20 - Builder.batteryWidth
            try builder.battery(x: battery, middle: middle)
            try builder.wifi(x: battery - spacing - Builder.wifiWidth, middle: middle)
        } else if height >= 44 {
            let ear = max((width - housingWidth) / 2, 0)
            try builder.label(time, x: 0, width: ear, middle: middle, size: 17, alignment: .center)
            let indicators = Builder.signalWidth + Builder.wifiWidth + Builder.batteryWidth + 2 * spacing
            let start = width - ear + (ear - indicators) / 2
            try builder.signal(x: start, middle: middle)
            try builder.wifi(x: start + Builder.signalWidth + spacing, middle: middle)
            try builder.battery(x: start + Builder.signalWidth + Builder.wifiWidth + 2 * spacing, middle: middle)
        } else {
            try builder.label(time, x: 0, width: width, middle: middle, size: 12, alignment: .center)
            try builder.signal(x: 6, middle: middle)
            try builder.wifi(x: 6 + Builder.signalWidth + spacing, middle: middle)
            try builder.battery(x: width - 6 - Builder.batteryWidth, middle: middle)
        }
        return StatusBar(view: bar)
    }

    /// Makes the bar's parts, mirrored when the layout is.
    private struct Builder {
        let bar: View
        let color: RGBAColor
        let mirrored: Bool
        static let signalWidth = 17.0
        static let wifiWidth = 15.5
        static let batteryWidth = 27.0

        /// `frame` in the bar, mirrored when the layout is.
        func placed(_ frame: Rect) -> Rect {
            guard mirrored else { return frame }
            return Rect(x: bar.bounds.size.width - frame.maxX, y: frame.minY, width: frame.size.width,
                        height: frame.size.height)
        }

        func part(_ frame: Rect, name: String, in parent: View? = nil, radius: Double = 0,
                  alpha: Double = 1) throws(EngineError) -> View {
            let view = bar.engine.makeView(frame: parent == nil ? placed(frame) : frame, name: "status bar \(name)")
            view.backgroundColor = RGBAColor(red: color.red, green: color.green, blue: color.blue, alpha: alpha)
            view.layer.cornerRadius = radius
            try (parent ?? bar).addSubview(view)
            return view
        }

        func label(_ text: String, x: Double, width: Double, middle: Double, size: Double,
                   alignment: LayerText.Alignment) throws(EngineError) {
            let label = bar.engine.makeView(frame: placed(Rect(x: x, y: middle - size, width: width, height: 2 * size)),
                                            name: "status bar time")
            let aligned: LayerText.Alignment = mirrored && alignment == .left ? .right : alignment
            label.layer.text = LayerText(text, color: color, size: size, weight: .semibold, alignment: aligned)
            try bar.addSubview(label)
        }

        /// Four bars rising left to right (full signal), 11 points tall.
        func signal(x: Double, middle: Double) throws(EngineError) {
            let heights = [4.0, 6.5, 9, 11.5]
            let group = bar.engine.makeView(frame: placed(Rect(x: x, y: middle - 5.75, width: Self.signalWidth, height: 11.5)),
                                            name: "status bar signal")
            try bar.addSubview(group)
            for (index, height) in heights.enumerated() {
                // The glyphs are not directional: they keep their look in either layout.
                _ = try part(Rect(x: Double(index) * 4.5, y: 11.5 - height, width: 3.5, height: height),
                             name: "signal \(index + 1)", in: group, radius: 1)
            }
        }

        /// The Wi-Fi fan: a dot and two bands spreading 45° either side of straight up.
        func wifi(x: Double, middle: Double) throws(EngineError) {
            let height = 11.0
            let shape = bar.engine.makeView(frame: placed(Rect(x: x, y: middle - height / 2, width: Self.wifiWidth, height: height)),
                                            name: "status bar wifi")
            let apex = Point(x: Self.wifiWidth / 2, y: height)
            let (start, end) = (1.25 * Double.pi, 1.75 * Double.pi)
            var path = ShapePath()
            for (inner, outer) in [(0.0, 3.2), (4.6, 7.0), (8.4, 11)] {
                path.addArc(center: apex, radius: outer, startAngle: start, endAngle: end, clockwise: true)
                path.addArc(center: apex, radius: inner, startAngle: end, endAngle: start, clockwise: false)
                path.close()
            }
            shape.layer.path = path
            shape.layer.fillColor = color
            try bar.addSubview(shape)
        }

        /// A full battery: a faint rounded outline, its charge, and the terminal's nub.
        func battery(x: Double, middle: Double) throws(EngineError) {
            // The whole battery moves with the layout; its terminal stays on its right.
            let whole = placed(Rect(x: x, y: middle - 6.5, width: Self.batteryWidth, height: 13))
            let body = Rect(x: whole.minX, y: whole.minY, width: 24.5, height: 13)
            let outline = bar.engine.makeView(frame: body, name: "status bar battery")
            outline.layer.cornerRadius = 4
            outline.layer.borderWidth = 1
            outline.layer.borderColor = RGBAColor(red: color.red, green: color.green, blue: color.blue, alpha: 0.35)
            try bar.addSubview(outline)
            _ = try part(Rect(x: 2, y: 2, width: 20.5, height: 9), name: "battery charge", in: outline, radius: 2.5)
            let nub = Rect(x: body.maxX + 1, y: middle - 2, width: 1.5, height: 4)
            _ = try part(nub, name: "battery terminal", in: bar, radius: 0.75, alpha: 0.4)
        }
    }
}
