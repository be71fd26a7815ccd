/// A place where the host hands control to plugin code: what a report names when a plugin
/// crashes, exits or hangs there.
public enum PluginCall: UInt32, Sendable, CaseIterable {
    /// The library's constructors, run by `dlopen`.
    case constructor = 1
    /// The entry function (`animator_host_entry`).
    case entry
    /// The library's `init`.
    case initialize
    /// `animator_count`.
    case count
    /// `animator_descriptor`.
    case descriptor
    /// `create_animator`.
    case create
    /// transitionDuration(using:).
    case duration
    /// animateTransition(using:).
    case animate
    /// animationEnded(_:).
    case ended
    /// The instance's `destroy`.
    case destroy
    /// startInteractiveTransition(_:) or a gesture sample.
    case interaction
    /// interruptibleAnimator(using:).
    case interruptible
    /// Making or asking a presentation controller.
    case presentationController
    /// An animation or completion block the plugin gave the host.
    case block
    /// An action delegate the plugin gave the host (CALayerDelegate's action(for:forKey:)).
    case actionDelegate
    /// The release function of an object the plugin gave the host to keep (layer_set_object).
    case release
    /// Whether the animator declines a transition (its delegate's choice).
    case declines
    /// load_screen: the library builds one of its screens.
    case loadScreen
    /// tap: a tap reaches the library's views.
    case tap
    /// appearance: a screen of the library hears viewWillAppear and the rest.
    case appearance
    /// touch: a long press or a swipe reaches the library's views.
    case touch
    /// size_change: a screen of the library hears viewWillTransition(to:with:).
    case sizeChange

    /// The name a report uses: the UIKit or ABI name of the call.
    public var name: String {
        switch self {
        case .constructor: return "its constructor (dlopen)"
        case .entry: return "animator_host_entry"
        case .initialize: return "init"
        case .count: return "animator_count"
        case .descriptor: return "animator_descriptor"
        case .create: return "create_animator"
        case .duration: return "transitionDuration"
        case .animate: return "animateTransition"
        case .ended: return "animationEnded"
        case .destroy: return "destroy"
        case .interaction: return "the interaction"
        case .interruptible: return "interruptibleAnimator"
        case .presentationController: return "the presentation controller"
        case .block: return "an animation or completion block"
        case .actionDelegate: return "an action delegate"
        case .release: return "an object's release"
        case .declines: return "the delegate's choice (declines)"
        case .loadScreen: return "load_screen"
        case .tap: return "tap (the app's tap handler)"
        case .appearance: return "an appearance callback (viewWillAppear...)"
        case .touch: return "touch (the app's long-press or swipe handler)"
        case .sizeChange: return "size_change (viewWillTransition(to:with:))"
        }
    }

    /// Whether the call belongs to examining a library (scanning), rather than running.
    public var isScanStage: Bool { rawValue <= PluginCall.descriptor.rawValue }
}
