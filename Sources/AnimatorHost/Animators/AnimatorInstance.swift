import AnimatorABI
import AnimatorEngine
import AnimatorSupport
import Glibc

/// One live animator instance created by a plugin against a host session: the host's
/// handle on an `ah_animator`. Destroys the instance when released.
public final class AnimatorInstance {
    /// What the animator says about itself, as read from the loaded library.
    public let info: AnimatorInfo
    /// The session whose host table the instance holds; kept alive as long as it.
    public let session: HostSession
    private let animator: UnsafePointer<ah_animator>
    var animatorPointer: UnsafePointer<ah_animator> { animator }
    /// The contexts of transitions in progress, by transition.
    var openContexts: [ObjectIdentifier: ah_context] = [:]

    /// Loads the animator's library (if needed) and creates an instance.
    ///
    /// - Parameters:
    ///   - info: the animator, e.g. from a registry; it is looked up again in the library
    ///     as loaded now, so a cached listing is never trusted for running.
    ///   - parameters: one value per parameter, in declaration order (see
    ///     `AnimatorInfo.resolveParameters`).
    ///   - session: the host the instance talks to.
    /// - Throws: `AnimatorError` when the library no longer loads, the animator is gone,
    ///   a value does not fit, or the plugin returns no valid instance.
    public init(_ info: AnimatorInfo, parameters: [ParameterValue], session: HostSession) throws(AnimatorError) {
        let library: PluginLibrary
        do {
            library = try PluginLibrary.load(info.path, expecting: info.file, marker: session.marker)
        } catch {
            throw AnimatorError(animator: info.id, reason: error.description)
        }
        guard let current = library.animators.first(where: { $0.id == info.id }) else {
            throw AnimatorError(animator: info.id, reason: "\(info.path) no longer offers this animator")
        }
        guard parameters.count == current.parameters.count else {
            throw AnimatorError(animator: info.id, reason:
                "expected \(current.parameters.count) parameter values, got \(parameters.count)")
        }
        for (spec, value) in zip(current.parameters, parameters) {
            do { try spec.check(value) } catch { throw AnimatorError(animator: info.id, reason: error.description) }
        }
        let created = CParameterValues.with(parameters) { values, count in
            session.calling(.create, info.id) {
                info.id.withCString { library.entry.pointee.create_animator!(session.table, $0, values, count) }
            }
        }
        guard let created else {
            throw AnimatorError(animator: info.id, reason: "create_animator returned NULL")
        }
        let header = ABIVersion(created.pointee.abi)
        if let reason = DescriptorReader.versionProblem(header, what: "the instance") {
            throw AnimatorError(animator: info.id, reason: reason)
        }
        let size = Int(created.pointee.struct_size)
        guard size >= MinimumSize.animator else {
            throw AnimatorError(animator: info.id, reason:
                "the instance is truncated (struct_size \(size), needs at least \(MinimumSize.animator))")
        }
        let missing = [("duration", created.pointee.duration == nil), ("animate", created.pointee.animate == nil),
                       ("destroy", created.pointee.destroy == nil)].first { $0.1 }
        if let missing {
            // Without destroy there is no safe way to free it: leak rather than guess.
            throw AnimatorError(animator: info.id, reason: "the instance lacks the required function '\(missing.0)'")
        }
        self.info = current
        self.session = session
        self.animator = created
    }

    /// Wraps an animator instance made in this process (not loaded from a library): an
    /// animator compiled into a tool that embeds the host, or the Swift SDK's exported
    /// animator in its tests. The instance is destroyed with the wrapper.
    init(inProcess created: UnsafePointer<ah_animator>, info: AnimatorInfo, session: HostSession) {
        self.info = info
        self.session = session
        self.animator = created
    }

    deinit {
        session.calling(.destroy, info.id) { animator.pointee.destroy!(animator) }
    }

    /// Asks the animator for the duration of a transition: transitionDuration(using:).
    ///
    /// - Parameters:
    ///   - operation: the transition's operation.
    ///   - isAnimated: the context's isAnimated.
    ///   - isInteractive: the context's isInteractive.
    /// - Returns: seconds.
    /// - Throws: `AnimatorError` when the animator does not support the operation or answers
    ///   a negative or non-finite duration.
    public func duration(for operation: TransitionOperation, isAnimated: Bool = true,
                         isInteractive: Bool = false) throws(AnimatorError) -> Double {
        guard info.operations.supports(operation) else {
            throw AnimatorError(animator: info.id, reason: "does not support \(operation.rawValue)")
        }
        let context = session.openContext(ContextState(operation: operation, isAnimated: isAnimated,
                                                       isInteractive: isInteractive))
        defer { session.closeContext(context) }
        let seconds = session.calling(.duration, info.id) { animator.pointee.duration!(animator, context) }
        guard seconds.isFinite, seconds >= 0 else {
            throw AnimatorError(animator: info.id, reason: "transitionDuration returned \(seconds), not a finite, non-negative number")
        }
        return seconds
    }
}

extension AnimatorInstance: TransitionAnimator {
    public var identifier: String { info.id }

    /// The transition's context on the instance's session: the one `declines` opened, or a
    /// new one.
    private func context(for state: TransitionState) -> ah_context {
        if let open = openContexts[ObjectIdentifier(state)] { return open }
        let context = session.openContext(ContextState(operation: state.operation, isAnimated: true,
                                                       isInteractive: state.isInteractive, transition: state))
        openContexts[ObjectIdentifier(state)] = context
        return context
    }

    /// Whether the instance implements `declines` (ABI 1.8): a delegate that chooses.
    public var offersDeclines: Bool {
        covers(MemoryLayout<ah_animator>.offset(of: \.declines)) && animatorPointer.pointee.declines != nil
    }

    /// Asks the instance's `declines` (ABI 1.8, read only when its struct_size covers the
    /// field) with the transition's context; a declined transition's context is closed
    /// (no other call follows for it).
    public func declines(_ state: TransitionState) -> Bool {
        guard covers(MemoryLayout<ah_animator>.offset(of: \.declines)), let call = animatorPointer.pointee.declines else {
            return false
        }
        let context = context(for: state)
        let declined = session.calling(.declines, info.id) { call(animatorPointer, context) }
        if declined {
            openContexts[ObjectIdentifier(state)] = nil
            session.closeContext(context)
        }
        return declined
    }

    /// Asks the instance's `load_screen` (ABI 1.9) for the screen called `name`, with a
    /// context that answers the operation only. A view that is not a live view of the
    /// session is logged and ignored (the host's screen is used).
    public func loadScreen(named name: String, for operation: TransitionOperation) -> LoadedScreen? {
        guard covers(MemoryLayout<ah_animator>.offset(of: \.load_screen)), let call = animatorPointer.pointee.load_screen else {
            return nil
        }
        let context = session.openContext(ContextState(operation: operation, isAnimated: true, isInteractive: false))
        defer { session.closeContext(context) }
        var screen = ah_screen()
        screen.abi = ABIVersion.host.cValue
        screen.struct_size = UInt32(MemoryLayout<ah_screen>.size)
        let (built, title) = session.calling(.loadScreen, info.id) { () -> (Bool, String?) in
            let built = name.withCString { call(animatorPointer, context, $0, &screen) }
            // The title is the plugin's, valid during the call: copied (bounded) now.
            return (built, built ? screen.title.map { CConversions.boundedString($0, limit: 256) } : nil)
        }
        guard built else { return nil }
        do {
            return LoadedScreen(view: try session.view(screen.view), title: title)
        } catch {
            session.append(UInt32(AH_LOG_ERROR), "\(info.id): load_screen(\(name)) returned no view of its own "
                           + "(\(error)); the host's screen is used")
            return nil
        }
    }

    /// Delivers a gesture at `point` (window points): a tap to the instance's `tap` (ABI
    /// 1.9), a long press or a swipe to its `touch` (ABI 1.12), with the deepest view under
    /// it that the library made or was given (walking up from `view`), and returns the
    /// transition its handler asked for with screen_show, if any.
    public func touch(_ gesture: TouchGesture, at point: Point, on view: View,
                      for operation: TransitionOperation) -> ScreenRequest? {
        let deliver: (ah_context, ah_layer) -> Void
        let call: PluginCall
        if gesture == .tap {
            guard covers(MemoryLayout<ah_animator>.offset(of: \.tap)), let tap = animatorPointer.pointee.tap else { return nil }
            call = .tap
            deliver = { context, handle in tap(self.animatorPointer, context, handle, ah_point(x: point.x, y: point.y)) }
        } else {
            guard covers(MemoryLayout<ah_animator>.offset(of: \.touch)), let touch = animatorPointer.pointee.touch else {
                return nil
            }
            call = .touch
            var value = gesture.cValue(at: point)
            deliver = { context, handle in touch(self.animatorPointer, context, handle, &value) }
        }
        var cursor: View? = view
        while let current = cursor, session.knownHandle(for: current.layer.id) == nil { cursor = current.superview }
        guard let known = cursor, let handle = session.knownHandle(for: known.layer.id) else { return nil }
        let context = session.openContext(ContextState(operation: operation, isAnimated: true, isInteractive: false))
        defer { session.closeContext(context) }
        session.screenRequest = nil
        session.acceptsScreenRequest = true
        session.calling(call, info.id) { deliver(context, handle) }
        session.acceptsScreenRequest = false
        defer { session.screenRequest = nil }
        return session.screenRequest
    }

    /// Whether the instance takes gestures of this kind at all (`tap`, or `touch` for long
    /// presses and swipes).
    public func takes(_ gesture: TouchGesture) -> Bool {
        gesture == .tap ? covers(MemoryLayout<ah_animator>.offset(of: \.tap)) && animatorPointer.pointee.tap != nil
            : covers(MemoryLayout<ah_animator>.offset(of: \.touch)) && animatorPointer.pointee.touch != nil
    }

    /// What the library said of the status bar for the screen whose root view is `view`
    /// (screen_status_bar, ABI 1.12).
    public func statusBarPreference(of view: View) -> StatusBarPreference? {
        session.statusBarPreferences[view.layer.id]
    }

    /// Calls `observer` when the library's screens change what they want of the status bar.
    public func observeStatusBarPreferences(_ observer: @escaping () -> Void) {
        session.statusBarObserver = observer
    }

    /// Tells the instance's `appearance` (ABI 1.9) an appearance callback of a screen whose
    /// root view it knows.
    public func appearance(_ kind: AppearanceEvent.Kind, of view: View, animated: Bool) {
        guard covers(MemoryLayout<ah_animator>.offset(of: \.appearance)), let call = animatorPointer.pointee.appearance,
              let handle = session.knownHandle(for: view.layer.id) else { return }
        let code: UInt32
        switch kind {
        case .willAppear: code = UInt32(AH_APPEARANCE_WILL_APPEAR)
        case .didAppear: code = UInt32(AH_APPEARANCE_DID_APPEAR)
        case .willDisappear: code = UInt32(AH_APPEARANCE_WILL_DISAPPEAR)
        case .didDisappear: code = UInt32(AH_APPEARANCE_DID_DISAPPEAR)
        }
        session.calling(.appearance, info.id) { call(animatorPointer, handle, code, animated) }
    }

    public func supports(_ orientation: Traits.Orientation, view: View) -> Bool? {
        guard let mask = session.supportedOrientations[view.layer.id] else { return nil }
        let wanted = orientation == .portrait ? UInt32(AH_ORIENTATION_PORTRAIT)
            : UInt32(AH_ORIENTATION_LANDSCAPE_LEFT | AH_ORIENTATION_LANDSCAPE_RIGHT)
        return mask & wanted != 0
    }

    public func traitsChanged(_ traits: Traits) {
        session.traits = traits
    }

    public func sizeChange(_ change: SizeChange, of view: View) {
        guard covers(MemoryLayout<ah_animator>.offset(of: \.size_change)), let call = animatorPointer.pointee.size_change,
              let handle = session.knownHandle(for: view.layer.id) else { return }
        var value = change.cValue
        let context = session.openContext(ContextState(operation: .present, isAnimated: change.duration > 0,
                                                       isInteractive: false))
        defer { session.closeContext(context) }
        session.calling(.sizeChange, info.id) { call(animatorPointer, context, handle, &value) }
    }

    /// Opens the transition's context on the instance's session and asks the duration.
    private func open(_ state: TransitionState,
                      engine: AnimationEngine) -> (context: ah_context, duration: Double, problems: [String]) {
        precondition(session.engine === engine, "the animator must be created against the runtime's engine")
        let context = context(for: state)
        do {
            return (context, try duration(context), [])
        } catch {
            return (context, 0, [error.description])
        }
    }

    /// Opens a context on the instance's session, asks the duration and calls animate.
    public func begin(_ state: TransitionState, engine: AnimationEngine) -> (duration: Double, problems: [String]) {
        let (context, seconds, problems) = open(state, engine: engine)
        animate(context)
        return (seconds, problems)
    }

    /// Whether the instance implements start_interactive (ABI 1.3, read only when its
    /// struct_size covers the field).
    public var isOwnInteractionController: Bool {
        covers(MemoryLayout<ah_animator>.offset(of: \.start_interactive)) && animatorPointer.pointee.start_interactive != nil
    }

    /// Opens a context, asks the duration and calls start_interactive.
    public func beginInteractive(_ state: TransitionState,
                                 engine: AnimationEngine) -> (duration: Double, problems: [String]) {
        let (context, seconds, problems) = open(state, engine: engine)
        session.calling(.interaction, info.id) { animatorPointer.pointee.start_interactive!(animatorPointer, context) }
        return (seconds, problems)
    }

    /// Passes one gesture sample to the instance's `gesture`, if it has one.
    public func gesture(_ event: GestureEvent, state: TransitionState) {
        guard covers(MemoryLayout<ah_animator>.offset(of: \.gesture)), let call = animatorPointer.pointee.gesture,
              let context = openContexts[ObjectIdentifier(state)] else { return }
        var sample = ah_gesture_sample(abi: ABIVersion.host.cValue, struct_size: UInt32(MemoryLayout<ah_gesture_sample>.size),
                                       kind: event.kind == .pan ? ah_gesture_kind(AH_GESTURE_PAN) : ah_gesture_kind(AH_GESTURE_PINCH),
                                       phase: event.phase.rawValue, time: event.time, value: event.value,
                                       velocity: event.velocity, distance: event.distance,
                                       axis: ah_gesture_axis(event.axis.rawValue), has_location: event.location == nil ? 0 : 1,
                                       x: event.location?.x ?? 0, y: event.location?.y ?? 0)
        session.calling(.interaction, info.id) { call(animatorPointer, context, &sample) }
    }

    /// The presentation controller the instance supplies (ABI 1.3), asked with a context
    /// on the presentation about to run: its container and both sides' views and view
    /// controllers (from ABI 1.9 on; before, the context only answered the operation).
    public func makePresentationController(for state: TransitionState) -> PresentationController? {
        guard covers(MemoryLayout<ah_animator>.offset(of: \.presentation_controller)),
              let make = animatorPointer.pointee.presentation_controller else { return nil }
        let context = session.openContext(ContextState(operation: state.operation, isAnimated: state.isAnimated,
                                                       isInteractive: state.isInteractive, transition: state))
        defer { session.closeContext(context) }
        guard let controller = session.calling(.presentationController, info.id, { make(animatorPointer, context) }) else {
            return nil
        }
        let header = ABIVersion(controller.pointee.abi)
        // Everything up to destroy is required; `tap`, appended after it, is read only when covered.
        let required = MemoryLayout<ah_presentation_controller>.offset(of: \.destroy)! + MemoryLayout<UnsafeRawPointer>.size
        guard DescriptorReader.versionProblem(header, what: "the presentation controller") == nil,
              Int(controller.pointee.struct_size) >= required,
              controller.pointee.destroy != nil else {
            // Without destroy there is no safe way to free it: leak rather than guess.
            if Int(controller.pointee.struct_size) >= required {
                controller.pointee.destroy?(controller)
            }
            session.append(UInt32(AH_LOG_ERROR), "\(info.id): presentation_controller returned an invalid "
                           + "controller (version, struct_size or destroy); no presentation controller is used")
            return nil
        }
        return PluginPresentationController(controller, supplier: self, session: session, presented: state.to,
                                            presenting: state.from)
    }

    /// Whether the instance implements interruptible_animator (ABI 1.3).
    public var offersInterruptibleAnimator: Bool {
        covers(MemoryLayout<ah_animator>.offset(of: \.interruptible_animator))
            && animatorPointer.pointee.interruptible_animator != nil
    }

    /// Opens a context, asks the duration and interruptibleAnimator(using:); when that
    /// gives none, calls animate instead, and says so when it gave a handle that is not a
    /// property animator.
    public func beginInterruptible(_ state: TransitionState, engine: AnimationEngine)
        -> (duration: Double, problems: [String], propertyAnimator: PropertyAnimator?) {
        let (context, seconds, problems) = open(state, engine: engine)
        let handle = session.calling(.interruptible, info.id) {
            animatorPointer.pointee.interruptible_animator!(animatorPointer, context)
        }
        // No animator (AH_NULL_HANDLE) is the documented way to say "use animate", as an
        // animator that does not implement interruptibleAnimator(using:) says it to UIKit.
        guard handle != 0 else {
            animate(context)
            return (seconds, problems, nil)
        }
        do {
            return (seconds, problems, try session.animator(handle))
        } catch {
            animate(context)
            return (seconds, problems + ["\(info.id): interruptible_animator gave no usable property animator "
                                         + "(\(error.message)); animate was used instead"], nil)
        }
    }

    /// Whether the instance's struct_size reaches past a field at `offset`.
    private func covers(_ offset: Int?) -> Bool {
        guard let offset else { return false }
        return Int(animatorPointer.pointee.struct_size) >= offset + MemoryLayout<UnsafeRawPointer>.size
    }

    /// Calls animationEnded and closes the context (its handle is stale from now on).
    public func end(_ state: TransitionState) {
        guard let context = openContexts.removeValue(forKey: ObjectIdentifier(state)) else { return }
        ended(context, completed: state.completion ?? false)
        session.closeContext(context)
    }

    /// animateTransition(using:) for a transition the runtime performs.
    func animate(_ context: ah_context) {
        session.calling(.animate, info.id) { animatorPointer.pointee.animate!(animatorPointer, context) }
    }

    /// transitionDuration(using:) for a transition the runtime performs.
    func duration(_ context: ah_context) throws(AnimatorError) -> Double {
        // transitionDuration(using:) only answers: the transition cannot complete from it.
        let state = try? session.contexts.lookup(context).get().transition
        state?.isAnsweringDuration = true
        let seconds = session.calling(.duration, info.id) { animatorPointer.pointee.duration!(animatorPointer, context) }
        state?.isAnsweringDuration = false
        guard seconds.isFinite, seconds >= 0 else {
            throw AnimatorError(animator: info.id, reason: "transitionDuration returned \(seconds), not a finite, non-negative number")
        }
        guard seconds <= TransitionRuntime.maximumDuration else {
            throw AnimatorError(animator: info.id, reason: "transitionDuration returned \(JSONValue.format(seconds)) s, over the host's "
                                + "limit of \(JSONValue.format(TransitionRuntime.maximumDuration)) s")
        }
        return seconds
    }

    /// animationEnded(_:), if the animator implements it.
    func ended(_ context: ah_context, completed: Bool) {
        session.calling(.ended, info.id) { animatorPointer.pointee.ended?(animatorPointer, context, completed) }
    }
}

/// The C form of parameter values, alive for the length of one call.
enum CParameterValues {
    static func with<R>(_ values: [ParameterValue],
                        _ body: (UnsafePointer<ah_param_value>?, UInt32) -> R) -> R {
        var strings: [UnsafeMutablePointer<CChar>] = []
        defer { strings.forEach { free($0) } }
        func keep(_ text: String) -> UnsafePointer<CChar> {
            let copy = strdup(text)!
            strings.append(copy)
            return UnsafePointer(copy)
        }
        let cValues: [ah_param_value] = values.map { value in
            var cValue = ah_param_value()
            switch value {
            case .number(let number):
                cValue.type = ah_param_type(AH_PARAM_NUMBER)
                cValue.number = number
            case .bool(let flag):
                cValue.type = ah_param_type(AH_PARAM_BOOL)
                cValue.boolean = flag
            case .point(let x, let y):
                cValue.type = ah_param_type(AH_PARAM_POINT)
                cValue.point = ah_point(x: x, y: y)
            case .size(let width, let height):
                cValue.type = ah_param_type(AH_PARAM_SIZE)
                cValue.size = ah_size(width: width, height: height)
            case .color(let color):
                cValue.type = ah_param_type(AH_PARAM_COLOR)
                cValue.color = ah_color(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
            case .string(let text):
                cValue.type = ah_param_type(AH_PARAM_STRING)
                cValue.string = keep(text)
            case .choice(let name):
                cValue.type = ah_param_type(AH_PARAM_ENUM)
                cValue.string = keep(name)
            }
            return cValue
        }
        return cValues.withUnsafeBufferPointer { body($0.isEmpty ? nil : $0.baseAddress, UInt32($0.count)) }
    }
}
