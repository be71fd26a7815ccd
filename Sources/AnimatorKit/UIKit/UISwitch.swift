import Foundation

/// UISwitch: iOS's on/off switch, 51 × 31 points: a capsule track (`onTintColor`, UIKit's
/// green, when on; light gray when off) and a white 27-point knob with a soft shadow. A tap
/// on it (`animator-host run --tap X,Y`) flips it and sends `.valueChanged`, as a user's
/// tap does; `setOn(_:animated:)` slides the knob over UIKit's 0.25 s when animated.
open class UISwitch: UIControl {
    /// Whether it is on.
    open var isOn: Bool {
        get { on }
        set { setOn(newValue, animated: false) }
    }
    /// The track's color when on (nil: UIKit's system green).
    open var onTintColor: UIColor? { didSet { show() } }
    /// The knob's color (nil: white).
    open var thumbTintColor: UIColor? { didSet { show() } }

    private var on = false
    private let knob = UIView(frame: CGRect(x: 2, y: 2, width: 27, height: 27))

    /// The switch's size, whatever frame it is given (as UIKit's).
    public static let size = CGSize(width: 51, height: 31)

    /// init(frame:): an off switch at the frame's origin, 51 × 31 points.
    public override init(frame: CGRect) {
        super.init(frame: CGRect(origin: frame.origin, size: Self.size))
        layer.cornerRadius = 15.5
        knob.becomeKnob(diameter: 27)
        addSubview(knob)
        show()
    }

    /// NSCoding: there are no archived switches here.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// intrinsicContentSize: 51 × 31.
    open override var intrinsicContentSize: CGSize { Self.size }

    /// setOn(_:animated:): turns it on or off without sending `.valueChanged` (as UIKit).
    open func setOn(_ on: Bool, animated: Bool) {
        self.on = on
        guard animated else { return show() }
        UIView.animate(withDuration: 0.25) { self.show() }
    }

    private func show() {
        backgroundColor = on ? (onTintColor ?? UIColor(rgb: 0x34C759)) : UIColor(rgb: 0xE9E9EA)
        knob.backgroundColor = thumbTintColor ?? .white
        knob.frame = CGRect(x: on ? 22 : 2, y: 2, width: 27, height: 27)
    }

    /// A tap flips it, animated, and sends `.valueChanged`.
    override func takeTap() -> Bool {
        guard isEnabled, isUserInteractionEnabled else { return false }
        setOn(!on, animated: true)
        sendActions(for: [.valueChanged, .primaryActionTriggered])
        return true
    }
}

extension UIView {
    /// Makes this view a control's knob: round, with UIKit's soft shadow, blind to touches.
    func becomeKnob(diameter: CGFloat) {
        layer.cornerRadius = diameter / 2
        layer.shadowOpacity = 0.2
        layer.shadowRadius = 2
        layer.shadowOffset = CGSize(width: 0, height: 2)
        isUserInteractionEnabled = false
    }
}
