/// UIView.ContentMode: how a view lays out its content (for an image view, its image) in
/// its bounds; each maps onto the layer's contentsGravity.
extension UIView {
    public enum ContentMode: Int, Sendable {
        case scaleToFill, scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right
        case topLeft, topRight, bottomLeft, bottomRight

        var gravity: CALayerContentsGravity {
            switch self {
            case .scaleToFill, .redraw: return .resize
            case .scaleAspectFit: return .resizeAspect
            case .scaleAspectFill: return .resizeAspectFill
            case .center: return .center
            case .top: return .top
            case .bottom: return .bottom
            case .left: return .left
            case .right: return .right
            case .topLeft: return .topLeft
            case .topRight: return .topRight
            case .bottomLeft: return .bottomLeft
            case .bottomRight: return .bottomRight
            }
        }
    }
}

/// UIImageView: a view showing a UIImage as its layer's contents, laid out by its
/// contentMode (scaleToFill by default, as in UIKit).
open class UIImageView: UIView {
    /// The image shown (nil: none).
    public var image: UIImage? {
        didSet {
            show()
            invalidateIntrinsicContentSize()
        }
    }

    /// intrinsicContentSize: the image's size in points (none without an image).
    open override var intrinsicContentSize: CGSize {
        image?.size ?? CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
    }

    /// An image view the size of its image (in points), at the origin.
    public convenience init(image: UIImage?) {
        self.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        self.image = image
        show()
    }

    private func show() {
        guard !isAnimating else { return }
        layer.contentsScale = image?.scale ?? 1
        layer.contents = image
    }

    /// animationImages: the frames `startAnimating()` cycles through.
    public var animationImages: [UIImage]?
    /// animationDuration: seconds for one cycle (0: 1/30 s a frame, as UIKit).
    public var animationDuration: TimeInterval = 0
    /// animationRepeatCount: cycles to play (0: until stopped).
    public var animationRepeatCount = 0
    /// Whether the frames are cycling.
    public private(set) var isAnimating = false
    /// Bumped on every start and stop: a pending frame of an earlier run does nothing.
    private var animationRun = 0

    /// startAnimating(): shows the frames in turn on the host's clock, each for
    /// `animationDuration / count` seconds, `animationRepeatCount` times (0: forever).
    public func startAnimating() {
        guard let frames = animationImages, !frames.isEmpty else { return }
        animationRun += 1
        isAnimating = true
        let step = animationDuration > 0 ? animationDuration / Double(frames.count) : 1.0 / 30
        showFrame(0, frames: frames, step: step, run: animationRun)
    }

    /// stopAnimating(): back to `image`.
    public func stopAnimating() {
        guard isAnimating else { return }
        animationRun += 1
        isAnimating = false
        show()
    }

    private func showFrame(_ index: Int, frames: [UIImage], step: Double, run: Int) {
        guard isAnimating, run == animationRun else { return }
        if animationRepeatCount > 0, index >= frames.count * animationRepeatCount {
            stopAnimating()
            return
        }
        let frame = frames[index % frames.count]
        layer.contentsScale = frame.scale
        layer.contents = frame
        HostTimer.after(step, "UIImageView.startAnimating") { [weak self] in
            self?.showFrame(index + 1, frames: frames, step: step, run: run)
        }
    }
}
