import AnimatorABI
import Glibc

/// UIPanGestureRecognizer: the translation and velocity of the driving pan along its
/// trace's axis.
open class UIPanGestureRecognizer: UIGestureRecognizer {
    private var translationValue = CGPoint.zero
    private var offset = CGPoint.zero
    private var velocityValue = CGPoint.zero

    /// A pan recognizer whose handler is `handler`.
    public convenience init(handler: @escaping (UIPanGestureRecognizer) -> Void) {
        self.init()
        addTarget { handler($0 as! UIPanGestureRecognizer) }
    }

    /// minimumNumberOfTouches: the fingers a pan needs (a trace's pan is one finger, so a
    /// recognizer that needs more never begins).
    public var minimumNumberOfTouches = 1
    /// maximumNumberOfTouches: the most fingers it follows.
    public var maximumNumberOfTouches = Int.max

    override func accepts(_ sample: GestureSample) -> Bool {
        sample.kind == .pan && minimumNumberOfTouches <= 1 && maximumNumberOfTouches >= 1
    }

    override func take(_ sample: GestureSample) {
        touchLocation = sample.location
        translationValue = sample.axis == .y ? CGPoint(x: 0, y: sample.value) : CGPoint(x: sample.value, y: 0)
        velocityValue = sample.axis == .y ? CGPoint(x: 0, y: sample.velocity) : CGPoint(x: sample.velocity, y: 0)
    }

    /// The translation since the pan began (or since `setTranslation`), in points. The
    /// trace's translations are the same in every view here (no view is scaled or
    /// rotated while a user drags it).
    public func translation(in view: UIView?) -> CGPoint {
        CGPoint(x: translationValue.x - offset.x, y: translationValue.y - offset.y)
    }

    /// Resets the translation's origin (UIPanGestureRecognizer.setTranslation(_:in:)).
    public func setTranslation(_ translation: CGPoint, in view: UIView?) {
        offset = CGPoint(x: translationValue.x - translation.x, y: translationValue.y - translation.y)
    }

    /// Points per second.
    public func velocity(in view: UIView?) -> CGPoint { velocityValue }
}
