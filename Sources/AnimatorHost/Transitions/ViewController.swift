import AnimatorEngine

/// A screen: UIKit's UIViewController, reduced to what transitions need: a name, a root
/// view, how it is presented, and who presents whom.
public final class ViewController {
    /// The screen's name (routes, logs).
    public let name: String
    /// The title bars and back buttons show (UIViewController.title); nil: the name,
    /// capitalized.
    public var title: String?
    /// Its root view.
    public private(set) var view: View
    /// How it is presented modally.
    public var modalPresentationStyle = ModalPresentationStyle.fullScreen
    /// The screen it presents, if any.
    public internal(set) var presentedViewController: ViewController?
    /// The screen presenting it, if any (held weakly: the presenter owns the presented).
    public internal(set) weak var presentingViewController: ViewController?
    /// The presentation controller of its custom presentation, while presented.
    public internal(set) var presentationController: PresentationController?
    /// The navigation controller whose stack holds it (from the start of the push that
    /// adds it to the end of the pop that removes it).
    public internal(set) weak var navigationController: NavigationController?
    /// The tab bar controller whose tabs hold it.
    public internal(set) weak var tabBarController: TabBarController?
    /// The navigation controller this screen is the view controller of, if it is one.
    public internal(set) weak var asNavigationController: NavigationController?
    /// The tab bar controller this screen is the view controller of, if it is one.
    public internal(set) weak var asTabBarController: TabBarController?
    /// The coordinator of the transition it is part of, while one runs.
    public internal(set) var transitionCoordinator: TransitionCoordinator?
    /// Where its view was before a full-screen presentation took it off screen: the
    /// superview and the index among its subviews, to put it back on dismissal.
    var homeWhilePresenting: (superview: View, index: Int)?

    /// The title shown for it: `title`, or the name with its first letter capitalized.
    public var displayTitle: String { title ?? name.capitalizedFirst }

    /// tabBarItem.title: its tab's title in a tab bar; nil: `displayTitle`, as UIKit takes
    /// the view controller's title.
    public var tabBarItemTitle: String?

    /// Creates a screen whose root view fills `frame`.
    public init(name: String, engine: AnimationEngine, frame: Rect) {
        self.name = name
        view = engine.makeView(frame: frame, name: name)
    }

    /// Makes `newView` the screen's root view (a view a library built: its own screen),
    /// with the old view's frame (and its name, when it has none), before the screen is shown.
    ///
    /// - Throws: `EngineError` when the screen is on screen or in a container already.
    public func replaceView(with newView: View) throws(EngineError) {
        guard view.superview == nil, presentingViewController == nil, navigationController == nil,
              tabBarController == nil else {
            throw EngineError("\(name)'s view cannot change: the screen is shown already")
        }
        guard newView != view else { return }
        newView.removeFromSuperview()
        newView.frame = view.frame
        // Timelines and reports find the screen's view by the screen's name.
        let named = newView
        if named.name == nil { named.name = view.name }
        view = named
    }
}

/// One appearance callback, as UIKit would call it.
public struct AppearanceEvent: Equatable, Sendable, CustomStringConvertible {
    /// viewWillAppear, viewDidAppear, viewWillDisappear, viewDidDisappear.
    public enum Kind: String, Sendable {
        case willAppear = "viewWillAppear"
        case didAppear = "viewDidAppear"
        case willDisappear = "viewWillDisappear"
        case didDisappear = "viewDidDisappear"
    }

    /// The screen.
    public var screen: String
    /// The callback.
    public var kind: Kind

    /// Creates an event.
    public init(_ screen: String, _ kind: Kind) {
        self.screen = screen
        self.kind = kind
    }

    public var description: String { "\(screen).\(kind.rawValue)" }
}

extension String {
    /// The string with its first character upper-cased ("list" → "List").
    public var capitalizedFirst: String {
        guard let first else { return self }
        return first.uppercased() + dropFirst()
    }
}
