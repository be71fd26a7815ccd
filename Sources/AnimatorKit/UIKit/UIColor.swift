/// A color: UIKit's UIColor, as non-premultiplied sRGB components in [0, 1].
public struct UIColor: Equatable, Hashable, Sendable {
    /// The red component.
    public var red: Double
    /// The green component.
    public var green: Double
    /// The blue component.
    public var blue: Double
    /// The alpha component.
    public var alpha: Double

    /// Creates a color from its components.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Creates a color from `0xRRGGBB`, as design tools write it.
    public init(rgb: UInt32, alpha: Double = 1) {
        self.init(red: Double((rgb >> 16) & 0xFF) / 255, green: Double((rgb >> 8) & 0xFF) / 255,
                  blue: Double(rgb & 0xFF) / 255, alpha: alpha)
    }

    /// A grey: `white` 0 is black, 1 white.
    public init(white: CGFloat, alpha: CGFloat) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// The same color as a CGColor (here the same value: `layer.backgroundColor =
    /// color.cgColor` reads as on iOS).
    public var cgColor: CGColor { self }

    /// A color from a CGColor.
    public init(cgColor: CGColor) { self = cgColor }

    /// The color with another alpha.
    /// getRed(_:green:blue:alpha:): the components, 0 to 1 (always true: every color here is RGB).
    @discardableResult
    public func getRed(_ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
                       blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        red?.pointee = self.red
        green?.pointee = self.green
        blue?.pointee = self.blue
        alpha?.pointee = self.alpha
        return true
    }

    /// getWhite(_:alpha:): the luminance (Rec. 709) and alpha.
    @discardableResult
    public func getWhite(_ white: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        white?.pointee = 0.2126 * red + 0.7152 * green + 0.0722 * blue
        alpha?.pointee = self.alpha
        return true
    }

    public func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        UIColor(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// Opaque white.
    public static let white = UIColor(red: 1, green: 1, blue: 1)
    /// Opaque black.
    public static let black = UIColor(red: 0, green: 0, blue: 0)
    /// Fully transparent.
    public static let clear = UIColor(red: 0, green: 0, blue: 0, alpha: 0)
    /// Opaque red.
    public static let red = UIColor(red: 1, green: 0, blue: 0)
    /// Opaque green.
    public static let green = UIColor(red: 0, green: 1, blue: 0)
    /// Opaque blue.
    public static let blue = UIColor(red: 0, green: 0, blue: 1)
    /// Opaque yellow.
    public static let yellow = UIColor(red: 1, green: 1, blue: 0)
    /// Opaque orange.
    public static let orange = UIColor(red: 1, green: 0.5, blue: 0)
    /// Opaque gray.
    public static let gray = UIColor(white: 0.5, alpha: 1)
    /// Opaque light gray.
    public static let lightGray = UIColor(white: 2.0 / 3, alpha: 1)
    /// Opaque dark gray.
    public static let darkGray = UIColor(white: 1.0 / 3, alpha: 1)
    /// iOS's systemBlue in its light appearance (so for every system color below).
    public static let systemBlue = UIColor(rgb: 0x007AFF)
    /// iOS's system red color, light appearance.
    public static let systemRed = UIColor(rgb: 0xFF3B30)
    /// iOS's system green color, light appearance.
    public static let systemGreen = UIColor(rgb: 0x34C759)
    /// iOS's system orange color, light appearance.
    public static let systemOrange = UIColor(rgb: 0xFF9500)
    /// iOS's system yellow color, light appearance.
    public static let systemYellow = UIColor(rgb: 0xFFCC00)
    /// iOS's system pink color, light appearance.
    public static let systemPink = UIColor(rgb: 0xFF2D55)
    /// iOS's system purple color, light appearance.
    public static let systemPurple = UIColor(rgb: 0xAF52DE)
    /// iOS's system teal color, light appearance.
    public static let systemTeal = UIColor(rgb: 0x5AC8FA)
    /// iOS's system indigo color, light appearance.
    public static let systemIndigo = UIColor(rgb: 0x5856D6)
    /// iOS's system gray color, light appearance.
    public static let systemGray = UIColor(rgb: 0x8E8E93)
    /// iOS's second system gray, light appearance.
    public static let systemGray2 = UIColor(rgb: 0xAEAEB2)
    /// iOS's third system gray, light appearance.
    public static let systemGray3 = UIColor(rgb: 0xC7C7CC)
    /// iOS's fourth system gray (a selected table cell's fill), light appearance.
    public static let systemGray4 = UIColor(rgb: 0xD1D1D6)
    /// iOS's fifth system gray, light appearance.
    public static let systemGray5 = UIColor(rgb: 0xE5E5EA)
    /// iOS's sixth system gray, light appearance.
    public static let systemGray6 = UIColor(rgb: 0xF2F2F7)
    /// iOS's system background color, light appearance.
    public static let systemBackground = UIColor.white
    /// iOS's secondary system background color, light appearance.
    public static let secondarySystemBackground = UIColor(rgb: 0xF2F2F7)
    /// iOS's system grouped background color, light appearance.
    public static let systemGroupedBackground = UIColor(rgb: 0xF2F2F7)
    /// iOS's label color, light appearance.
    public static let label = UIColor.black
    /// iOS's secondary label color, light appearance.
    public static let secondaryLabel = UIColor(rgb: 0x3C3C43, alpha: 0.6)
    /// iOS's separator color, light appearance.
    public static let separator = UIColor(rgb: 0x3C3C43, alpha: 0.29)
}

/// Core Graphics' color: the same value as UIColor here.
public typealias CGColor = UIColor
