import AnimatorABI
import AnimatorEngine

/// The live state of one transition, answered through its context handle: UIKit's
/// UIViewControllerContextTransitioning, with UIKit's rules for views and frames.
public final class TransitionState {
    /// The operation.
    public let operation: TransitionOperation
    /// transitionContext.isAnimated.
    public let isAnimated: Bool
    /// transitionContext.isInteractive.
    public internal(set) var isInteractive = false
    /// containerView.
    public let container: View
    let from: ViewController
    let to: ViewController
    /// view(forKey:): nil where UIKit gives nil (the presenting view of a custom presentation).
    public internal(set) var fromView: View?
    /// view(forKey: .to).
    public internal(set) var toView: View?
    /// initialFrame(for:) of the from and to view controllers.
    public let initialFrames: (from: Rect, to: Rect)
    /// finalFrame(for:) of the from and to view controllers.
    public internal(set) var finalFrames: (from: Rect, to: Rect)
    /// presentationStyle.
    public internal(set) var presentationStyle: ModalPresentationStyle
    /// The traits the app runs with (the container's trait collection, the accessibility
    /// settings, the device).
    public let traits: Traits
    /// Set by the first completeTransition.
    var completion: Bool?
    /// transitionWasCancelled.
    public internal(set) var wasCancelled = false
    /// Whether the animator is its own interaction controller (start_interactive).
    var drivenByAnimator = false
    /// The percent the animator's own interaction reported (updateInteractiveTransition).
    var reportedPercent = 0.0
    /// The percent-driven scrubbing an animator that is its own interaction controller
    /// asked for (context_drive_percent: a UIPercentDrivenInteractiveTransition in the plugin).
    var percentDriver: PercentDrivenInteraction?
    /// The duration of a transition its own interaction controller drives, once
    /// start_interactive returned (a percent driver asked for later begins with it).
    var interactiveDuration: Double?
    /// The transition's coordinator while it runs.
    weak var coordinator: TransitionCoordinator?
    /// Problems the animator caused (a second completeTransition, ...).
    var problems: [String] = []
    /// Set while the animator answers transitionDuration(using:).
    var isAnsweringDuration = false

    init(operation: TransitionOperation, isAnimated: Bool, container: View, from: ViewController, to: ViewController,
         fromView: View?, toView: View?, initialFrames: (from: Rect, to: Rect), finalFrames: (from: Rect, to: Rect),
         presentationStyle: ModalPresentationStyle, traits: Traits = Traits()) {
        self.operation = operation
        self.traits = traits
        self.isAnimated = isAnimated
        self.container = container
        self.from = from
        self.to = to
        self.fromView = fromView
        self.toView = toView
        self.initialFrames = initialFrames
        self.finalFrames = finalFrames
        self.presentationStyle = presentationStyle
    }

    /// Changes isInteractive, telling the coordinator's interaction-change handlers.
    func setInteractive(_ interactive: Bool) {
        guard isInteractive != interactive else { return }
        isInteractive = interactive
        coordinator?.interactionChanged()
    }

    /// completeTransition(_:) for animators written against the host in Swift (a second
    /// call is recorded as a problem of the transition).
    public func completeTransition(_ didComplete: Bool) {
        try? complete(didComplete)
    }

    /// completeTransition(_:): accepted once; a call at the wrong time is refused with the
    /// reason (also kept among the transition's problems).
    func complete(_ didComplete: Bool) throws(Misuse) {
        guard !isAnsweringDuration else {
            let message = "completeTransition called from transitionDuration(using:), before the transition began; refused"
            problems.append(message)
            throw Misuse(message: message)
        }
        guard completion == nil else {
            let message = "completeTransition called a second time (the first said \(completion!))"
            problems.append(message)
            throw Misuse(message: message)
        }
        completion = didComplete
        wasCancelled = !didComplete
    }

    /// A call the transition refuses in its state: one line of why.
    struct Misuse: Error {
        let message: String
    }
}
