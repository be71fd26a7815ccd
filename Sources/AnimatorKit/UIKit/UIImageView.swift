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
        layer.contentsScale = image?.scale ?? 1
        layer.contents = image
    }
}
