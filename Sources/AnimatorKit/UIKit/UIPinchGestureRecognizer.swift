import AnimatorABI
import Glibc

/// UIPinchGestureRecognizer: the driving pinch's scale (1 where it began) and velocity.
open class UIPinchGestureRecognizer: UIGestureRecognizer {
    /// The scale relative to where the fingers began.
    public var scale: CGFloat = 1
    /// Scale per second.
    public private(set) var velocity: CGFloat = 0

    /// A pinch recognizer whose handler is `handler`.
    public convenience init(handler: @escaping (UIPinchGestureRecognizer) -> Void) {
        self.init()
        addTarget { handler($0 as! UIPinchGestureRecognizer) }
    }

    override func accepts(_ sample: GestureSample) -> Bool { sample.kind == .pinch }

    override func take(_ sample: GestureSample) {
        scale = sample.value
        velocity = sample.velocity
    }
}
