/// UIKit's UIViewControllerTransitioningDelegate: asked for the animator of a modal
/// presentation and its dismissal, and for their interaction controllers. Every method
/// has UIKit's default (nil: UIKit's own transition, no interaction controller).
public protocol UIViewControllerTransitioningDelegate: AnyObject {
    /// The animator that presents `presented` over `presenting` (nil: UIKit's own).
    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> UIViewControllerAnimatedTransitioning?
    /// The animator that dismisses `dismissed` (nil: UIKit's own).
    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning?
    /// The interaction controller a gesture drives the presentation through (nil: none).
    func interactionControllerForPresentation(using animator: UIViewControllerAnimatedTransitioning)
        -> UIViewControllerInteractiveTransitioning?
    /// The interaction controller a gesture drives the dismissal through (nil: none).
    func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning)
        -> UIViewControllerInteractiveTransitioning?
    /// The controller of the custom presentation of `presented` (nil: none, the
    /// presentation keeps its style). Asked first, before the animation controller.
    func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                source: UIViewController) -> UIPresentationController?
}

extension UIViewControllerTransitioningDelegate {
    public func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                                    source: UIViewController) -> UIViewControllerAnimatedTransitioning? { nil }
    public func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? { nil }
    public func interactionControllerForPresentation(using animator: UIViewControllerAnimatedTransitioning)
        -> UIViewControllerInteractiveTransitioning? { nil }
    public func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning)
        -> UIViewControllerInteractiveTransitioning? { nil }
    public func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                       source: UIViewController) -> UIPresentationController? { nil }
}

extension UINavigationController {
    /// UINavigationController.Operation.
    public enum Operation: Int, Sendable {
        case none, push, pop
    }
}

/// UIKit's UINavigationControllerDelegate, as far as transitions go: asked for the
/// animator of a push or pop and for its interaction controller (nil: UIKit's own, none).
public protocol UINavigationControllerDelegate: AnyObject {
    /// The animator for `operation` from `fromVC` to `toVC` (nil: UIKit's slide).
    func navigationController(_ navigationController: UINavigationController,
                              animationControllerFor operation: UINavigationController.Operation,
                              from fromVC: UIViewController, to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning?
    /// The interaction controller a gesture drives the push or pop through (nil: none).
    func navigationController(_ navigationController: UINavigationController,
                              interactionControllerFor animationController: UIViewControllerAnimatedTransitioning)
        -> UIViewControllerInteractiveTransitioning?
}

extension UINavigationControllerDelegate {
    public func navigationController(_ navigationController: UINavigationController,
                                     animationControllerFor operation: UINavigationController.Operation,
                                     from fromVC: UIViewController,
                                     to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? { nil }
    public func navigationController(_ navigationController: UINavigationController,
                                     interactionControllerFor animationController: UIViewControllerAnimatedTransitioning)
        -> UIViewControllerInteractiveTransitioning? { nil }
}

/// UIKit's UITabBarControllerDelegate, as far as transitions go: asked for the animator of
/// a tab change and for its interaction controller (nil: no animation, none).
public protocol UITabBarControllerDelegate: AnyObject {
    /// The animator from `fromVC`'s tab to `toVC`'s (nil: UIKit's own, no animation).
    func tabBarController(_ tabBarController: UITabBarController,
                          animationControllerForTransitionFrom fromVC: UIViewController,
                          to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning?
    /// The interaction controller a gesture drives the tab change through (nil: none).
    func tabBarController(_ tabBarController: UITabBarController,
                          interactionControllerFor animationController: UIViewControllerAnimatedTransitioning)
        -> UIViewControllerInteractiveTransitioning?
}

extension UITabBarControllerDelegate {
    public func tabBarController(_ tabBarController: UITabBarController,
                                 animationControllerForTransitionFrom fromVC: UIViewController,
                                 to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? { nil }
    public func tabBarController(_ tabBarController: UITabBarController,
                                 interactionControllerFor animationController: UIViewControllerAnimatedTransitioning)
        -> UIViewControllerInteractiveTransitioning? { nil }
}

/// Asks a delegate object what UIKit asks it for one transition: the animation controller
/// for the context's operation (from the transitioning delegate for present and dismiss,
/// the navigation controller delegate for push and pop, the tab bar controller delegate
/// for a tab change), then the interaction controller for it.
struct DelegateChoice {
    let delegate: AnyObject

    /// The transitioning delegate for a presentation or dismissal: the presented view
    /// controller's own `transitioningDelegate` when it has one, as UIKit asks it, else the
    /// export's delegate.
    private func transitioning(_ context: TransitionContext) -> UIViewControllerTransitioningDelegate? {
        let presented = context.viewController(forKey: context.operation.contains(.present) ? .to : .from)
        return presented?.transitioningDelegate ?? delegate as? UIViewControllerTransitioningDelegate
    }

    /// The tab bar controller delegate for a tab change: the app's own tab bar controller's
    /// `delegate` when it has one, as UIKit asks it, else the export's delegate.
    private func tabDelegate(_ tabs: UITabBarController) -> UITabBarControllerDelegate? {
        tabs.delegate ?? delegate as? UITabBarControllerDelegate
    }

    /// The animator the delegate gives for the context's transition, or nil.
    func animator(for context: TransitionContext) -> (any UIViewControllerAnimatedTransitioning)? {
        guard let from = context.viewController(forKey: .from), let to = context.viewController(forKey: .to) else {
            return nil
        }
        let operation = context.operation
        if operation.contains(.present) {
            return transitioning(context)?.animationController(forPresented: to, presenting: from, source: from)
        }
        if operation.contains(.dismiss) {
            return transitioning(context)?.animationController(forDismissed: from)
        }
        if operation.contains(.push) || operation.contains(.pop), let navigation = from.navigationController ?? to.navigationController {
            return (delegate as? UINavigationControllerDelegate)?
                .navigationController(navigation, animationControllerFor: operation.contains(.push) ? .push : .pop,
                                      from: from, to: to)
        }
        if operation.contains(.tab), let tabs = from.tabBarController ?? to.tabBarController {
            return tabDelegate(tabs)?.tabBarController(tabs, animationControllerForTransitionFrom: from, to: to)
        }
        return nil
    }

    /// The presentation controller a transitioning delegate gives for the context's
    /// presentation, or nil.
    func presentationController(for context: TransitionContext) -> UIPresentationController? {
        guard context.operation.contains(.present), let delegate = transitioning(context),
              let presented = context.viewController(forKey: .to), let presenting = context.viewController(forKey: .from)
        else { return nil }
        return delegate.presentationController(forPresented: presented, presenting: presenting, source: presenting)
    }

    /// The interaction controller the delegate gives for `animator` in the context's
    /// transition, or nil.
    func interactionController(for animator: any UIViewControllerAnimatedTransitioning,
                               context: TransitionContext) -> (any UIViewControllerInteractiveTransitioning)? {
        let operation = context.operation
        if operation.contains(.present) {
            return transitioning(context)?.interactionControllerForPresentation(using: animator)
        }
        if operation.contains(.dismiss) {
            return transitioning(context)?.interactionControllerForDismissal(using: animator)
        }
        let from = context.viewController(forKey: .from), to = context.viewController(forKey: .to)
        if operation.contains(.push) || operation.contains(.pop),
           let navigation = from?.navigationController ?? to?.navigationController {
            return (delegate as? UINavigationControllerDelegate)?.navigationController(navigation, interactionControllerFor: animator)
        }
        if operation.contains(.tab), let tabs = from?.tabBarController ?? to?.tabBarController {
            return tabDelegate(tabs)?.tabBarController(tabs, interactionControllerFor: animator)
        }
        return nil
    }
}
