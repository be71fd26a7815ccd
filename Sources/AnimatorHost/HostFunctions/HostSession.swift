import AnimatorABI
import AnimatorEngine
import AnimatorRendering
import Glibc
import Synchronization

/// One host as plugins see it: an `ah_host` function table plus the objects its handles
/// name. Independent sessions can coexist in one process; nothing here is global.
///
/// The table's `host_data` points at a `SessionLink` that holds the session weakly; every
/// animator instance created against the table retains the session. The table and its link
/// are never freed: a plugin's own thread may still call `log` through them after the
/// session is gone (the call then does nothing), and must find memory that is still there.
public final class HostSession {
    /// The C table handed to plugins.
    let table: UnsafeMutablePointer<ah_host>
    var contexts = HandleTable<ContextState>(kind: .context)
    var layers = HandleTable<LayerID>(kind: .layer)
    /// The images plugins made (batch 1.4).
    var images = HandleTable<Image>(kind: .image)
    /// The paths plugins made (batch 1.5).
    var paths = HandleTable<ShapePath>(kind: .path)
    var layerHandles: [LayerID: ah_layer] = [:]
    /// The action delegates plugins set on layers (the engine holds delegates weakly).
    var actionDelegates: [LayerID: PluginActionDelegate] = [:]
    /// The plugins' own objects for layers (batch 1.8), released with the session.
    var layerObjects: [PluginObjectKey: PluginObject] = [:]
    /// Whether screen_show is accepted now (during an animator's `tap`, until one request).
    var acceptsScreenRequest = false
    /// The transition the last tap asked for (batch 1.9).
    var screenRequest: ScreenRequest?
    /// What the library's screens want of the status bar, by their root views (batch 1.12).
    public internal(set) var statusBarPreferences: [LayerID: StatusBarPreference] = [:]
    /// What the library's screens support (screen_orientations: AH_ORIENTATION_ bits), by
    /// their root views.
    public internal(set) var supportedOrientations: [LayerID: UInt32] = [:]
    /// Told when a screen's status bar preference changes.
    public var statusBarObserver: (() -> Void)?
    /// The action requests being answered, innermost last, with the animation each
    /// delegate gave (action_request_set_animation).
    var actionRequests: [(request: UnsafeRawPointer, animation: Animation?)] = []
    var animators = HandleTable<PropertyAnimator>(kind: .propertyAnimator)
    /// The last failure's message, NUL-terminated, for `last_error`.
    var lastError: [CChar] = [0]
    /// A string handed out by a call (an animation key), kept until the next call.
    var returnedString: [CChar] = [0]
    /// What plugins logged, in order (`log` is [any thread]: appends are locked).
    /// At most `PluginLogEntry.maximumEntries`, then one saying how many more were dropped.
    public var log: [PluginLogEntry] {
        logEntries.withLock { kept in
            kept.entries + (kept.dropped == 0 ? [] : [PluginLogEntry(level: .warning, message:
                "… \(kept.dropped) more message\(kept.dropped == 1 ? "" : "s") dropped (at most \(PluginLogEntry.maximumEntries) are kept)")])
        }
    }
    private let logEntries = Mutex<(entries: [PluginLogEntry], dropped: Int)>(([], 0))
    /// The thread the session was made on: every call but `log` must come from it.
    let hostThread = pthread_self()
    /// Screen names handed out as C strings (context_view_controller_name), freed with
    /// the session.
    var screenNames: [String: UnsafePointer<CChar>] = [:]
    /// The animation engine plugins drive through batch 1.1.
    public let engine: AnimationEngine
    /// Where the session says which plugin call runs (a sandbox child's call page), or nil.
    public var marker: PluginCallMarker?
    /// Handles that name an object now: transition contexts, property animators, images
    /// (what a plugin, or the host for it, must release; layers live with their views).
    public var liveHandles: (contexts: Int, propertyAnimators: Int, images: Int, paths: Int) {
        (contexts.liveCount, animators.liveCount, images.liveCount, paths.liveCount)
    }

    /// The messages of host calls the session refused (the first 100), and how many there were.
    public private(set) var refusedCalls: (first: [String], count: Int) = ([], 0)

    /// Records a refused host call (`validate` reports them: a plugin may ignore statuses).
    func recordRefusal(_ message: String) {
        refusedCalls.count += 1
        if refusedCalls.first.count < 100 { refusedCalls.first.append(message) }
    }

    /// Runs `body`, a call into plugin code, with the marker (if any) saying so.
    ///
    /// - Parameter subject: the animator id; nil for the enclosing call's.
    @inline(__always)
    func calling<R>(_ call: PluginCall, _ subject: String?, _ body: () -> R) -> R {
        guard let marker else { return body() }
        return marker.around(call, subject, body)
    }

    /// The traits the app runs with (`host_traits`, `screen_bounds`' scale): the run's.
    public var traits = Traits()
    /// C plugins' Auto Layout (constraints.h).
    let constraintLayout = ConstraintLayout()
    /// C plugins' dynamic animators (dynamics.h).
    var dynamicAnimators = HandleTable<HostDynamicAnimator>(kind: .dynamicAnimator)

    /// Creates a session with its own host table.
    ///
    /// - Parameters:
    ///   - engine: the engine plugins animate (a new one by default).
    ///   - traits: the traits plugins are told (UIKit's defaults by default).
    public init(engine: AnimationEngine = SnapshotRasterizer.engine(), traits: Traits = Traits()) {
        self.engine = engine
        self.traits = traits
        table = .allocate(capacity: 1)
        table.initialize(to: ah_host())
        table.pointee.abi = ABIVersion.host.cValue
        table.pointee.struct_size = UInt32(MemoryLayout<ah_host>.size)
        table.pointee.name = HostStrings.name
        table.pointee.version = HostStrings.version
        // Retained for good, as the table is (see the type's comment): a few hundred bytes
        // per session.
        table.pointee.host_data = Unmanaged.passRetained(SessionLink(self)).toOpaque()
        // Every function of the table, by concept: each file under HostFunctions/ names the
        // header it implements and the batches its functions came in. A function left unset
        // would be NULL to a plugin; HostTableTests checks that none is.
        HostSession.installHostServices(in: table)
        HostSession.installContextFunctions(in: table)
        HostSession.installCoordinatorFunctions(in: table)
        HostSession.installLayerFunctions(in: table)
        HostSession.installViewAnimationFunctions(in: table)
        HostSession.installCoreAnimationFunctions(in: table)
        HostSession.installPropertyAnimatorFunctions(in: table)
        HostSession.installActionFunctions(in: table)
        HostSession.installImageFunctions(in: table)
        HostSession.installShapeFunctions(in: table)
        HostSession.installGradientFunctions(in: table)
        HostSession.installTextFunctions(in: table)
        HostSession.installObjectFunctions(in: table)
        HostSession.installScreenFunctions(in: table)
        HostSession.installDrawFunctions(in: table)
        HostSession.installConstraintFunctions(in: table)
        HostSession.installDynamicsFunctions(in: table)
        // The constraints' pass at the end of every step of the clock (a weak hook: the
        // engine may outlive the session).
        engine.addStepHook { [weak self] in self?.layOutConstraints() }
    }

    /// The handle plugins already have for a layer (one they made or were given), or nil.
    public func knownHandle(for layer: LayerID) -> ah_layer? {
        layerHandles[layer]
    }

    /// The handle plugins use for a layer (issued on first use).
    public func handle(for layer: LayerID) -> ah_layer {
        if let existing = layerHandles[layer] { return existing }
        let handle = layers.insert(layer)
        layerHandles[layer] = handle
        return handle
    }

    deinit {
        // The table stays: a plugin's thread may still hold it. Its link now finds nothing.
        for name in screenNames.values { free(UnsafeMutablePointer(mutating: name)) }
    }

    /// Opens a transition context and returns its handle.
    func openContext(_ state: ContextState) -> ah_context {
        contexts.insert(state)
    }

    /// Closes a context: its handle is stale from now on.
    func closeContext(_ handle: ah_context) {
        contexts.remove(handle)
    }

    /// The session behind a table pointer a plugin passed in; nil once it has gone (from any
    /// thread: the link's weak reference never hands out a session being deinitialized).
    static func from(_ host: UnsafePointer<ah_host>?) -> HostSession? {
        guard let data = host?.pointee.host_data else { return nil }
        return Unmanaged<SessionLink>.fromOpaque(data).takeUnretainedValue().session
    }

    func append(_ level: UInt32, _ message: String) {
        let entry = PluginLogEntry(level: PluginLogEntry.Level(rawValue: level) ?? .error, message: message)
        logEntries.withLock { kept in
            if kept.entries.count < PluginLogEntry.maximumEntries { kept.entries.append(entry) } else { kept.dropped += 1 }
        }
    }

    /// "", for last_error asked from a thread that is not the host's.
    nonisolated(unsafe) static let emptyError = UnsafePointer(strdup("")!)

    /// Whether the caller is on the session's thread.
    var isOnHostThread: Bool { pthread_equal(pthread_self(), hostThread) != 0 }
}

/// What a host table's `host_data` points to: the session, held weakly, so that a call
/// from a plugin's thread after the session has gone finds nil rather than freed memory.
final class SessionLink: @unchecked Sendable {
    /// The session, until it is deinitialized. Swift loads weak references atomically.
    weak var session: HostSession?

    init(_ session: HostSession) {
        self.session = session
    }
}

/// The strings of `ah_host.name` and `.version`: static for the life of the process.
private enum HostStrings {
    nonisolated(unsafe) static let name = UnsafePointer(strdup(HostInfo.name)!)
    nonisolated(unsafe) static let version = UnsafePointer(strdup(HostInfo.version)!)
}

extension HostSession {
    /// Reads a context through a handle from a plugin and writes one answer to `out`.
    static func answer<Value>(_ host: UnsafePointer<ah_host>?, _ handle: ah_context,
                                          _ out: UnsafeMutablePointer<Value>?,
                                          _ read: (ContextState) -> Value) -> ah_status {
        guard let session = from(host) else { return HostError.invalidArgument.status }
        guard session.isOnHostThread else { return ah_status(AH_ERR_INVALID_STATE) }
        guard let out else { return HostError.invalidArgument.status }
        switch session.contexts.lookup(handle) {
        case .success(let state):
            out.pointee = read(state)
            return statusOK
        case .failure(let error):
            return error.status
        }
    }
}
