import AnimatorABI
import Glibc

/// Exports a plugin library's animators through the C ABI.
///
/// The whole export of a Swift plugin is one function in the plugin's module, usually in
/// a file of its own beside the animators (which then read as they do on iOS):
///
/// ```swift
/// @_cdecl("animator_host_entry")
/// public func animatorHostEntry() -> UnsafeRawPointer {
///     AnimatorLibrary.entry(
///         AnimatorExport(AnimatorDescriptor(id: "com.example.slide", name: "slide", version: "1.0",
///                                           operations: [.present, .dismiss],
///                                           parameters: [.number("duration", default: 0.5, range: 0...5)]),
///                        make: { parameters in
///                            let animator = SlideUpAnimator()
///                            animator.duration = parameters.number("duration")
///                            return animator
///                        },
///                        prepare: { animator, operation in animator.isPresenting = operation == .present }))
/// }
/// ```
///
/// Animators that describe themselves (``AnimatedTransitioning``) export with
/// `AnimatorLibrary.entry(ZoomAnimator.self)`.
public enum AnimatorLibrary {
    /// Builds the library's `ah_plugin_entry` on the first call and returns it.
    ///
    /// - Parameter exports: the animators the library offers, in listing order.
    /// - Returns: a pointer to an `ah_plugin_entry` valid for the life of the process; the
    ///   same pointer on every call.
    public static func entry(_ exports: AnimatorExport...) -> UnsafeRawPointer {
        if let existing = exported { return UnsafeRawPointer(existing.entry) }
        let library = ExportedLibrary(exports: exports)
        exported = library
        return UnsafeRawPointer(library.entry)
    }

    /// Builds the entry for animator types that describe themselves.
    ///
    /// - Parameter animators: the animator types the library offers, in listing order.
    public static func entry(_ animators: any AnimatedTransitioning.Type...) -> UnsafeRawPointer {
        if let existing = exported { return UnsafeRawPointer(existing.entry) }
        let library = ExportedLibrary(exports: animators.map { type in
            AnimatorExport(descriptor: type.descriptor, make: { type.init(parameters: $0) }, prepare: nil)
        })
        exported = library
        return UnsafeRawPointer(library.entry)
    }
}

/// One animator a library exports: what the host lists (id, name, operations, parameters)
/// and how an instance is made and readied, declared where the library exports it, not in
/// the animator (an iOS animator has no such declarations).
public struct AnimatorExport {
    /// What the host lists.
    public let descriptor: AnimatorDescriptor
    let make: (ParameterValues) -> any UIViewControllerAnimatedTransitioning
    let prepare: ((any UIViewControllerAnimatedTransitioning, Operations) -> Void)?
    let interaction: InteractionFactory?
    /// Makes the delegate object of a delegate export.
    let delegate: ((ParameterValues) -> AnyObject)?

    init(descriptor: AnimatorDescriptor, make: @escaping (ParameterValues) -> any UIViewControllerAnimatedTransitioning,
         prepare: ((any UIViewControllerAnimatedTransitioning, Operations) -> Void)?) {
        self.descriptor = descriptor
        self.make = make
        self.prepare = prepare
        interaction = nil
        delegate = nil
    }

    /// An export whose transitions a delegate chooses, as on iOS: before each transition the
    /// host gives it, the object `delegate` makes is asked what UIKit asks it. A
    /// `UIViewControllerTransitioningDelegate` answers for present and dismiss, a
    /// `UINavigationControllerDelegate` for push and pop, a `UITabBarControllerDelegate`
    /// for tab changes (one object may be all three); nil for the animation controller
    /// runs UIKit's own transition instead, and the interaction controller it gives for
    /// the animator is driven by the gesture of an interactive run.
    ///
    /// - Parameters:
    ///   - descriptor: id, name, operations (those the delegate answers for), parameters.
    ///   - delegate: makes the delegate from checked parameter values, as an app makes its
    ///     delegate (one per instance; see `sharesInstance`).
    public init(_ descriptor: AnimatorDescriptor, delegate: @escaping (ParameterValues) -> AnyObject) {
        self.descriptor = descriptor
        make = { _ in DeclinedAnimator() }
        prepare = nil
        interaction = nil
        self.delegate = delegate
    }

    /// An export.
    ///
    /// - Parameters:
    ///   - descriptor: id, name, operations, parameters and the rest.
    ///   - make: makes an instance from checked parameter values, as an iOS transitioning
    ///     delegate configures its animator (bind the parameters to its properties here).
    ///     An instance may serve several transitions and operations (validate's
    ///     instance.reuse check runs one twice); with `sharesInstance` in the descriptor
    ///     the host uses one instance for every transition with the same parameters, so
    ///     state carries from a presentation to its dismissal.
    ///   - prepare: called before each transition with its operation, as a delegate sets a
    ///     mode before returning the animator (`bubble.transitionMode = .dismiss`).
    ///   - interactionController: when a gesture drives a transition, the interaction
    ///     controller for it, as a delegate's interactionControllerForPresentation(using:) /
    ///     interactionControllerForDismissal(using:) returns one (nil: none, the host's
    ///     own percent-driven controller follows the gesture). Gesture recognizers it
    ///     attaches while it is made or while it starts receive the gesture's samples.
    public init<Animator: UIViewControllerAnimatedTransitioning>(
        _ descriptor: AnimatorDescriptor, make: @escaping (ParameterValues) -> Animator,
        prepare: ((Animator, Operations) -> Void)? = nil,
        interactionController: ((Animator, UIViewControllerContextTransitioning) -> (any UIViewControllerInteractiveTransitioning)?)? = nil) {
        var descriptor = descriptor
        // A gesture can drive it: the host lists it as interactive.
        if interactionController != nil { descriptor.isInteractive = true }
        self.descriptor = descriptor
        self.make = make
        self.prepare = prepare.map { prepare in
            { animator, operation in if let animator = animator as? Animator { prepare(animator, operation) } }
        }
        interaction = interactionController.map { factory in
            { animator, context in (animator as? Animator).flatMap { factory($0, context) } }
        }
        delegate = nil
    }
}

/// Makes the interaction controller for one transition.
typealias InteractionFactory = (any UIViewControllerAnimatedTransitioning, UIViewControllerContextTransitioning)
    -> (any UIViewControllerInteractiveTransitioning)?

/// The one library this copy of AnimatorKit exports. AnimatorKit is linked statically into
/// each plugin, so every plugin has its own. The C entry points carry no user data, which
/// is why this lives in a global; it is written once, by the first entry call.
nonisolated(unsafe) private var exported: ExportedLibrary?

/// The C structures of one exported library. Never freed: the library is never unloaded.
private final class ExportedLibrary {
    let exports: [AnimatorExport]
    let descriptors: [UnsafeMutablePointer<ah_animator_descriptor>]
    let entry: UnsafeMutablePointer<ah_plugin_entry>

    init(exports: [AnimatorExport]) {
        self.exports = exports
        descriptors = exports.map { makeCDescriptor($0.descriptor) }
        entry = .allocate(capacity: 1)
        entry.initialize(to: ah_plugin_entry(
            abi: currentABI, struct_size: UInt32(MemoryLayout<ah_plugin_entry>.size),
            init: { _ in true },
            deinit: nil,
            animator_count: { UInt32(exported?.exports.count ?? 0) },
            animator_descriptor: { index in
                guard let library = exported, Int(index) < library.descriptors.count else { return nil }
                return UnsafePointer(library.descriptors[Int(index)])
            },
            create_animator: { host, id, values, count in
                guard let library = exported, let host, let id else { return nil }
                let wanted = String(cString: id)
                guard let export = library.exports.first(where: { $0.descriptor.id == wanted }) else { return nil }
                let parameters = ParameterValues(parameters: export.descriptor.parameters, cValues: values,
                                                 count: Int(count))
                if let makeDelegate = export.delegate {
                    let choice = DelegateChoice(delegate: CurrentHost.with(host) { makeDelegate(parameters) })
                    return UnsafePointer(makeCAnimator(DeclinedAnimator(), choice: choice, host: host))
                }
                let animator = CurrentHost.with(host) { export.make(parameters) }
                return UnsafePointer(makeCAnimator(animator, prepare: export.prepare, interaction: export.interaction,
                                                   host: host))
            }))
    }
}

let currentABI = ah_version(major: UInt32(AH_ABI_MAJOR), minor: UInt32(AH_ABI_MINOR))

/// Holds a Swift animator behind an `ah_animator`'s `animator_data`.
private final class AnimatorBox {
    let animator: any UIViewControllerAnimatedTransitioning
    let prepare: ((any UIViewControllerAnimatedTransitioning, Operations) -> Void)?
    let interaction: InteractionFactory?
    let host: UnsafePointer<ah_host>
    /// The interruptible animator handed to the host, kept alive until animationEnded.
    var interruptible: UIViewPropertyAnimator?
    /// The interaction controller of the transition a gesture drives, and the recognizers
    /// its gesture reaches, until the transition ends.
    var controller: (any UIViewControllerInteractiveTransitioning)?
    var router: GestureRouter?

    init(animator: any UIViewControllerAnimatedTransitioning,
         prepare: ((any UIViewControllerAnimatedTransitioning, Operations) -> Void)?, interaction: InteractionFactory?,
         host: UnsafePointer<ah_host>) {
        self.animator = animator
        self.prepare = prepare
        self.interaction = interaction
        self.host = host
    }

    /// The delegate that chooses each transition's animator (a delegate export), if any.
    var choice: DelegateChoice?
    /// The app's own tab bar controller, brought as the screen "tabs" (asked once).
    private var tabs: UITabBarController??

    /// The run's tab `name` ("home": the first, "settings": the second) of the app's own
    /// tab bar controller, when the provider brings one as "tabs" and not the tab itself.
    func tab(named name: String, of provider: ScreenProviding) -> UIViewController? {
        guard name == "home" || name == "settings" else { return nil }
        if tabs == nil {
            let made = provider.viewController(forScreen: "tabs") as? UITabBarController
            if let made {
                _ = made.view
                made.isRunsTabs = true
            }
            tabs = .some(made)
        }
        guard let own = tabs ?? nil, let list = own.viewControllers, list.count >= 2 else { return nil }
        return list[name == "home" ? 0 : 1]
    }

    /// The continuous recognizers on the app's own tab bar controller's view (a swipe
    /// between tabs), which an interactive tab change's gesture reaches.
    var tabRecognizers: [UIGestureRecognizer] {
        guard let own = tabs ?? nil, let view = own.viewIfLoaded else { return [] }
        return (view.gestureRecognizers ?? []).filter { $0.isEnabled && !($0 is UITapGestureRecognizer) }
    }
    /// Completions of transitions a tap handler asked for, run when the transition ends.
    var tapCompletions: [() -> Void] = []
    /// The coordinators of a change of the window's size in progress, by screen view.
    var sizeCoordinators: [ah_layer: SizeTransitionCoordinator] = [:]
    /// C strings handed to the host, freed with the box.
    private var strings: [UnsafeMutablePointer<CChar>] = []

    /// A C copy of `string` that lives as long as the box.
    func keep(_ string: String) -> UnsafePointer<CChar>? {
        guard let copy = strdup(string) else { return nil }
        strings.append(copy)
        return UnsafePointer(copy)
    }

    deinit {
        for string in strings { free(string) }
    }
    /// The animator the delegate chose for the transition in progress.
    var chosen: (any UIViewControllerAnimatedTransitioning)?
    /// The animator of the transition in progress: the delegate's choice, or the instance's.
    var current: any UIViewControllerAnimatedTransitioning { chosen ?? animator }

    /// A transition whose interaction controller is asked again after the gesture's first
    /// sample reached the recognizers of its views.
    private var pendingStart: TransitionContext?

    /// start_interactive through an interaction controller: it is made (its recognizers
    /// attach to this transition's router), given the animator and started. When the
    /// delegate gives none yet, and the transition's views carry pan or pinch recognizers
    /// (a pan-to-dismiss on the presented view), those get the gesture and the delegate is
    /// asked again once their `.began` handler ran: on iOS that handler sets its
    /// "interacting" flag and calls dismiss, and only then is the delegate asked.
    func startInteraction(_ context: TransitionContext) {
        let router = GestureRouter()
        self.router = router
        router.with {
            if let controller = interaction?(current, context) { return start(controller, context) }
            var found = context.containerView.continuousRecognizersInTree()
            if context.operation.contains(.tab) { found += tabRecognizers }
            guard !found.isEmpty else {
                // No controller for this transition: the animator plays on its own.
                return current.animateTransition(using: context)
            }
            for recognizer in found { router.add(recognizer) }
            pendingStart = context
        }
    }

    private func start(_ controller: any UIViewControllerInteractiveTransitioning, _ context: TransitionContext) {
        self.controller = controller
        (controller as? UIPercentDrivenInteractiveTransition)?.animator = current
        controller.startInteractiveTransition(context)
    }

    /// A gesture sample for the recognizers of the transition.
    func deliver(_ sample: GestureSample) {
        guard let router else { return }
        router.with {
            router.deliver(sample)
            guard let context = pendingStart else { return }
            pendingStart = nil
            if let controller = interaction?(current, context) {
                start(controller, context)
            } else {
                current.animateTransition(using: context)
            }
        }
    }

    static func from(_ cAnimator: UnsafePointer<ah_animator>?) -> AnimatorBox? {
        guard let data = cAnimator?.pointee.animator_data else { return nil }
        return Unmanaged<AnimatorBox>.fromOpaque(data).takeUnretainedValue()
    }

    /// The contexts of transitions in progress: one object per transition, alive until
    /// the transition ends, as UIKit keeps its context (an animator may hold it weakly and
    /// complete from an animation delegate).
    private var contexts: [ah_context: TransitionContext] = [:]

    /// The context for a host call, the animator readied for its operation first.
    func context(_ handle: ah_context) -> TransitionContext {
        let context = contexts[handle] ?? TransitionContext(host: host, handle: handle)
        contexts[handle] = context
        prepare?(animator, context.operation)
        return context
    }

    /// Forgets a transition's context (it ended).
    func endContext(_ handle: ah_context) {
        contexts[handle] = nil
    }
}

func makeCAnimator(_ animator: any UIViewControllerAnimatedTransitioning,
                   prepare: ((any UIViewControllerAnimatedTransitioning, Operations) -> Void)? = nil,
                   interaction: InteractionFactory? = nil, choice: DelegateChoice? = nil,
                   host: UnsafePointer<ah_host>) -> UnsafeMutablePointer<ah_animator> {
    // A delegate's interaction controllers come from the delegate, for the animator it chose.
    let interaction: InteractionFactory? = interaction ?? choice.map { choice in
        { animator, context in
            (context as? TransitionContext).flatMap { choice.interactionController(for: animator, context: $0) }
        }
    }
    let box = AnimatorBox(animator: animator, prepare: prepare, interaction: interaction, host: host)
    box.choice = choice
    let cAnimator = UnsafeMutablePointer<ah_animator>.allocate(capacity: 1)
    cAnimator.initialize(to: ah_animator(
        abi: currentABI, struct_size: UInt32(MemoryLayout<ah_animator>.size),
        animator_data: Unmanaged.passRetained(box).toOpaque(),
        duration: { this, ctx in
            guard let box = AnimatorBox.from(this) else { return 0 }
            return CurrentHost.with(box.host) { box.current.transitionDuration(using: box.context(ctx)) }
        },
        animate: { this, ctx in
            guard let box = AnimatorBox.from(this) else { return }
            CurrentHost.with(box.host) { box.current.animateTransition(using: box.context(ctx)) }
        },
        ended: { this, ctx, completed in
            guard let box = AnimatorBox.from(this) else { return }
            CurrentHost.with(box.host) {
                box.current.animationEnded(completed)
                // present(_:animated:completion:) and the like, asked for from a tap: done.
                let completions = box.tapCompletions
                box.tapCompletions.removeAll()
                for completion in completions { completion() }
            }
            box.chosen = nil
            box.interruptible = nil
            box.controller = nil
            box.router = nil
            box.endContext(ctx)
        },
        destroy: { this in
            guard let this, let data = this.pointee.animator_data else { return }
            Unmanaged<AnimatorBox>.fromOpaque(data).release()
            UnsafeMutablePointer(mutating: this).deinitialize(count: 1)
            UnsafeMutablePointer(mutating: this).deallocate()
        },
        // Only for animators that are their own interaction controller, or whose export
        // gives interaction controllers.
        start_interactive: animator is InteractiveTransitioning || interaction != nil ? { this, ctx in
            guard let box = AnimatorBox.from(this) else { return }
            let context = box.context(ctx)
            CurrentHost.with(box.host) {
                if let interactive = box.current as? InteractiveTransitioning {
                    interactive.startInteractiveTransition(context)
                } else {
                    box.startInteraction(context)
                }
            }
        } : nil,
        gesture: animator is InteractiveTransitioning || interaction != nil ? { this, ctx, sample in
            guard let box = AnimatorBox.from(this), let sample else { return }
            let context = box.context(ctx)
            CurrentHost.with(box.host) {
                if let interactive = box.current as? InteractiveTransitioning {
                    interactive.handleGesture(GestureSample(sample.pointee), transitionContext: context)
                } else {
                    box.deliver(GestureSample(sample.pointee))
                }
            }
        } : nil,
        // Only for animators that give one property animator for the whole transition.
        interruptible_animator: animator is InterruptibleTransitioning || choice != nil ? { this, ctx in
            guard let box = AnimatorBox.from(this), let interruptible = box.current as? InterruptibleTransitioning else {
                return ah_property_animator(AH_NULL_HANDLE)
            }
            let given = CurrentHost.with(box.host) { interruptible.interruptibleAnimator(using: box.context(ctx)) }
            guard let propertyAnimator = given as? UIViewPropertyAnimator else {
                HostLink(host: box.host).table.log(box.host, ah_log_level(AH_LOG_ERROR),
                                                   "interruptibleAnimator(using:) must return a UIViewPropertyAnimator")
                return ah_property_animator(AH_NULL_HANDLE)
            }
            box.interruptible = propertyAnimator
            return propertyAnimator.handle
        } : nil,
        // Only for animators that supply presentation controllers, and for delegates (a
        // transitioning delegate's presentationController(forPresented:presenting:source:)).
        presentation_controller: animator is PresentationControllerProviding || choice != nil ? { this, ctx in
            guard let box = AnimatorBox.from(this) else { return nil }
            let controller: UIPresentationController? = CurrentHost.with(box.host) {
                let context = TransitionContext(host: box.host, handle: ctx)
                let made: UIPresentationController?
                if let choice = box.choice {
                    made = choice.presentationController(for: context)
                } else if let provider = box.animator as? PresentationControllerProviding {
                    made = provider.presentationController(using: box.context(ctx))
                    box.endContext(ctx)
                } else {
                    made = nil
                }
                // The container exists from now on (hosts from ABI 1.9 give it here).
                if context.host.pointee.abi.minor >= 9 { made?.attach(context, presenting: true) }
                return made
            }
            return controller.map { UnsafePointer(PresentationControllerBox.make($0, host: box.host)) }
        } : nil,
        // Only for delegate exports: the delegate is asked for the transition's animator.
        declines: choice != nil ? { this, ctx in
            guard let box = AnimatorBox.from(this), let choice = box.choice else { return false }
            let context = box.context(ctx)
            box.chosen = CurrentHost.with(box.host) { choice.animator(for: context) }
            // Declined: no other call follows for this transition.
            if box.chosen == nil { box.endContext(ctx) }
            return box.chosen == nil
        } : nil,
        // Only for delegates and animators that bring their own screens.
        load_screen: choice?.delegate is ScreenProviding || animator is ScreenProviding ? { this, _, name, out in
            guard let box = AnimatorBox.from(this), let name, let out else { return false }
            guard let provider = (box.choice?.delegate as? ScreenProviding) ?? (box.animator as? ScreenProviding) else {
                return false
            }
            return CurrentHost.with(box.host) {
                let name = String(cString: name)
                guard let controller = provider.viewController(forScreen: name) ?? box.tab(named: name, of: provider),
                      let view = controller.view, view.layer.handle != 0 else { return false }
                UIViewController.keep(controller, for: view)
                controller.reportStatusBar()
                controller.reportOrientations()
                out.pointee.view = view.layer.handle
                // The title lives as long as the box; the host copies it before this returns.
                let titleEnd = MemoryLayout<ah_screen>.offset(of: \.title)! + MemoryLayout<UnsafePointer<CChar>?>.size
                if Int(out.pointee.struct_size) >= titleEnd, let title = controller.barTitle {
                    out.pointee.title = box.keep(title)
                }
                return true
            }
        } : nil,
        // Taps reach the library's views and their tap recognizers.
        tap: { this, _, view, point in
            guard let box = AnimatorBox.from(this) else { return }
            CurrentHost.with(box.host) {
                let scope = TapScope(host: box.host)
                _ = scope.with {
                    UIView.wrapping(view, host: box.host).deliverTap(atWindowPoint: CGPoint(x: point.x, y: point.y))
                }
                box.tapCompletions += scope.completions
            }
        },
        // The library's own screens hear their appearance callbacks.
        appearance: { this, view, kind, animated in
            guard let box = AnimatorBox.from(this) else { return }
            CurrentHost.with(box.host) {
                UIViewController.kept(for: UIView.wrapping(view, host: box.host))?
                    .receiveAppearance(kind, animated: animated)
            }
        },
        // Long presses and swipes reach the library's views and their recognizers.
        touch: { this, _, view, gesture in
            guard let box = AnimatorBox.from(this), let gesture else { return }
            let value = gesture.pointee
            let point = CGPoint(x: value.x, y: value.y)
            CurrentHost.with(box.host) {
                let scope = TapScope(host: box.host)
                _ = scope.with {
                    let target = UIView.wrapping(view, host: box.host)
                    switch value.kind {
                    case UInt32(AH_TOUCH_TAP): return target.deliverTap(atWindowPoint: point)
                    case UInt32(AH_TOUCH_LONG_PRESS): return target.deliverTouch(atWindowPoint: point, pressSeconds: value.duration)
                    case UInt32(AH_TOUCH_SWIPE):
                        return target.deliverTouch(atWindowPoint: point,
                                                   swipe: UISwipeGestureRecognizer.Direction(rawValue: UInt(value.direction)))
                    default: return false
                    }
                }
                box.tapCompletions += scope.completions
            }
        },
        // The library's own screens hear the window's changes of size.
        size_change: { this, _, view, change in
            guard let box = AnimatorBox.from(this), let change else { return }
            CurrentHost.with(box.host) {
                let screen = UIView.wrapping(view, host: box.host)
                let controller = UIViewController.kept(for: screen)
                switch change.pointee.phase {
                case UInt32(AH_SIZE_CHANGE_WILL):
                    let coordinator = SizeTransitionCoordinator(change: change.pointee, oldSize: screen.bounds.size)
                    box.sizeCoordinators[view] = coordinator
                    controller?.sizeCoordinator = coordinator
                    // A changed size class is told first (willTransition(to:with:)), as UIKit does.
                    let before = UITraitCollection.current, after = before.turned(to: coordinator.size)
                    if after.sizeClassesDiffer(from: before) {
                        coordinator.previousTraits = before
                        controller?.willTransition(to: after, with: coordinator)
                    }
                    controller?.viewWillTransition(to: coordinator.size, with: coordinator)
                case UInt32(AH_SIZE_CHANGE_ANIMATE):
                    guard let coordinator = box.sizeCoordinators[view] else { return }
                    // The host gave the view its new frame: its subviews follow by their
                    // autoresizing masks and constraints, then the alongside animations run.
                    if screen.autoresizesSubviews { screen.resizeSubviews(from: coordinator.oldSize, to: screen.bounds.size) }
                    screen.setNeedsLayout()
                    coordinator.runAlongside()
                case UInt32(AH_SIZE_CHANGE_DID):
                    guard let coordinator = box.sizeCoordinators.removeValue(forKey: view) else { return }
                    coordinator.complete()
                    controller?.sizeCoordinator = nil
                    if let previous = coordinator.previousTraits { controller?.traitCollectionDidChange(previous) }
                default:
                    return
                }
            }
        }))
    return cAnimator
}

/// A C string that lives for the rest of the process.
private func permanentCString(_ string: String?) -> UnsafePointer<CChar>? {
    guard let string else { return nil }
    return UnsafePointer(strdup(string))
}

private func makeCDescriptor(_ descriptor: AnimatorDescriptor) -> UnsafeMutablePointer<ah_animator_descriptor> {
    let params = UnsafeMutablePointer<UnsafePointer<ah_param_descriptor>?>.allocate(
        capacity: max(descriptor.parameters.count, 1))
    for (index, parameter) in descriptor.parameters.enumerated() {
        params[index] = UnsafePointer(makeCParameter(parameter))
    }
    let result = UnsafeMutablePointer<ah_animator_descriptor>.allocate(capacity: 1)
    result.initialize(to: ah_animator_descriptor(
        abi: currentABI, struct_size: UInt32(MemoryLayout<ah_animator_descriptor>.size),
        id: permanentCString(descriptor.id), name: permanentCString(descriptor.name),
        display_name: permanentCString(descriptor.displayName), version: permanentCString(descriptor.version),
        description: permanentCString(descriptor.summary), author: permanentCString(descriptor.author),
        url: permanentCString(descriptor.url), operations: descriptor.operations.rawValue,
        flags: (descriptor.isInteractive ? UInt32(AH_ANIMATOR_INTERACTIVE) : 0)
            | (descriptor.sharesInstance ? UInt32(AH_ANIMATOR_SHARED_INSTANCE) : 0),
        param_count: UInt32(descriptor.parameters.count),
        params: descriptor.parameters.isEmpty ? nil : UnsafePointer(params)))
    return result
}

private func makeCParameter(_ parameter: Parameter) -> UnsafeMutablePointer<ah_param_descriptor> {
    var cParameter = ah_param_descriptor()
    cParameter.abi = currentABI
    cParameter.struct_size = UInt32(MemoryLayout<ah_param_descriptor>.size)
    cParameter.name = permanentCString(parameter.name)
    cParameter.help = permanentCString(parameter.help)
    var value = ah_param_value()
    switch parameter.kind {
    case .number(let number, let min, let max):
        cParameter.type = ah_param_type(AH_PARAM_NUMBER)
        value.number = number
        if let min { cParameter.flags |= UInt32(AH_PARAM_HAS_MIN); cParameter.min = min }
        if let max { cParameter.flags |= UInt32(AH_PARAM_HAS_MAX); cParameter.max = max }
    case .bool(let flag):
        cParameter.type = ah_param_type(AH_PARAM_BOOL)
        value.boolean = flag
    case .point(let point):
        cParameter.type = ah_param_type(AH_PARAM_POINT)
        value.point = ah_point(x: point.x, y: point.y)
    case .size(let size):
        cParameter.type = ah_param_type(AH_PARAM_SIZE)
        value.size = ah_size(width: size.width, height: size.height)
    case .color(let color):
        cParameter.type = ah_param_type(AH_PARAM_COLOR)
        value.color = ah_color(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
    case .string(let text):
        cParameter.type = ah_param_type(AH_PARAM_STRING)
        value.string = permanentCString(text)
    case .choice(let names, let chosen):
        cParameter.type = ah_param_type(AH_PARAM_ENUM)
        let cNames = UnsafeMutablePointer<UnsafePointer<CChar>?>.allocate(capacity: max(names.count, 1))
        for (index, name) in names.enumerated() { cNames[index] = permanentCString(name) }
        cParameter.enum_values = UnsafePointer(cNames)
        cParameter.enum_count = UInt32(names.count)
        value.string = permanentCString(chosen)
        value.enum_index = UInt32(names.firstIndex(of: chosen) ?? 0)
    }
    value.type = cParameter.type
    cParameter.default_value = value
    let result = UnsafeMutablePointer<ah_param_descriptor>.allocate(capacity: 1)
    result.initialize(to: cParameter)
    return result
}

/// The instance of a delegate export before its delegate chose: what a host older than
/// ABI 1.8 (which never asks the delegate) runs. It completes at once.
final class DeclinedAnimator: UIViewControllerAnimatedTransitioning {
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0 }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        if let to = transitionContext.view(forKey: .to) { transitionContext.containerView.addSubview(to) }
        transitionContext.completeTransition(true)
    }
}
