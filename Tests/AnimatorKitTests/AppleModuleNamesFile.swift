import CoreGraphics
import QuartzCore

// Helpers as iOS code writes them, importing Core Graphics and Core Animation by their
// Apple names (no UIKit, no AnimatorKit): the same types the SDK's views use.

/// A card's outline.
func cardOutline(in rect: CGRect, radius: CGFloat) -> CGPath {
    UIBezierPath(roundedRect: rect, cornerRadius: radius).cgPath
}

/// A fade in, configured as Core Animation code does.
func fadeIn(duration: CFTimeInterval) -> CABasicAnimation {
    let animation = CABasicAnimation(keyPath: "opacity")
    animation.fromValue = 0
    animation.toValue = 1
    animation.duration = duration
    animation.timingFunction = CAMediaTimingFunction(name: .easeOut)
    return animation
}
