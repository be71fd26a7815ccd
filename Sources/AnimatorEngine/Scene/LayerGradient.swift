/// What a gradient layer (CAGradientLayer, axial) draws over its background: colors
/// spread from `startPoint` to `endPoint`, both in unit coordinates of the bounds (0, 0 the
/// top-left corner), each color at its location (evenly spread when there are none), the
/// end colors extended beyond. Not animated: a change shows at once.
public struct LayerGradient: Equatable, Sendable {
    /// The colors, in order (none draws nothing).
    public var colors: [RGBAColor]
    /// Where each color sits along the axis, 0...1 (nil: evenly spread).
    public var locations: [Double]?
    /// Where the axis starts, in unit coordinates (default the top middle).
    public var startPoint: Point
    /// Where it ends (default the bottom middle).
    public var endPoint: Point

    /// A gradient; without arguments Core Animation's defaults: no colors, top to bottom.
    public init(colors: [RGBAColor] = [], locations: [Double]? = nil, startPoint: Point = Point(x: 0.5, y: 0),
                endPoint: Point = Point(x: 0.5, y: 1)) {
        self.colors = colors
        self.locations = locations
        self.startPoint = startPoint
        self.endPoint = endPoint
    }

    /// The locations in use: the given ones when there is one per color and they do not
    /// decrease, else evenly spread (as Core Animation does with none).
    public var effectiveLocations: [Double] {
        if let locations, locations.count == colors.count,
           zip(locations, locations.dropFirst()).allSatisfy({ $0 <= $1 }) {
            return locations
        }
        guard colors.count > 1 else { return colors.map { _ in 0 } }
        return colors.indices.map { Double($0) / Double(colors.count - 1) }
    }

    /// The color at `t` along the axis (clamped), interpolated between its neighbours in
    /// premultiplied space, as straight RGBA.
    public func color(at t: Double) -> RGBAColor {
        guard let first = colors.first else { return RGBAColor(red: 0, green: 0, blue: 0, alpha: 0) }
        let stops = effectiveLocations
        if t <= stops[0] { return first }
        for index in 1..<colors.count where t <= stops[index] {
            let span = stops[index] - stops[index - 1]
            let f = span > 0 ? (t - stops[index - 1]) / span : 1
            let a = colors[index - 1], b = colors[index]
            let alpha = a.alpha + (b.alpha - a.alpha) * f
            guard alpha > 0 else { return RGBAColor(red: 0, green: 0, blue: 0, alpha: 0) }
            func channel(_ x: Double, _ y: Double) -> Double { (x * a.alpha + (y * b.alpha - x * a.alpha) * f) / alpha }
            return RGBAColor(red: channel(a.red, b.red), green: channel(a.green, b.green), blue: channel(a.blue, b.blue),
                             alpha: alpha)
        }
        return colors[colors.count - 1]
    }
}
