import AnimatorABI

/// Calls a UIView transition's completion when its CATransition stops.
private final class TransitionCompletion: CAAnimationDelegate {
    let completion: (Bool) -> Void
    init(_ completion: @escaping (Bool) -> Void) { self.completion = completion }
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { completion(flag) }
}

extension UIView {
    /// transition(with:duration:options:animations:completion:): the view's old look gives
    /// way to the one `animations` makes, by the options' transition (`.transitionFlipFrom…`
    /// in perspective, `.transitionCrossDissolve`; curls are drawn as a cross-dissolve, and
    /// the host's log says so) on the options' curve. The changes themselves land at once
    /// unless `.allowAnimatedContent` animates them too. `completion` gets whether the
    /// transition ran to its end.
    public static func transition(with view: UIView, duration: TimeInterval, options: UIView.AnimationOptions = [],
                                  animations: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        guard let link = HostLink.current, link.hasEngine else { return }
        if options.contains(.allowAnimatedContent) {
            UIView.animate(withDuration: duration, delay: 0, options: options.subtracting(transitionBits),
                           animations: animations ?? {})
        } else if let animations {
            UIView.performWithoutAnimation(animations)
        }
        view.layer.add(makeTransition(options, duration: duration, link: link, completion: completion), forKey: kCATransition)
    }

    /// transition(from:to:duration:options:completion:): `toView` takes `fromView`'s place
    /// in its superview (or, with `.showHideTransitionViews`, the one is hidden and the
    /// other shown) by the options' transition, run on the superview.
    public static func transition(from fromView: UIView, to toView: UIView, duration: TimeInterval,
                                  options: UIView.AnimationOptions = [], completion: ((Bool) -> Void)? = nil) {
        guard let link = HostLink.current, link.hasEngine else { return }
        guard let container = fromView.superview else {
            link.table.log(link.host, ah_log_level(AH_LOG_ERROR),
                           "UIView.transition(from:to:): the view to replace has no superview; nothing happens")
            completion?(false)
            return
        }
        transition(with: container, duration: duration, options: options.subtracting(.allowAnimatedContent), animations: {
            if options.contains(.showHideTransitionViews) {
                fromView.isHidden = true
                toView.isHidden = false
            } else {
                container.insertSubview(toView, aboveSubview: fromView)
                fromView.removeFromSuperview()
            }
        }, completion: completion)
    }

    /// The transition bits of the options (bits 20–23).
    private static let transitionBits = UIView.AnimationOptions(rawValue: 0xF << 20)

    private static func makeTransition(_ options: UIView.AnimationOptions, duration: TimeInterval, link: HostLink,
                                       completion: ((Bool) -> Void)?) -> CATransition {
        let transition = CATransition()
        transition.duration = duration
        let curves: [CAMediaTimingFunction.Name] = [.easeInEaseOut, .easeIn, .easeOut, .linear]
        transition.timingFunction = CAMediaTimingFunction(name: curves[Int((options.rawValue >> 16) & 3)])
        switch (options.rawValue >> 20) & 0xF {
        case 1: (transition.flips, transition.subtype) = (true, .fromLeft)
        case 2: (transition.flips, transition.subtype) = (true, .fromRight)
        case 6: (transition.flips, transition.subtype) = (true, .fromTop)
        case 7: (transition.flips, transition.subtype) = (true, .fromBottom)
        case 3, 4:
            link.table.log(link.host, ah_log_level(AH_LOG_WARNING),
                           "UIView.transition: page curls are drawn as a cross-dissolve")
        default:
            break
        }
        if let completion { transition.delegate = TransitionCompletion(completion) }
        return transition
    }
}
