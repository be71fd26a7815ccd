import AnimatorABI
import AnimatorEngine

/// A plugin's action delegate (action.h): the engine's layer delegate, or a custom view
/// animation API's provider, answering through a C function.
final class PluginActionDelegate: LayerDelegate {
    let function: ah_action_delegate
    let userData: UnsafeMutableRawPointer?
    weak var session: HostSession?
    /// Runs once when the host stops using `userData` (deinit).
    let release: (@convention(c) (UnsafeMutableRawPointer?) -> Void)?

    init(function: ah_action_delegate, userData: UnsafeMutableRawPointer?, session: HostSession,
         release: (@convention(c) (UnsafeMutableRawPointer?) -> Void)? = nil) {
        self.function = function
        self.userData = userData
        self.session = session
        self.release = release
    }

    deinit {
        if let release { PluginCallMarker.calling(session?.marker, .actionDelegate, nil) { release(userData) } }
    }

    func action(for event: ActionEvent) -> ActionLookup {
        session?.ask(self, about: event) ?? .continueSearch
    }
}

extension HostSession {
    /// Asks a plugin's action delegate about a change: builds the request (paths as handles
    /// released after the call), calls the delegate, and turns its answer into a lookup.
    func ask(_ delegate: PluginActionDelegate, about change: ActionEvent) -> ActionLookup {
        let event = engine.propertyLevel(change)
        var issued: [ah_path] = []
        func value(_ v: AnimatableValue) -> ah_value {
            let c = cValue(v)
            if c.type == ah_value_type(AH_VALUE_PATH), c.path != AH_NULL_HANDLE { issued.append(c.path) }
            return c
        }
        var request = ah_action_request()
        request.abi = ABIVersion.host.cValue
        request.struct_size = UInt32(MemoryLayout<ah_action_request>.size)
        request.layer = handle(for: event.layer.id)
        request.old_value = value(event.oldValue)
        request.new_value = value(event.newValue)
        request.old_presentation_value = value(event.oldPresentationValue)
        defer { for path in issued { paths.remove(path) } }
        let key = event.keyPath.property.rawValue
        let (mode, animation) = key.withCString { name in
            request.key = name
            return withUnsafePointer(to: &request) { pointer in
                actionRequests.append((UnsafeRawPointer(pointer), nil))
                let mode = calling(.actionDelegate, nil) { delegate.function(delegate.userData, pointer) }
                return (mode, actionRequests.removeLast().animation)
            }
        }
        switch Int(mode) {
        case AH_ACTION_DEFAULT:
            return .continueSearch
        case AH_ACTION_NONE:
            return .noAction
        case AH_ACTION_ANIMATION:
            guard let animation else {
                append(UInt32(AH_LOG_WARNING), "an action delegate answered AH_ACTION_ANIMATION for \(key) without "
                       + "giving an animation (action_request_set_animation): no animation")
                return .noAction
            }
            return .action(.animation(animation))
        default:
            append(UInt32(AH_LOG_WARNING), "an action delegate answered an unknown mode \(mode) for \(key): "
                   + "taken as AH_ACTION_DEFAULT")
            return .continueSearch
        }
    }

    /// Sets (or, with a NULL function, removes) a plugin's action delegate on a layer; the
    /// session keeps it, as the engine holds delegates weakly.
    func setActionDelegate(_ function: ah_action_delegate?, _ userData: UnsafeMutableRawPointer?,
                           _ release: (@convention(c) (UnsafeMutableRawPointer?) -> Void)?, on target: Layer) {
        let delegate = function.map { PluginActionDelegate(function: $0, userData: userData, session: self, release: release) }
        actionDelegates[target.id] = delegate
        target.delegate = delegate
    }

    /// Batch 1.6: action delegates, the view controllers around a transition, UIView's
    /// beginAnimations/commitAnimations and setAnimationsEnabled, CATransaction's getters,
    /// contentsCenter, dashed strokes, radial and conic gradients, labels' text, the
    /// screen and delayed blocks on the host's clock.
    static func installBatch1_6(in table: UnsafeMutablePointer<ah_host>) {
        installActions(in: table)
        installRelatedViewControllers(in: table)
        installViewAnimationCalls(in: table)
        installDrawing(in: table)
        installScreenAndClock(in: table)
    }

    /// Action delegates on layers and views, the custom view animation hook, answers with an animation.
    private static func installActions(in table: UnsafeMutablePointer<ah_host>) {
        table.pointee.layer_set_delegate = { host, layer, function, userData, release in
            HostSession.call(host) { session throws(HostCallError) in
                let target = try session.layer(layer)
                guard !session.engine.record(target.id).isView else {
                    throw .invalidArgument("layer handle \(layer) is a view: a view is its layer's delegate "
                                           + "(use view_animate_with_actions)")
                }
                session.setActionDelegate(function, userData, release, on: target)
            }
        }
        table.pointee.view_set_action_delegate = { host, view, function, userData, release in
            HostSession.call(host) { session throws(HostCallError) in
                session.setActionDelegate(function, userData, release, on: try session.view(view).layer)
            }
        }
        table.pointee.view_animate_with_actions = { host, function, delegateData, animations, userData in
            HostSession.call(host) { session throws(HostCallError) in
                let delegate = PluginActionDelegate(function: try required(function, "delegate"),
                                                    userData: delegateData, session: session)
                let body = try required(animations, "animations")
                session.engine.withViewActions({ event in delegate.action(for: event) }, animations: {
                    session.calling(.block, nil) { body(userData) }
                })
            }
        }
        table.pointee.action_request_set_animation = { host, request, description in
            HostSession.call(host) { session throws(HostCallError) in
                let request = try required(request, "request")
                guard let index = session.actionRequests.lastIndex(where: { $0.request == UnsafeRawPointer(request) }) else {
                    throw .invalidState("no action delegate is being asked about this request (it is valid only "
                                        + "during the delegate's call)")
                }
                session.actionRequests[index].animation = try CConversions.animation(description, paths: session.paths,
                                                                                     forAction: true)
            }
        }
    }

    /// The navigation controller, tab bar controller, presenting and presented view controllers.
    private static func installRelatedViewControllers(in table: UnsafeMutablePointer<ah_host>) {
        table.pointee.context_related_view_controller = { host, ctx, key, relation, out in
            HostSession.call(host) { session throws(HostCallError) in
                let state = try session.transition(ctx)
                let isFrom = try HostSession.side(key)
                let out = try required(out, "out")
                let size = Int(out.pointee.struct_size)
                guard size >= MemoryLayout<ah_related_view_controller>.offset(of: \.exists)! + 1 else {
                    throw .invalidArgument("out->struct_size \(size) is too small: set it to sizeof(ah_related_view_controller)")
                }
                let screen = isFrom ? state.from : state.to
                var answer = ah_related_view_controller()
                answer.abi = ABIVersion.host.cValue
                answer.struct_size = UInt32(min(size, MemoryLayout<ah_related_view_controller>.size))
                func fill(view: View, bar: View?, children: Int) {
                    answer.exists = true
                    answer.view = session.handle(for: view.layer.id)
                    answer.bar = bar.map { session.handle(for: $0.layer.id) } ?? AH_NULL_HANDLE
                    answer.bar_hidden = bar?.isHidden ?? false
                    answer.child_count = UInt32(children)
                }
                switch Int(relation) {
                case AH_RELATION_NAVIGATION_CONTROLLER:
                    if let navigation = screen.navigationController {
                        fill(view: navigation.controller.view, bar: navigation.navigationBar,
                             children: navigation.visibleStack.count)
                    }
                case AH_RELATION_TAB_BAR_CONTROLLER:
                    if let tabs = screen.tabBarController {
                        fill(view: tabs.controller.view, bar: tabs.tabBar, children: tabs.viewControllers.count)
                    }
                case AH_RELATION_PRESENTING, AH_RELATION_PRESENTED:
                    // UIKit links the two when the presentation starts and unlinks them
                    // when the dismissal ends: during either, they are each other's.
                    let presenting = relation == AH_RELATION_PRESENTING
                    let other: ViewController?
                    switch state.operation {
                    case .present where presenting != isFrom, .dismiss where presenting == isFrom:
                        other = isFrom ? state.to : state.from
                    default:
                        other = presenting ? screen.presentingViewController : screen.presentedViewController
                    }
                    if let other { fill(view: other.view, bar: nil, children: 0) }
                default:
                    throw .invalidArgument("unknown relation \(relation)")
                }
                // Write only what the caller's struct holds.
                let count = Int(answer.struct_size)
                withUnsafeBytes(of: &answer) { bytes in
                    UnsafeMutableRawPointer(out).copyMemory(from: bytes.baseAddress!, byteCount: count)
                }
            }
        }
    }

    /// UIView.beginAnimations/commitAnimations and setAnimationsEnabled; CATransaction's getters.
    private static func installViewAnimationCalls(in table: UnsafeMutablePointer<ah_host>) {
        table.pointee.view_begin_animations = { host in
            HostSession.call(host) { session throws(HostCallError) in session.engine.beginAnimations() }
        }
        table.pointee.view_commit_animations = { host, settings, completion, userData in
            HostSession.call(host) { session throws(HostCallError) in
                guard session.engine.isRecordingAnimations else {
                    throw .invalidState("commitAnimations without a matching beginAnimations")
                }
                // NULL settings: UIKit's defaults, 0.2 s on easeInOut.
                let s = try settings.map { pointer throws(HostCallError) in try HostSession.blockSettings(pointer) }
                    ?? (0.2, 0, AnimationOptions(), nil)
                let (duration, delay, options, spring) = s
                let done = session.completion(completion, userData)
                try engineCall { () throws(EngineError) in
                    try session.engine.commitAnimations(duration: duration, delay: delay, options: options,
                                                        spring: spring, completion: done)
                }
            }
        }
        table.pointee.view_set_animations_enabled = { host, enabled in
            HostSession.call(host) { session throws(HostCallError) in session.engine.areAnimationsEnabled = enabled }
        }
        table.pointee.view_animations_enabled = { host, out in
            HostSession.call(host) { session throws(HostCallError) in
                try required(out, "out").pointee = session.engine.areAnimationsEnabled
            }
        }
        table.pointee.transaction_get_duration = { host, out in
            HostSession.call(host) { session throws(HostCallError) in
                try required(out, "out").pointee = session.engine.transaction.animationDuration
            }
        }
        table.pointee.transaction_get_timing_function = { host, out in
            HostSession.call(host) { session throws(HostCallError) in
                let out = try required(out, "out")
                var c = ah_timing_function()
                c.kind = ah_timing_kind(AH_TIMING_DEFAULT)
                if case .bezier(let curve)? = session.engine.transaction.animationTimingFunction {
                    c.kind = ah_timing_kind(AH_TIMING_BEZIER)
                    (c.x1, c.y1, c.x2, c.y2) = (curve.x1, curve.y1, curve.x2, curve.y2)
                }
                out.pointee = c
            }
        }
        table.pointee.transaction_get_disable_actions = { host, out in
            HostSession.call(host) { session throws(HostCallError) in
                try required(out, "out").pointee = session.engine.transaction.disableActions
            }
        }
    }

    /// contentsCenter, dashes, gradient kinds and labels' text.
    private static func installDrawing(in table: UnsafeMutablePointer<ah_host>) {
        table.pointee.layer_set_contents_center = { host, layer, rect in
            HostSession.call(host) { session throws(HostCallError) in
                let target = try session.layer(layer)
                let numbers = [rect.origin.x, rect.origin.y, rect.size.width, rect.size.height]
                guard numbers.allSatisfy(\.isFinite), rect.size.width >= 0, rect.size.height >= 0 else {
                    throw .invalidArgument("the contents center must be finite with a size not negative")
                }
                target.contentsCenter = Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
            }
        }
        table.pointee.shape_layer_set_dash = { host, layer, lengths, count, phase in
            HostSession.call(host) { session throws(HostCallError) in
                let target = try session.layer(layer)
                guard Int(count) <= LayerShape.maximumDashes else {
                    throw .invalidArgument("a dash pattern of \(count) lengths (at most \(LayerShape.maximumDashes))")
                }
                guard count == 0 || lengths != nil else { throw .invalidArgument("lengths is NULL") }
                let pattern = (0..<Int(count)).map { lengths![$0] }
                guard pattern.allSatisfy({ $0.isFinite && $0 >= 0 }), phase.isFinite else {
                    throw .invalidArgument("dash lengths must be finite and not negative, the phase finite")
                }
                target.updateShapeStyle { shape in
                    shape.dashPattern = pattern
                    shape.dashPhase = phase
                }
            }
        }
        table.pointee.layer_set_gradient_type = { host, layer, type in
            HostSession.call(host) { session throws(HostCallError) in
                let target = try session.layer(layer)
                let kinds: [LayerGradient.Kind] = [.axial, .radial, .conic]
                guard Int(type) < kinds.count else { throw .invalidArgument("unknown gradient type \(type)") }
                var gradient = target.gradient ?? LayerGradient()
                gradient.kind = kinds[Int(type)]
                target.gradient = gradient
            }
        }
        table.pointee.layer_set_text = { host, layer, text, style in
            HostSession.call(host) { session throws(HostCallError) in
                let target = try session.layer(layer)
                guard let text else {
                    target.text = nil
                    return
                }
                // Control characters (but newlines) would draw as boxes or move nothing: spaces.
                let shown = String(String(cString: text).unicodeScalars.map { scalar -> Character in
                    scalar == "\n" || !(scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)) ? Character(scalar) : " "
                })
                var label = LayerText(shown)
                if let style {
                    let s = style.pointee
                    guard Int(s.struct_size) >= MemoryLayout<ah_text_style>.size else {
                        throw .invalidArgument("the text style is truncated (struct_size \(s.struct_size))")
                    }
                    guard s.size.isFinite, s.size >= 0, [s.color.red, s.color.green, s.color.blue, s.color.alpha].allSatisfy(\.isFinite) else {
                        throw .invalidArgument("the text size and color must be finite, the size not negative")
                    }
                    let weights: [LayerText.Weight] = [.regular, .semibold, .bold]
                    let alignments: [LayerText.Alignment] = [.left, .center, .right]
                    guard Int(s.weight) < weights.count, Int(s.alignment) < alignments.count else {
                        throw .invalidArgument("unknown font weight \(s.weight) or alignment \(s.alignment)")
                    }
                    label.color = RGBAColor(red: s.color.red, green: s.color.green, blue: s.color.blue, alpha: s.color.alpha)
                    label.size = s.size == 0 ? 17 : s.size
                    label.weight = weights[Int(s.weight)]
                    label.alignment = alignments[Int(s.alignment)]
                    label.lines = Int(min(s.lines, 10_000))
                }
                target.text = label
            }
        }
    }

    /// UIScreen.main and blocks run after a delay on the host's clock.
    private static func installScreenAndClock(in table: UnsafeMutablePointer<ah_host>) {
        table.pointee.screen_bounds = { host, bounds, scale in
            HostSession.call(host) { session throws(HostCallError) in
                let out = try required(bounds, "bounds")
                var window = Rect(origin: Point(x: 0, y: 0), size: TransitionRuntime.defaultWindowSize)
                if let container = session.contexts.liveObjects.compactMap({ $0.transition?.container }).last {
                    var root = container.layer
                    while let parent = root.superlayer { root = parent }
                    window = root.bounds
                }
                out.pointee = HostSession.cRect(window)
                scale?.pointee = 3
            }
        }
        table.pointee.host_after = { host, delay, block, userData in
            HostSession.call(host) { session throws(HostCallError) in
                let block = try required(block, "block")
                guard delay.isFinite, delay >= 0 else { throw .invalidArgument("delay must be finite and not negative") }
                session.engine.after(delay) { [marker = session.marker] in
                    PluginCallMarker.calling(marker, .block, nil) { block(userData) }
                }
            }
        }
    }
}
