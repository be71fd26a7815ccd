import Foundation

/// UISlider: a value between `minimumValue` and `maximumValue` on a 4-point rounded track,
/// the part before the thumb in `minimumTrackTintColor` (the tint, blue), the rest light
/// gray, and a white 28-point thumb with a soft shadow. There are no drags here: code sets
/// the value (`setValue(_:animated:)` moves the thumb over UIKit's 0.3 s when animated).
open class UISlider: UIControl {
    /// The value (kept within the range).
    open var value: Float {
        get { current }
        set { setValue(newValue, animated: false) }
    }
    /// The least value (0).
    open var minimumValue: Float = 0 { didSet { setValue(current, animated: false) } }
    /// The greatest value (1).
    open var maximumValue: Float = 1 { didSet { setValue(current, animated: false) } }
    /// isContinuous (kept: no drags send values here).
    open var isContinuous = true
    /// The track before the thumb (nil: the tint).
    open var minimumTrackTintColor: UIColor? { didSet { show() } }
    /// The track after the thumb (nil: light gray).
    open var maximumTrackTintColor: UIColor? { didSet { show() } }
    /// The thumb (nil: white).
    open var thumbTintColor: UIColor? { didSet { show() } }

    private var current: Float = 0
    private let before = UIView(), after = UIView(), thumb = UIView()

    /// init(frame:): a slider at 0.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        for track in [after, before] {
            track.layer.cornerRadius = 2
            track.isUserInteractionEnabled = false
            addSubview(track)
        }
        thumb.becomeKnob(diameter: 28)
        addSubview(thumb)
        show()
    }

    /// NSCoding: there are no archived sliders here.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// intrinsicContentSize: no width of its own, 31 points tall (UIKit's).
    open override var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: 31) }

    /// setValue(_:animated:): moves the thumb to `value` (clamped to the range).
    open func setValue(_ value: Float, animated: Bool) {
        current = min(max(value, minimumValue), max(maximumValue, minimumValue))
        guard animated else { return show() }
        UIView.animate(withDuration: 0.3) { self.show() }
    }

    /// The thumb's center along the track: from 14 points in at the least value to 14
    /// points from the end at the greatest.
    private var thumbCenter: CGFloat {
        let span = maximumValue - minimumValue
        let fraction = span > 0 ? CGFloat((current - minimumValue) / span) : 0
        return 14 + fraction * max(bounds.width - 28, 0)
    }

    private func show() {
        let middle = bounds.height / 2, x = thumbCenter
        after.frame = CGRect(x: 0, y: middle - 2, width: bounds.width, height: 4)
        before.frame = CGRect(x: 0, y: middle - 2, width: x, height: 4)
        thumb.frame = CGRect(x: x - 14, y: middle - 14, width: 28, height: 28)
        before.backgroundColor = minimumTrackTintColor ?? tintColor
        after.backgroundColor = maximumTrackTintColor ?? UIColor(rgb: 0x787880, alpha: 0.2)
        thumb.backgroundColor = thumbTintColor ?? .white
    }

    /// Keeps the track and thumb where the value puts them.
    open override func layoutSubviews() {
        super.layoutSubviews()
        show()
    }
}
