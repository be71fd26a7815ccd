/// What a demo or stage screen shows, so that a rendered transition has something to look
/// at: a header with the screen's title and a few rounded blocks, in iOS's system colors.
///
/// The list and detail layouts are the scene of the renderer benchmark's reference
/// (../shared/bench/skia_scene.py): a list of eight rounded cells with a thumbnail each,
/// and a detail page with a header, an image block and four text lines.
public enum ScreenContent: String, Sendable, CaseIterable {
    /// A header and eight cells with a blue thumbnail, on grouped-background grey.
    case list
    /// A blue header, a pale image block and four grey text lines, on white.
    case detail
    /// A pale blue card screen with one large rounded card.
    case card
    /// A grey settings screen with three groups of rows.
    case settings

    /// The header's height in points (status bar and navigation bar).
    public static let headerHeight = 96.0

    /// Fills `screen`'s view with this content, laid out in its bounds, and titles it
    /// with the screen's name.
    ///
    /// - Parameter header: whether to draw the header (false under a navigation bar).
    public func fill(_ screen: ViewController, header: Bool = true) throws(EngineError) {
        let view = screen.view
        let engine = view.engine
        let width = view.bounds.size.width
        let top = header ? Self.headerHeight : 16
        func block(_ frame: Rect, _ rgb: UInt32, radius: Double = 0, name: String, in parent: View? = nil) throws(EngineError) -> View {
            let block = engine.makeView(frame: frame, name: "\(screen.name) \(name)")
            block.backgroundColor = Self.color(rgb)
            block.layer.cornerRadius = radius
            try (parent ?? view).addSubview(block)
            return block
        }
        switch self {
        case .list:
            view.backgroundColor = Self.color(0xF2F2F7)
            if header { try title(screen, try block(Rect(x: 0, y: 0, width: width, height: top), 0xFFFFFF, name: "header"), color: 0x111827) }
            for row in 0..<8 {
                let y = top + 16 + Double(row) * 88
                let cell = try block(Rect(x: 16, y: y, width: width - 32, height: 76), 0xFFFFFF, radius: 12, name: "cell \(row + 1)")
                _ = try block(Rect(x: 12, y: 12, width: 52, height: 52), 0x3B82F6, radius: 10, name: "thumbnail \(row + 1)", in: cell)
            }
        case .detail:
            view.backgroundColor = Self.color(0xFFFFFF)
            if header { try title(screen, try block(Rect(x: 0, y: 0, width: width, height: top), 0x3B82F6, name: "header"), color: 0xFFFFFF) }
            _ = try block(Rect(x: 16, y: top + 16, width: width - 32, height: 220), 0xDBEAFE, radius: 16, name: "image")
            for line in 0..<4 {
                let fraction = 0.9 - 0.15 * Double(line % 2)
                _ = try block(Rect(x: 16, y: top + 256 + Double(line) * 28, width: (width - 32) * fraction, height: 14),
                              0xD1D5DB, radius: 7, name: "line \(line + 1)")
            }
        case .card:
            view.backgroundColor = Self.color(0xDBEAFE)
            if header { try title(screen, try block(Rect(x: 0, y: 0, width: width, height: top), 0x1E3A8A, name: "header"), color: 0xFFFFFF) }
            let card = try block(Rect(x: 24, y: top + 24, width: width - 48, height: 360), 0xFFFFFF, radius: 20, name: "card")
            card.layer.shadowOpacity = 0.2
            card.layer.shadowRadius = 8
            card.layer.shadowOffset = Size(width: 0, height: 4)
            _ = try block(Rect(x: 16, y: 16, width: width - 80, height: 200), 0x93C5FD, radius: 12, name: "picture", in: card)
        case .settings:
            view.backgroundColor = Self.color(0xE5E7EB)
            if header { try title(screen, try block(Rect(x: 0, y: 0, width: width, height: top), 0xF9FAFB, name: "header"), color: 0x111827) }
            var y = top + 24
            for (group, rows) in [3, 2, 4].enumerated() {
                _ = try block(Rect(x: 16, y: y, width: width - 32, height: Double(rows) * 44), 0xFFFFFF, radius: 10,
                              name: "group \(group + 1)")
                y += Double(rows) * 44 + 28
            }
        }
    }

    /// Puts the screen's name, as a title, at the bottom of its header.
    private func title(_ screen: ViewController, _ header: View, color rgb: UInt32) throws(EngineError) {
        let size = header.bounds.size
        let title = header.engine.makeView(frame: Rect(x: 16, y: size.height - 36, width: size.width - 32, height: 24),
                                           name: "\(screen.name) title")
        title.layer.text = LayerText(screen.name.capitalizedFirst, color: Self.color(rgb), size: 14)
        try header.addSubview(title)
    }

    /// An opaque color from 0xRRGGBB.
    static func color(_ rgb: UInt32) -> RGBAColor {
        RGBAColor(red: Double(rgb >> 16 & 0xFF) / 255, green: Double(rgb >> 8 & 0xFF) / 255,
                  blue: Double(rgb & 0xFF) / 255, alpha: 1)
    }
}

extension String {
    /// The string with its first character upper-cased ("list" → "List").
    var capitalizedFirst: String {
        guard let first else { return self }
        return first.uppercased() + dropFirst()
    }
}
