import AnimatorEngine
import AnimatorHost
import Glibc

/// What a demo or stage screen shows, so that a rendered transition looks like an app:
/// iOS's grouped lists with titles, subtitles and disclosure chevrons, a detail page with
/// a headline and body text, a card, and a settings list with switches, in iOS's system
/// colors and text styles (body 17 pt, subheadline 15 pt, footnote 13 pt, title 28 pt).
public enum ScreenContent: String, Sendable, CaseIterable {
    /// An inset grouped list of places: thumbnail, title, subtitle and chevron per row.
    case list
    /// A place's page: a picture, a headline, a subtitle and body text.
    case detail
    /// A pale blue screen with one large card (a picture, a title, a line of text).
    case card
    /// A settings list in three groups, with switches, values and chevrons.
    case settings

    /// The header's height in points when a screen draws its own: the status bar (the
    /// device's top safe area, `statusBar`) and a 49-point title area, as a screen presented
    /// without a navigation bar does; 96 on the default iPhone.
    public static func headerHeight(statusBar: Double) -> Double { statusBar + 49 }

    /// The title a screen with this content shows in bars and back buttons.
    public var title: String {
        switch self {
        case .list: return "Places"
        case .detail: return "Lisbon"
        case .card: return "Card"
        case .settings: return "Settings"
        }
    }

    /// The places the list shows: title, subtitle, thumbnail color.
    static let places: [(String, String, UInt32)] = [
        ("Lisbon", "Portugal · 12 photos", 0x3B82F6), ("Kyoto", "Japan · 48 photos", 0xEF4444),
        ("Reykjavík", "Iceland · 7 photos", 0x10B981), ("Valparaíso", "Chile · 23 photos", 0xF59E0B),
        ("Tbilisi", "Georgia · 16 photos", 0x8B5CF6), ("Hoi An", "Vietnam · 31 photos", 0xEC4899),
        ("Marrakesh", "Morocco · 19 photos", 0x14B8A6), ("Bergen", "Norway · 9 photos", 0x6366F1),
        ("Oaxaca", "Mexico · 27 photos", 0xF97316), ("Tallinn", "Estonia · 5 photos", 0x0EA5E9),
    ]

    /// Fills `screen`'s view with this content, laid out in its bounds, and titles it.
    ///
    /// - Parameters:
    ///   - header: whether to draw a header with the title (false under a navigation bar,
    ///     which shows the title instead).
    ///   - traits: the app's traits, as UIKit applies them to its screens: UIKit's semantic
    ///     colors in the appearance (the app's own colors, the card screen's blues and the
    ///     thumbnails, stay as they are); a mirrored layout in a right-to-left language
    ///     (leading edges on the right, text aligned right, chevrons pointing left, switches
    ///     on with their knob on the left); the text styles' Dynamic Type sizes at the
    ///     content size category, rows and text blocks growing with them as self-sizing
    ///     cells do; a header under the device's top safe area.
    public func fill(_ screen: ViewController, header: Bool = true, traits: Traits = Traits()) throws(EngineError) {
        if screen.title == nil { screen.title = title }
        let palette = SystemPalette.of(traits.userInterfaceStyle)
        let textSize = traits.contentSizeCategory
        let builder = Builder(screen: screen, palette: palette, mirrored: traits.layoutDirection == .rightToLeft,
                              headerHeight: Self.headerHeight(statusBar: traits.safeArea.top))
        let view = screen.view
        let width = view.bounds.size.width
        let top = header ? builder.headerHeight : 0
        // Each style's size, and a length laid out for its default size, at this category.
        func font(_ style: TextStyle) -> Double { style.size(at: textSize) }
        func grown(_ length: Double, _ style: TextStyle) -> Double { style.scaled(length, at: textSize) }
        switch self {
        case .list:
            view.backgroundColor = Self.color(palette.groupedBackground)
            if header { try builder.header(color: palette.bar, text: palette.label) }
            // A row: the title's line (22 points at body's 17) over the subtitle's (20 at
            // subheadline's 15), 11 points above and below; at least the 64 of the default.
            let titleLine = grown(22, .body), subtitleLine = grown(20, .subheadline)
            let rowHeight = max(64, 11 + titleLine + subtitleLine + 11)
            let chevronHeight = grown(28, .body)
            let rows = Self.places.count
            let section = try builder.block(Rect(x: 16, y: top + 20, width: width - 32, height: Double(rows) * rowHeight),
                                            palette.cell, radius: 10, name: "section")
            for (index, place) in Self.places.enumerated() {
                let y = Double(index) * rowHeight
                let row = try builder.block(Rect(x: 0, y: y, width: width - 32, height: rowHeight), nil, name: "row \(index + 1)",
                                            in: section)
                _ = try builder.block(Rect(x: 16, y: (rowHeight - 44) / 2, width: 44, height: 44), place.2, radius: 9,
                                      name: "thumbnail \(index + 1)", in: row)
                try builder.label(place.0, Rect(x: 72, y: 11, width: width - 150, height: titleLine), size: font(.body),
                                  name: "title \(index + 1)", in: row)
                try builder.label(place.1, Rect(x: 72, y: 11 + titleLine, width: width - 150, height: subtitleLine),
                                  size: font(.subheadline), color: palette.secondaryLabel, name: "subtitle \(index + 1)", in: row)
                try builder.label("\u{203A}", Rect(x: width - 32 - 34, y: (rowHeight - chevronHeight) / 2, width: 20,
                                                   height: chevronHeight), size: grown(24, .body),
                                  weight: .semibold, color: palette.chevron, alignment: .center,
                                  name: "chevron \(index + 1)", in: row)
                if index < rows - 1 {
                    _ = try builder.block(Rect(x: 72, y: rowHeight - 0.5, width: width - 32 - 72, height: 0.5),
                                          palette.separator, name: "separator \(index + 1)", in: row)
                }
            }
        case .detail:
            view.backgroundColor = Self.color(palette.background)
            if header { try builder.header(color: palette.bar, text: palette.label) }
            // A photo (an image view: layer contents filling the frame, rounded).
            let picture = try builder.block(Rect(x: 16, y: top + 16, width: width - 32, height: 220), 0x3B82F6,
                                            radius: 16, name: "picture")
            picture.layer.contents = LayerContents(image: Self.photo, scale: 2, gravity: .resizeAspectFill)
            picture.layer.masksToBounds = true
            // Title 1 for the headline, subheadline, then body, each block below the last.
            let headlineHeight = grown(36, .title1), subtitleHeight = grown(22, .subheadline)
            let subtitleY = top + 252 + headlineHeight + 2, bodyY = subtitleY + subtitleHeight + 12
            try builder.label("Lisbon", Rect(x: 16, y: top + 252, width: width - 32, height: headlineHeight), size: font(.title1),
                              weight: .bold, alignment: .left, name: "headline")
            try builder.label("Portugal · 12 photos", Rect(x: 16, y: subtitleY, width: width - 32, height: subtitleHeight),
                              size: font(.subheadline), color: palette.secondaryLabel, alignment: .left, name: "subtitle")
            let body = "Built on seven hills above the Tagus, Lisbon climbs in yellow trams and tiled façades "
                + "from the river to the castle. Evenings end in the miradouros, where the city turns gold "
                + "and the bridge lights up across the water."
            try builder.label(body, Rect(x: 16, y: bodyY, width: width - 32, height: grown(160, .body)), size: font(.body),
                              alignment: .left, lines: 0, name: "body")
        case .card:
            // The app's own colors, the same in either appearance (as fixed UIColors are).
            view.backgroundColor = Self.color(0xDBEAFE)
            if header { try builder.header(color: 0x1E3A8A, text: 0xFFFFFF) }
            // Title 2 over subheadline text; the card grows with them.
            let cardTitleHeight = grown(30, .title2), cardTextHeight = grown(80, .subheadline)
            let card = try builder.block(Rect(x: 24, y: top + 24, width: width - 48,
                                              height: 360 + (cardTitleHeight - 30) + (cardTextHeight - 80)), 0xFFFFFF, radius: 20,
                                         name: "card")
            card.layer.shadowOpacity = 0.2
            card.layer.shadowRadius = 8
            card.layer.shadowOffset = Size(width: 0, height: 4)
            _ = try builder.block(Rect(x: 16, y: 16, width: width - 80, height: 200), 0x93C5FD, radius: 12,
                                  name: "picture", in: card)
            try builder.label("Weekend in Kyoto", Rect(x: 16, y: 232, width: width - 80, height: cardTitleHeight),
                              size: font(.title2), weight: .bold, color: SystemPalette.light.label, alignment: .left,
                              name: "card title", in: card)
            try builder.label("Temples at dawn, tea in the afternoon, lanterns along the river at night.",
                              Rect(x: 16, y: 232 + cardTitleHeight + 4, width: width - 80, height: cardTextHeight),
                              size: font(.subheadline),
                              color: SystemPalette.light.secondaryLabel, alignment: .left, lines: 0, name: "card text", in: card)
        case .settings:
            view.backgroundColor = Self.color(palette.groupedBackground)
            if header { try builder.header(color: palette.bar, text: palette.label) }
            // (label, accessory): a switch's state or a value with a chevron.
            enum Accessory { case toggle(Bool), value(String) }
            let groups: [[(String, Accessory)]] = [
                [("Airplane Mode", .toggle(false)), ("Wi-Fi", .value("Home")), ("Bluetooth", .toggle(true))],
                [("Notifications", .value("")), ("Sounds & Haptics", .value(""))],
                [("Dark Mode", .toggle(true)), ("Auto-Lock", .value("30 s")), ("Text Size", .value("Large")),
                 ("Location Services", .toggle(true))],
            ]
            // A row: a body line (22 points at 17) with 11 above and below, at least 44.
            let line = grown(22, .body), chevronHeight = grown(28, .body)
            let rowHeight = max(44, 11 + line + 11)
            var y = top + 20
            var number = 0
            for (group, rows) in groups.enumerated() {
                let section = try builder.block(Rect(x: 16, y: y, width: width - 32, height: Double(rows.count) * rowHeight),
                                                palette.cell, radius: 10, name: "group \(group + 1)")
                for (index, row) in rows.enumerated() {
                    number += 1
                    let rowY = Double(index) * rowHeight
                    try builder.label(row.0, Rect(x: 16, y: rowY + 11, width: width - 160, height: line), size: font(.body),
                                      alignment: .left, name: "setting \(number)", in: section)
                    switch row.1 {
                    case .toggle(let on):
                        try builder.toggle(on, at: Point(x: width - 32 - 16 - 51, y: rowY + (rowHeight - 31) / 2),
                                           name: "switch \(number)", in: section)
                    case .value(let value):
                        try builder.label(value, Rect(x: width - 32 - 160, y: rowY + 11, width: 122, height: line), size: font(.body),
                                          color: palette.secondaryLabel, alignment: .right, name: "value \(number)",
                                          in: section)
                        try builder.label("\u{203A}", Rect(x: width - 32 - 34, y: rowY + (rowHeight - chevronHeight) / 2, width: 20,
                                                           height: chevronHeight), size: grown(24, .body),
                                          weight: .semibold, color: palette.chevron, name: "chevron \(number)", in: section)
                    }
                    if index < rows.count - 1 {
                        _ = try builder.block(Rect(x: 16, y: rowY + rowHeight - 0.5, width: width - 48, height: 0.5),
                                              palette.separator, name: "separator \(number)", in: section)
                    }
                }
                y += Double(rows.count) * rowHeight + 36
            }
        }
    }

    /// The detail page's photo, 716 × 440 pixels (358 × 220 points at scale 2), drawn
    /// here: a sky fading from blue to pale blue, a sun, and two rolling hills.
    public static let photo: Image = {
        let width = 716, height = 440
        var image = Image(width: width, height: height)
        func pixel(_ r: Double, _ g: Double, _ b: Double) -> UInt32 {
            UInt32(r.rounded()) | UInt32(g.rounded()) << 8 | UInt32(b.rounded()) << 16 | 0xFF00_0000
        }
        let sun = (x: 0.75 * Double(width), y: 0.3 * Double(height), r: 0.12 * Double(height))
        // The two hills' heights depend on the column only.
        let farHill = (0..<width).map { 0.62 * Double(height) + 40 * Glibc.sin(Double($0) / 90) }
        let nearHill = (0..<width).map { 0.78 * Double(height) + 30 * Glibc.sin(Double($0) / 60 + 2) }
        let nearColor = pixel(30, 64, 175), farColor = pixel(29, 78, 216), sunColor = pixel(253, 230, 138)
        image.pixels.withUnsafeMutableBufferPointer { pixels in
            for y in 0..<height {
                let t = Double(y) / Double(height - 1)
                let sky = pixel(96 + (219 - 96) * t, 165 + (234 - 165) * t, 250 + (254 - 250) * t)
                for x in 0..<width {
                    let fx = Double(x), fy = Double(y)
                    let color: UInt32
                    if fy > nearHill[x] { color = nearColor } else if fy > farHill[x] { color = farColor }
                    else if (fx - sun.x) * (fx - sun.x) + (fy - sun.y) * (fy - sun.y) < sun.r * sun.r { color = sunColor }
                    else { color = sky }
                    pixels[y * width + x] = color
                }
            }
        }
        return image
    }()

    /// Fills `screen` with `image` instead of built-in content: a screenshot of a real
    /// app, filling `size` points (aspect fill, cut at the edges), on white.
    public func fill(_ screen: ViewController, image: Image, size: Size) throws(EngineError) {
        if screen.title == nil { screen.title = title }
        screen.view.backgroundColor = Self.color(0xFFFFFF)
        let picture = screen.view.engine.makeView(frame: Rect(origin: .zero, size: size), name: "\(screen.name) picture")
        picture.layer.contents = LayerContents(image: image, gravity: .resizeAspectFill)
        picture.layer.masksToBounds = true
        try screen.view.addSubview(picture)
    }

    /// Makes the views of one screen, named after it ("list title 1").
    private struct Builder {
        let screen: ViewController
        let palette: SystemPalette
        /// Whether frames are mirrored within their parent (a right-to-left layout).
        let mirrored: Bool
        /// A header's height: the status bar and the title area.
        let headerHeight: Double
        var view: View { screen.view }

        /// `frame` in `parent`, mirrored when the layout is.
        func placed(_ frame: Rect, in parent: View?) -> Rect {
            guard mirrored else { return frame }
            let width = (parent ?? view).bounds.size.width
            return Rect(x: width - frame.origin.x - frame.size.width, y: frame.origin.y, width: frame.size.width,
                        height: frame.size.height)
        }

        func block(_ frame: Rect, _ rgb: UInt32?, radius: Double = 0, name: String,
                   in parent: View? = nil) throws(EngineError) -> View {
            let block = view.engine.makeView(frame: placed(frame, in: parent), name: "\(screen.name) \(name)")
            block.backgroundColor = rgb.map(ScreenContent.color)
            block.layer.cornerRadius = radius
            try (parent ?? view).addSubview(block)
            return block
        }

        func label(_ text: String, _ frame: Rect, size: Double, weight: LayerText.Weight = .regular,
                   color rgb: UInt32? = nil, alignment: LayerText.Alignment = .left, lines: Int = 1,
                   name: String, in parent: View? = nil) throws(EngineError) {
            let label = view.engine.makeView(frame: placed(frame, in: parent), name: "\(screen.name) \(name)")
            // Mirrored: text aligned to the other side, a disclosure chevron pointing left.
            let shown = mirrored && text == "\u{203A}" ? "\u{2039}" : text
            let aligned: LayerText.Alignment = !mirrored ? alignment : alignment == .left ? .right : alignment == .right ? .left : alignment
            label.layer.text = LayerText(shown, color: ScreenContent.color(rgb ?? palette.label), size: size, weight: weight,
                                         alignment: aligned, lines: lines)
            try (parent ?? view).addSubview(label)
        }

        /// A UISwitch (51 × 31): a green or grey track and a white knob with a soft shadow.
        func toggle(_ on: Bool, at origin: Point, name: String, in parent: View) throws(EngineError) {
            let track = try block(Rect(x: origin.x, y: origin.y, width: 51, height: 31),
                                  on ? palette.green : palette.switchOff, radius: 15.5, name: name, in: parent)
            let knob = try block(Rect(x: on ? 22 : 2, y: 2, width: 27, height: 27), 0xFFFFFF, radius: 13.5,
                                 name: "\(name) knob", in: track)
            knob.layer.shadowOpacity = 0.2
            knob.layer.shadowRadius = 2
            knob.layer.shadowOffset = Size(width: 0, height: 2)
        }

        /// The screen's own header: a bar under the status bar with the title, and a hairline.
        func header(color: UInt32, text: UInt32) throws(EngineError) {
            let width = view.bounds.size.width
            let bar = try block(Rect(x: 0, y: 0, width: width, height: headerHeight), color, name: "header")
            try label(screen.title ?? screen.name, Rect(x: 16, y: headerHeight - 44, width: width - 32, height: 44),
                      size: 17, weight: .semibold, color: text, alignment: .center, name: "title", in: bar)
            _ = try block(Rect(x: 0, y: headerHeight - 0.5, width: width, height: 0.5), palette.separator,
                          name: "hairline", in: bar)
        }
    }

    /// An opaque color from 0xRRGGBB.
    static func color(_ rgb: UInt32) -> RGBAColor { SystemPalette.color(rgb) }
}
