import AnimatorABI
import AnimatorEngine

/// Something that animates transitions: an animator plugin's instance, or one of the
/// host's built-in system animators.
public protocol TransitionAnimator: AnyObject {
    /// The animator's id, for reports.
    var identifier: String { get }

    /// Asks the duration and starts the animation of `state`'s transition.
    ///
    /// - Returns: the duration and any problem with the animator's answers.
    func begin(_ state: TransitionState, engine: AnimationEngine) -> (duration: Double, problems: [String])

    /// The transition has ended (completed or not): animationEnded.
    func end(_ state: TransitionState)

    /// Whether the animator is its own interaction controller
    /// (UIViewControllerInteractiveTransitioning): false by default.
    var isOwnInteractionController: Bool { get }

    /// Asks the duration and calls startInteractiveTransition instead of animate; only
    /// called when `isOwnInteractionController`.
    func beginInteractive(_ state: TransitionState, engine: AnimationEngine) -> (duration: Double, problems: [String])

    /// One sample of the driving gesture, after `beginInteractive`.
    func gesture(_ event: GestureEvent, state: TransitionState)

    /// presentationController(forPresented:presenting:source:): the controller the
    /// animator's library supplies for the presentation `state` is about to run (its
    /// container made, the presented view's final frame not yet known), or nil (the
    /// default). Asked before the animation controller, as UIKit asks the delegate.
    func makePresentationController(for state: TransitionState) -> PresentationController?

    /// Whether the animator offers interruptibleAnimator(using:): false by default.
    var offersInterruptibleAnimator: Bool { get }

    /// Asks the duration and interruptibleAnimator(using:) instead of animate; only called
    /// when `offersInterruptibleAnimator`. Without a property animator in the answer, the
    /// animator must have run animate itself.
    func beginInterruptible(_ state: TransitionState, engine: AnimationEngine)
        -> (duration: Double, problems: [String], propertyAnimator: PropertyAnimator?)

    /// Whether the animator declines `state`'s transition, as a delegate returning nil for
    /// the animation controller: UIKit's default transition runs instead. Asked once,
    /// before anything else of the transition. False by default.
    func declines(_ state: TransitionState) -> Bool

    /// The screen called `name` ("list", "detail", "home", "settings") for a run of
    /// `operation`, as the animator's library builds it, or nil for the host's (the
    /// default).
    func loadScreen(named name: String, for operation: TransitionOperation) -> LoadedScreen?

    /// A gesture (a tap, a long press, a swipe) at `point` (window coordinates) on `view`,
    /// the deepest view under it, before a run of `operation`: what the app's handler asked
    /// for (present, push...), or nil (the default: gestures reach nothing).
    func touch(_ gesture: TouchGesture, at point: Point, on view: View, for operation: TransitionOperation) -> ScreenRequest?

    /// An appearance callback of a screen the animator's library brought, whose root view is
    /// `view` (the default does nothing).
    func appearance(_ kind: AppearanceEvent.Kind, of view: View, animated: Bool)

    /// What the screen whose root view is `view` wants of the status bar, as its library
    /// said (nil: it said nothing, the default).
    func statusBarPreference(of view: View) -> StatusBarPreference?

    /// A phase of a change of the window's size, for a screen the animator's library
    /// brought, whose root view is `view` (the default does nothing).
    func sizeChange(_ change: SizeChange, of view: View)

    /// The app's traits changed (the device turned): what its library is told from now on
    /// (the default does nothing).
    func traitsChanged(_ traits: Traits)

    /// Whether the screen whose root view is `view` supports being held `orientation`, as
    /// its library said (nil: it said nothing, the default).
    func supports(_ orientation: Traits.Orientation, view: View) -> Bool?

    /// Calls `observer` whenever the library says a screen's status bar preference changed
    /// (the default never does).
    func observeStatusBarPreferences(_ observer: @escaping () -> Void)
}

/// A screen a library built: its root view and its title.
public struct LoadedScreen {
    /// The screen's root view.
    public let view: View
    /// Its title, or nil for the host's.
    public let title: String?

    /// A screen of `view` titled `title`.
    public init(view: View, title: String?) {
        self.view = view
        self.title = title
    }
}

extension TransitionAnimator {
    public var isOwnInteractionController: Bool { false }

    public func beginInteractive(_ state: TransitionState,
                                 engine: AnimationEngine) -> (duration: Double, problems: [String]) {
        begin(state, engine: engine)
    }

    public func gesture(_ event: GestureEvent, state: TransitionState) {}

    public func makePresentationController(for state: TransitionState) -> PresentationController? { nil }

    public var offersInterruptibleAnimator: Bool { false }

    public func beginInterruptible(_ state: TransitionState, engine: AnimationEngine)
        -> (duration: Double, problems: [String], propertyAnimator: PropertyAnimator?) {
        let begun = begin(state, engine: engine)
        return (begun.duration, begun.problems, nil)
    }

    public func declines(_ state: TransitionState) -> Bool { false }

    public func loadScreen(named name: String, for operation: TransitionOperation) -> LoadedScreen? { nil }

    public func touch(_ gesture: TouchGesture, at point: Point, on view: View,
                      for operation: TransitionOperation) -> ScreenRequest? { nil }

    public func appearance(_ kind: AppearanceEvent.Kind, of view: View, animated: Bool) {}

    public func statusBarPreference(of view: View) -> StatusBarPreference? { nil }

    public func sizeChange(_ change: SizeChange, of view: View) {}

    public func traitsChanged(_ traits: Traits) {}

    public func supports(_ orientation: Traits.Orientation, view: View) -> Bool? { nil }

    public func observeStatusBarPreferences(_ observer: @escaping () -> Void) {}
}
