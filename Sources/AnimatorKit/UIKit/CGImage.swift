import AnimatorABI
import Glibc

/// CGImage: what `CALayer.contents` takes (`image.cgImage`).
public final class CGImage {
    let image: UIImage

    init(image: UIImage) {
        self.image = image
    }

    /// Width in pixels.
    public var width: Int { image.pixelSize.width }
    /// Height in pixels.
    public var height: Int { image.pixelSize.height }
}
