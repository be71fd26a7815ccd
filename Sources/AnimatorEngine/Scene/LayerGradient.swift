import Glibc

/// What a gradient layer (CAGradientLayer) draws over its background: colors spread from
/// `startPoint` toward `endPoint` (along the axis, in ellipses or around; see `Kind`), both
/// in unit coordinates of the bounds (0, 0 the top-left corner), each color at its location
/// (evenly spread when there are none), the end colors extended beyond. Not animated: a
/// change shows at once.
public struct LayerGradient: Equatable, Sendable {
    /// The colors, in order (none draws nothing).
    public var colors: [RGBAColor]
    /// Where each color sits along the axis, 0...1 (nil: evenly spread).
    public var locations: [Double]?
    /// Where the axis starts, in unit coordinates (default the top middle).
    public var startPoint: Point
    /// Where it ends (default the bottom middle).
    public var endPoint: Point
    /// CAGradientLayerType.
    public var kind: Kind

    /// CAGradientLayerType: how the colors spread from `startPoint` toward `endPoint`.
    public enum Kind: String, Sendable, CaseIterable {
        /// Along the axis from the start point to the end point (the default).
        case axial
        /// In ellipses around the start point, reaching the last color where the ellipse
        /// through the end point's x and y distances (in unit coordinates) is.
        case radial
        /// Around the start point, from the direction of the end point, clockwise on the
        /// screen (y down), a whole turn from the first color to the last.
        case conic
    }

    /// A gradient; without arguments Core Animation's defaults: no colors, top to bottom.
    public init(colors: [RGBAColor] = [], locations: [Double]? = nil, startPoint: Point = Point(x: 0.5, y: 0),
                endPoint: Point = Point(x: 0.5, y: 1), kind: Kind = .axial) {
        self.colors = colors
        self.locations = locations
        self.startPoint = startPoint
        self.endPoint = endPoint
        self.kind = kind
    }

    /// Where along the gradient (0 the first color, 1 the last; not clamped) a point of a
    /// layer `size` points big falls, given in unit coordinates of its bounds; nil where
    /// the gradient is undefined (radial or conic with no extent: all the last color).
    public func position(ofUnit x: Double, _ y: Double, size: Size) -> Double? {
        let u = x - startPoint.x, v = y - startPoint.y
        let dx = endPoint.x - startPoint.x, dy = endPoint.y - startPoint.y
        switch kind {
        case .axial:
            let length = dx * dx + dy * dy
            return length > 0 ? (u * dx + v * dy) / length : nil
        case .radial:
            guard dx != 0, dy != 0 else { return nil }
            return ((u / dx) * (u / dx) + (v / dy) * (v / dy)).squareRoot()
        case .conic:
            // Angles in points, so that a turn looks even on a layer that is not square.
            let zero = atan2(dy * size.height, dx * size.width)
            guard dx != 0 || dy != 0 else { return nil }
            var angle = atan2(v * size.height, u * size.width) - zero
            if angle < 0 { angle += 2 * Double.pi }
            if angle >= 2 * Double.pi { angle -= 2 * Double.pi }
            return angle / (2 * Double.pi)
        }
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
