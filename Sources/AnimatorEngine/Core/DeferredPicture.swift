import Synchronization

/// A picture drawn the first time it is looked at: what a snapshot view holds (the look of
/// a view frozen when the snapshot was made, drawn only if a frame, a file or a comparison
/// ever shows it). Its size is known at once; `image` draws it once, on whichever thread
/// asks first, and every later reader gets the same pixels.
public final class DeferredPicture: Sendable {
    /// Its width in pixels.
    public let width: Int
    /// Its height in pixels.
    public let height: Int
    private let state: Mutex<(image: Image?, draw: (@Sendable () -> Image)?)>

    /// A picture of `width` × `height` pixels that `draw` makes when first needed (it must
    /// make an image of that size).
    public init(width: Int, height: Int, draw: @escaping @Sendable () -> Image) {
        self.width = width
        self.height = height
        state = Mutex((nil, draw))
    }

    /// The pixels, drawn now if they never were.
    public var image: Image {
        state.withLock { state in
            if let image = state.image { return image }
            let made = state.draw?() ?? Image(width: width, height: height)
            state = (made, nil)
            return made
        }
    }

    /// Whether it was drawn yet.
    public var isDrawn: Bool { state.withLock { $0.image != nil } }
}
