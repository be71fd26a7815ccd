import AnimatorABI
import Glibc
import Foundation

/// UIView, reached through the host: a view of the host's engine. Its changes animate
/// inside `UIView.animate` calls (and property animators) and nowhere else.
///
/// Its initializers are UIKit's: subclasses override `init(frame:)` and implement
/// `init?(coder:)` as iOS code does, and inherit `init()`. Like UIKit's, it is an
/// `NSObject`: equal only to itself, with `isKind(of:)`.
open class UIView: NSObject {
    /// The backing layer.
    public let layer: CALayer
    /// The gesture recognizers attached to this view object (addGestureRecognizer).
    var gestureRecognizerList: [UIGestureRecognizer] = []
    /// How the content (an image view's image, a snapshot's picture) is laid out in the
    /// bounds: the layer's contentsGravity (scaleToFill by default, as in UIKit).
    public var contentMode: ContentMode = .scaleToFill {
        didSet { layer.contentsGravity = contentMode.gravity }
    }
    /// tintColor: kept for code that sets it (the host's views draw no template images).
    public var tintColor: UIColor! = .systemBlue
    /// accessibilityLabel: the view's description for assistive technologies (kept: there
    /// are none here to read it, and it draws nothing).
    public var accessibilityLabel: String?
    /// accessibilityHint: kept, as `accessibilityLabel`.
    public var accessibilityHint: String?
    /// accessibilityIdentifier: kept, as `accessibilityLabel` (UI tests' name for the view).
    public var accessibilityIdentifier: String?
    /// isAccessibilityElement: kept, as `accessibilityLabel`.
    public var isAccessibilityElement = false

    /// awakeFromNib(): UIKit calls it on views loaded from a nib or storyboard; views here
    /// are made in code, so it is never called (override it as on iOS; call it yourself
    /// from `init(frame:)` if your setup lives there).
    open func awakeFromNib() {}

    /// A layer the next `init(frame:)` of the class being wrapped takes on this thread
    /// instead of making a view (the SDK wrapping a view the host gave). Keyed by that
    /// class, so a view a subclass makes in a stored property's initializer (before its
    /// `super.init(frame:)`) makes its own.
    private final class Adoption {
        let layer: CALayer
        let type: ObjectIdentifier
        init(layer: CALayer, type: ObjectIdentifier) {
            self.layer = layer
            self.type = type
        }
    }

    private static let adoptedLayerKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// Creates a view (inside a host call; outside one, a view that does nothing and says
    /// so when used).
    public init(frame: CGRect) {
        var laidOutOnce = false
        if let pending = pthread_getspecific(UIView.adoptedLayerKey),
           Unmanaged<Adoption>.fromOpaque(pending).takeUnretainedValue().type == ObjectIdentifier(type(of: self)) {
            pthread_setspecific(UIView.adoptedLayerKey, nil)
            layer = Unmanaged<Adoption>.fromOpaque(pending).takeRetainedValue().layer
        } else if let link = HostLink.current, link.hasEngine {
            var handle: ah_layer = 0
            link.check(link.table.view_create(link.host, frame.cValue, &handle), "UIView(frame:)")
            // layerClass: an object of that class (yours included, made with its init())
            // on the view's layer, which is a shape or gradient layer for those classes.
            var kind = (type(of: self).layerClass as? CALayer.Type) ?? CALayer.self
            if link.hasDrawing, kind is CAShapeLayer.Type {
                link.check(link.table.view_set_layer_class(link.host, handle, 1), "layerClass")
            } else if link.hasDrawing, kind is CAGradientLayer.Type {
                link.check(link.table.view_set_layer_class(link.host, handle, 2), "layerClass")
            } else if kind is CAShapeLayer.Type || kind is CAGradientLayer.Type {
                kind = CALayer.self
            }
            layer = kind.init(sharing: CALayerSharing(link: link, handle: handle, model: nil))
            // A new view is laid out once, as UIKit lays it out before it is first drawn
            // (a plain UIView's layoutSubviews does nothing: not asked for).
            laidOutOnce = type(of: self) != UIView.self
        } else {
            layer = CALayer(link: HostLink(host: CALayer.inert), handle: 0)
        }
        super.init()
        layer.delegateObject = self
        if laidOutOnce {
            needsLayoutSubviews = true
            LayoutPass.layoutSubviewsDue(self)
            // And drawn once, as UIKit draws a view before it first shows it (a plain
            // UIView's draw(_:) draws nothing: not asked).
            DisplayPass.due(self)
        }
        keepWithHost()
        registerActionOverride()
    }

    /// The address this copy of AnimatorKit keeps its view objects under with the host
    /// (layer_set_object's key): a library's views are never taken for another's.
    private static var objectKey: UnsafeRawPointer { UnsafeRawPointer(bitPattern: objectKeyAddress)! }
    /// A byte of this copy's own, allocated once and never freed: its address is the key.
    private static let objectKeyAddress = UInt(bitPattern: UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1))

    /// Gives the host this object to keep for its view (batch 1.8), as a view hierarchy
    /// keeps its views: every call that finds the view then gives back this object.
    private func keepWithHost() {
        let link = layer.link
        guard layer.handle != 0, link.hasObjects else { return }
        let object = Unmanaged.passRetained(self)
        let kept = link.check(link.table.layer_set_object(link.host, layer.handle, UIView.objectKey, object.toOpaque(), { object in
            if let object { Unmanaged<UIView>.fromOpaque(object).release() }
        }), "UIView")
        if !kept { object.release() }
    }

    /// The view object for a view handle the host gave: the one already made for it (by
    /// the plugin, with its subclass, or by an earlier call), or a new one.
    static func wrapping(_ handle: ah_layer, host: UnsafePointer<ah_host>) -> UIView {
        let link = HostLink(host: host)
        if handle != 0, link.hasObjects {
            var object: UnsafeMutableRawPointer?
            if link.table.layer_object(host, handle, UIView.objectKey, &object) == ah_status(AH_OK), let object {
                return Unmanaged<UIView>.fromOpaque(object).takeUnretainedValue()
            }
        }
        // The window is one object of its own class, whichever way it is first reached.
        if handle != 0, handle == UIWindow.handle(link) { return UIWindow(handle: handle, host: host) }
        return UIView(handle: handle, host: host)
    }

    /// NSCoding: there are no archived views on Linux; always nil.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// Wraps `layer`, a view the host gave.
    convenience init(layer: CALayer) {
        let adoption = Adoption(layer: layer, type: ObjectIdentifier(Self.self))
        pthread_setspecific(UIView.adoptedLayerKey, Unmanaged.passRetained(adoption).toOpaque())
        self.init(frame: .zero)
    }

    /// Creates a view with a zero frame (inside a host call).
    public override convenience init() {
        self.init(frame: CGRect(x: 0, y: 0, width: 0, height: 0))
    }

    /// action(for:forKey:), UIView's answer as its layer's delegate: override it in a
    /// subclass to give this view's changes your own actions (an animation, `NSNull()`, or
    /// a `CAAction`). UIKit's own answer, which `super` returns: inside an animation block,
    /// the block's animation of the change (a CABasicAnimation on its curve, or a
    /// CASpringAnimation, with its duration and delay: copy its timing to animate
    /// something of your own along with the block); nil outside one. The layer still holds
    /// the old value while this is asked.
    open func action(for layer: CALayer, forKey event: String) -> CAAction? {
        guard layer.handle == self.layer.handle else { return nil }
        return UIView.blockAction(for: layer, forKey: event)
    }

    /// For a subclass written outside AnimatorKit: asks the host to consult its
    /// `action(for:forKey:)` first. The host keeps the view object (as a view hierarchy
    /// keeps its views) until its session ends.
    /// A layer of your class (`layerClass`) is asked through its own `action(forKey:)`,
    /// which asks this view by default, as Core Animation asks a layer.
    private func registerActionOverride() {
        guard layer.handle != 0, layer.link.hasEngine,
              layer.isPluginSubclass || !String(reflecting: type(of: self)).hasPrefix("AnimatorKit.") else { return }
        let link = layer.link, handle = layer.handle
        ActionLookupBox(host: link.host, lookup: { [self] asked, key in
            guard self.layer.isPluginSubclass else { return action(for: asked, forKey: key) }
            self.layer.pendingChange = asked.pendingChange
            defer { self.layer.pendingChange = nil }
            return self.layer.action(forKey: key)
        })
            .give(link, "action(for:forKey:)") { answer, box, release in
                link.table.view_set_action_delegate(link.host, handle, answer, box, release)
            }
    }

    /// Wraps a view handle the host gave (e.g. from a transition context).
    public convenience init(handle: ah_layer, host: UnsafePointer<ah_host>) {
        self.init(layer: CALayer(link: HostLink(host: host), handle: handle))
    }

    var link: HostLink { layer.link }

    /// The frame in the superview's coordinates (overridable, as in UIKit).
    open var frame: CGRect {
        get { layer.frame }
        set {
            let size = layer.bounds.size
            layer.frame = newValue
            if layer.bounds.size != size { sizeChanged(from: size) }
            notifyObservers()
        }
    }
    /// The bounds (overridable).
    open var bounds: CGRect {
        get { layer.bounds }
        set {
            let size = layer.bounds.size
            layer.bounds = newValue
            if newValue.size != size { sizeChanged(from: size) }
            notifyObservers()
        }
    }

    /// The bounds' size changed: layoutSubviews is due, and so is drawing with `.redraw`.
    private func sizeChanged(from old: CGSize) {
        needsLayoutSubviews = true
        LayoutPass.layoutSubviewsDue(self)
        if contentMode == .redraw { DisplayPass.due(self) }
        if autoresizesSubviews { resizeSubviews(from: old, to: bounds.size) }
    }

    /// autoresizesSubviews: whether a change of size moves and resizes the subviews by
    /// their `autoresizingMask` (default true).
    public var autoresizesSubviews = true

    /// UIKit's autoresizing: on each axis the change of size is shared among the flexible
    /// parts of a subview (its margin before, its length, its margin after) in proportion
    /// to their present sizes (equally when they are all zero); fixed parts keep theirs.
    /// Views placed by constraints are left to them.
    func resizeSubviews(from old: CGSize, to new: CGSize) {
        for subview in subviews where subview.translatesAutoresizingMaskIntoConstraints && !subview.autoresizingMask.isEmpty {
            let mask = subview.autoresizingMask
            let frame = subview.frame
            func share(_ delta: CGFloat, _ parts: [(flexible: Bool, size: CGFloat)]) -> [CGFloat] {
                let flexible = parts.filter(\.flexible)
                guard !flexible.isEmpty, delta != 0 else { return parts.map { _ in 0 } }
                let total = flexible.reduce(0) { $0 + max($1.size, 0) }
                return parts.map { part in
                    guard part.flexible else { return 0 }
                    return total > 0 ? delta * max(part.size, 0) / total : delta / CGFloat(flexible.count)
                }
            }
            let x = share(new.width - old.width, [(mask.contains(.flexibleLeftMargin), frame.minX),
                                                  (mask.contains(.flexibleWidth), frame.width),
                                                  (mask.contains(.flexibleRightMargin), old.width - frame.maxX)])
            let y = share(new.height - old.height, [(mask.contains(.flexibleTopMargin), frame.minY),
                                                    (mask.contains(.flexibleHeight), frame.height),
                                                    (mask.contains(.flexibleBottomMargin), old.height - frame.maxY)])
            let moved = CGRect(x: frame.minX + x[0], y: frame.minY + y[0], width: frame.width + x[1], height: frame.height + y[1])
            if moved != frame { subview.frame = moved }
        }
    }

    /// draw(_:): override to draw the view's content with Core Graphics or UIKit's drawing
    /// calls (`UIBezierPath.fill()`, `UIGraphicsGetCurrentContext()`); `rect` is the
    /// bounds. UIKit calls it once before the view first shows and after setNeedsDisplay().
    open func draw(_ rect: CGRect) {}

    /// setNeedsDisplay(): `draw(_:)` runs again at the end of this host call.
    public func setNeedsDisplay() { DisplayPass.due(self) }

    /// setNeedsDisplay(_:): the whole view is drawn again.
    public func setNeedsDisplay(_ rect: CGRect) { DisplayPass.due(self) }

    /// drawHierarchy(in:afterScreenUpdates:): the view and its subviews as they are now,
    /// drawn into `rect` of the current context.
    @discardableResult
    public func drawHierarchy(in rect: CGRect, afterScreenUpdates afterUpdates: Bool) -> Bool {
        guard let context = UIGraphicsGetCurrentContext() else { return false }
        context.drawLayer(layer, in: rect)
        return true
    }

    /// Whether the layer's contents are what `draw(_:)` drew.
    var showsDrawing = false

    /// The motion effects added (UIMotionEffect.swift).
    var storedMotionEffects: [UIMotionEffect] = []

    /// The view controller whose view this is (its layout callbacks run around this view's).
    weak var controller: UIViewController?

    /// Key-value observations of this view (KeyValueObserving.swift).
    var observers: [(id: Int, notify: () -> Void)] = []
    /// The last observation's number.
    var nextObservationID = 0
    /// The center in the superview's coordinates (overridable).
    open var center: CGPoint {
        get { layer.position }
        set {
            layer.position = newValue
            notifyObservers()
        }
    }
    /// The affine part of the layer's transform.
    public var transform: CGAffineTransform {
        get {
            let t = layer.transform
            return CGAffineTransform(a: t.m11, b: t.m12, c: t.m21, d: t.m22, tx: t.m41, ty: t.m42)
        }
        set {
            layer.transform = newValue.transform3D
            notifyObservers()
        }
    }
    public var alpha: CGFloat {
        get { CGFloat(layer.opacity) }
        set {
            layer.set("opacity", .number(newValue))
            notifyObservers()
        }
    }
    public var isHidden: Bool {
        get { layer.isHidden }
        set {
            // Only an arranged subview of a stack view asks what it was (a host call).
            guard let stack = arrangingStack else { return layer.isHidden = newValue }
            let changed = newValue != layer.isHidden
            layer.isHidden = newValue
            if changed { stack.arrangedVisibilityChanged() }
        }
    }
    /// The stack view laying this view out, if it is one of its arranged subviews.
    weak var arrangingStack: UIStackView?
    /// The view whose layer masks this one's (`mask`), kept as the object the app gave.
    var maskView: UIView?
    public var backgroundColor: UIColor? {
        get { layer.backgroundColor }
        set { layer.backgroundColor = newValue }
    }
    public var clipsToBounds: Bool {
        get { layer.masksToBounds }
        set { layer.masksToBounds = newValue }
    }

    /// Names the view (screen titles, timelines).
    public func setName(_ name: String) {
        guard link.hasEngine else { return }
        link.check(link.table.layer_set_name(link.host, layer.handle, name), "setName")
    }

    /// The superview, if any.
    public var superview: UIView? {
        var parent: ah_layer = 0
        // A view made outside a host call is in no tree.
        guard layer.handle != 0, link.check(link.table.layer_superlayer(link.host, layer.handle, &parent), "superview"), parent != 0 else {
            return nil
        }
        return UIView.wrapping(parent, host: link.host)
    }

    /// Adds a subview on top.
    public func addSubview(_ view: UIView) { insert(view, AH_INSERT_TOP, 0, 0, "addSubview") }

    /// Inserts a subview at an index.
    public func insertSubview(_ view: UIView, at index: Int) {
        insert(view, AH_INSERT_AT_INDEX, UInt32(max(index, 0)), 0, "insertSubview(_:at:)")
    }

    /// Inserts a subview above a sibling.
    public func insertSubview(_ view: UIView, aboveSubview sibling: UIView) {
        insert(view, AH_INSERT_ABOVE, 0, sibling.layer.handle, "insertSubview(_:aboveSubview:)")
    }

    /// Inserts a subview below a sibling.
    public func insertSubview(_ view: UIView, belowSubview sibling: UIView) {
        insert(view, AH_INSERT_BELOW, 0, sibling.layer.handle, "insertSubview(_:belowSubview:)")
    }

    /// Moves a subview above its siblings.
    public func bringSubviewToFront(_ view: UIView) { addSubview(view) }

    /// Moves a subview below its siblings.
    public func sendSubviewToBack(_ view: UIView) { insert(view, AH_INSERT_BOTTOM, 0, 0, "sendSubviewToBack") }

    private func insert(_ view: UIView, _ mode: Int, _ index: UInt32, _ sibling: ah_layer, _ what: String) {
        guard link.hasEngine else { return }
        if view.layer.handle == 0 {
            // Made where no host call was running (a global, a static): it has no layer in
            // the host and never will; say so instead of a bare "invalid handle".
            link.table.log(link.host, ah_log_level(AH_LOG_ERROR),
                           "\(what): the view was made outside any host call (a global or a static?); "
                           + "make views in the export's make closure, an initializer it calls, or animateTransition")
            return
        }
        link.check(link.table.layer_insert(link.host, layer.handle, view.layer.handle, ah_insert_mode(mode), index, sibling), what)
    }

    /// Detaches the view from its superview.
    public func removeFromSuperview() { layer.removeFromSuperlayer() }

    /// resizableSnapshotView(from:afterScreenUpdates:withCapInsets:): a snapshot of the part
    /// `rect` of the view (in its bounds), `rect.size` big, whose picture stretches with its
    /// bounds between the cap insets; the caps keep their size.
    public func resizableSnapshotView(from rect: CGRect, afterScreenUpdates: Bool,
                                      withCapInsets capInsets: UIEdgeInsets) -> UIView? {
        guard let snapshot = snapshotView(afterScreenUpdates: afterScreenUpdates) else { return nil }
        let size = bounds.size
        if size.width > 0, size.height > 0 {
            snapshot.layer.contentsRect = CGRect(x: (rect.origin.x - bounds.origin.x) / size.width,
                                                 y: (rect.origin.y - bounds.origin.y) / size.height,
                                                 width: rect.size.width / size.width, height: rect.size.height / size.height)
        }
        snapshot.frame = CGRect(origin: .zero, size: rect.size)
        if capInsets != .zero, rect.size.width > 0, rect.size.height > 0 {
            // The caps, in unit coordinates of the part snapped; the middle stretches.
            let left = min(max(capInsets.left, 0), rect.size.width), top = min(max(capInsets.top, 0), rect.size.height)
            let right = min(max(capInsets.right, 0), rect.size.width - left)
            let bottom = min(max(capInsets.bottom, 0), rect.size.height - top)
            snapshot.layer.contentsCenter = CGRect(x: left / rect.size.width, y: top / rect.size.height,
                                                   width: (rect.size.width - left - right) / rect.size.width,
                                                   height: (rect.size.height - top - bottom) / rect.size.height)
        }
        return snapshot
    }

    /// snapshotView(afterScreenUpdates:).
    public func snapshotView(afterScreenUpdates: Bool) -> UIView? {
        var handle: ah_layer = 0
        guard link.check(link.table.view_snapshot(link.host, layer.handle, afterScreenUpdates, &handle),
                         "snapshotView") else { return nil }
        return UIView.wrapping(handle, host: link.host)
    }

    // MARK: Animations

    static func settings(_ duration: Double, _ delay: Double, _ options: UIView.AnimationOptions) -> ah_view_animation {
        var settings = ah_view_animation()
        settings.abi = ah_version(major: UInt32(AH_ABI_MAJOR), minor: UInt32(AH_ABI_MINOR))
        settings.struct_size = UInt32(MemoryLayout<ah_view_animation>.size)
        settings.duration = duration
        settings.delay = delay
        settings.options = UInt64(options.rawValue)
        return settings
    }

    private static func run(_ what: String, _ settings: ah_view_animation, _ animations: () -> Void,
                            _ completion: ((Bool) -> Void)?,
                            _ call: (HostLink, UnsafePointer<ah_view_animation>, ah_block, ah_completion?,
                                     UnsafeMutableRawPointer) -> ah_status) {
        guard let link = HostLink.current, link.hasEngine else { return }
        withoutActuallyEscaping(animations) { animations in
            let box = CallbackBox(host: link.host, block: animations, completion: completion)
            var settings = settings
            // Retained once for the completion (released when it runs); borrowed for the block.
            let pointer = completion == nil ? box.borrowed() : box.retained()
            let status = call(link, &settings, CallbackBox.runBlock, completion == nil ? nil : CallbackBox.runCompletionOnce,
                              pointer)
            // The animations block was only lent for the call; the completion may run later.
            box.block = nil
            if !link.check(status, what), completion != nil { CallbackBox.release(pointer) }
        }
    }

    /// UIView.animate(withDuration:delay:options:animations:completion:).
    public static func animate(withDuration duration: Double, delay: Double = 0, options: UIView.AnimationOptions = [],
                               animations: () -> Void, completion: ((Bool) -> Void)? = nil) {
        run("UIView.animate", settings(duration, delay, options), animations, completion) { link, settings, block, done, user in
            link.table.view_animate(link.host, settings, block, done, user)
        }
    }

    /// UIView.animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:options:animations:completion:).
    public static func animate(withDuration duration: Double, delay: Double = 0, usingSpringWithDamping damping: CGFloat,
                               initialSpringVelocity velocity: CGFloat, options: UIView.AnimationOptions = [],
                               animations: () -> Void, completion: ((Bool) -> Void)? = nil) {
        var spring = settings(duration, delay, options)
        spring.use_spring = true
        spring.spring_damping_ratio = damping
        spring.spring_initial_velocity = velocity
        run("UIView.animate(usingSpringWithDamping:)", spring, animations, completion) { link, settings, block, done, user in
            link.table.view_animate(link.host, settings, block, done, user)
        }
    }

    /// UIView.animateKeyframes(withDuration:delay:options:animations:completion:).
    public static func animateKeyframes(withDuration duration: Double, delay: Double = 0,
                                        options: UIView.AnimationOptions = [], animations: () -> Void,
                                        completion: ((Bool) -> Void)? = nil) {
        run("UIView.animateKeyframes", settings(duration, delay, options), animations, completion) { link, settings, block, done, user in
            link.table.view_animate_keyframes(link.host, settings, block, done, user)
        }
    }

    /// UIView.addKeyframe(withRelativeStartTime:relativeDuration:animations:).
    public static func addKeyframe(withRelativeStartTime start: Double, relativeDuration duration: Double,
                                   animations: () -> Void) {
        guard let link = HostLink.current, link.hasEngine else { return }
        withoutActuallyEscaping(animations) { animations in
            let box = CallbackBox(host: link.host, block: animations)
            link.check(link.table.view_add_keyframe(link.host, start, duration, CallbackBox.runBlock, box.borrowed()),
                       "UIView.addKeyframe")
        }
    }

    /// isOpaque: a drawing hint; nothing changes here.
    public var isOpaque: Bool = true
    /// isUserInteractionEnabled: there are no touches in the host; kept for code that sets it.
    public var isUserInteractionEnabled: Bool = true
    /// tag.
    public var tag: Int = 0
    /// autoresizingMask: how the view follows its superview's changes of size (with
    /// `translatesAutoresizingMaskIntoConstraints`).
    public var autoresizingMask: AutoresizingMask = []
    /// The constraints installed on this view (NSLayoutConstraint.isActive).
    var installedConstraints: [NSLayoutConstraint] = []
    /// The safe area's layout guide, made on first use and kept (constraints hold their
    /// items weakly, as UIKit's do, so the view owns its guide).
    var safeAreaGuide: UILayoutGuide?
    /// Content hugging and compression resistance priorities (UIKit's defaults).
    var huggingPriorities = (horizontal: UILayoutPriority.defaultLow, vertical: UILayoutPriority.defaultLow)
    var compressionPriorities = (horizontal: UILayoutPriority.defaultHigh, vertical: UILayoutPriority.defaultHigh)
    /// translatesAutoresizingMaskIntoConstraints: true (the default) keeps the view where
    /// its frame puts it; false hands its frame to its constraints.
    public var translatesAutoresizingMaskIntoConstraints = true {
        didSet { LayoutPass.invalidate(self) }
    }
    /// intrinsicContentSize: the size its content wants (UIView.noIntrinsicMetric, -1, for
    /// none, the default); labels and image views have one.
    /// layerClass: the class of the layer behind the view; override with `CAShapeLayer.self`
    /// or `CAGradientLayer.self` to draw the view as one (`layer as! CAShapeLayer`).
    open class var layerClass: AnyClass { CALayer.self }

    /// UIDynamicItem's collision shape: override for `.ellipse` or `.path` (default `.rectangle`).
    open var collisionBoundsType: UIDynamicItemCollisionBoundsType { .rectangle }

    /// UIDynamicItem's outline for `.path`, around the view's center.
    open var collisionBoundingPath: UIBezierPath { UIBezierPath() }

    open var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric) }
    /// UIView.noIntrinsicMetric.
    public static let noIntrinsicMetric: CGFloat = -1
    /// invalidateIntrinsicContentSize(): lays out again with the new size.
    public func invalidateIntrinsicContentSize() { LayoutPass.invalidate(self) }
    /// layoutIfNeeded(): when a constraint in this view's tree changed, solves them now and
    /// sets the frames (inside an animation block, the frames animate).
    public func layoutIfNeeded() { LayoutPass.layoutIfNeeded(self) }
    /// setNeedsLayout(): lays the tree out again at the end of this host call (or at the
    /// next layoutIfNeeded), calling this view's `layoutSubviews()`.
    public func setNeedsLayout() {
        needsLayoutSubviews = true
        LayoutPass.layoutSubviewsDue(self)
    }
    /// Whether `layoutSubviews()` is due (setNeedsLayout, or the bounds' size changed).
    var needsLayoutSubviews = false

    /// traitCollectionDidChange(_:): the traits changed (after a turn that changed a size
    /// class); `previousTraitCollection` is what they were. Called on every view of a
    /// screen's tree, as UIKit calls it.
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

    /// Calls traitCollectionDidChange on this view and its subviews, leaving the views of
    /// child view controllers to them when `stoppingAtControllers` (each tells its own).
    func tellTraitCollectionChanged(_ previous: UITraitCollection?, stoppingAtControllers: Bool) {
        traitCollectionDidChange(previous)
        for subview in subviews {
            if stoppingAtControllers, subview.controller != nil { continue }
            subview.tellTraitCollectionChanged(previous, stoppingAtControllers: stoppingAtControllers)
        }
    }

    /// layoutSubviews(): override to place subviews by hand; UIKit calls it (and so does the
    /// host's layout pass) after setNeedsLayout or a change of the bounds' size, once the
    /// constraints' frames are set, parents before children.
    open func layoutSubviews() {}

    /// sizeThatFits(_:): the size the view would like within `size` (default: its own).
    open func sizeThatFits(_ size: CGSize) -> CGSize { bounds.size }

    /// sizeToFit(): resizes the bounds to `sizeThatFits` of the current size, keeping the origin.
    open func sizeToFit() {
        let fitted = sizeThatFits(bounds.size)
        frame = CGRect(origin: frame.origin, size: fitted)
    }

    /// UIView.AutoresizingMask.
    public struct AutoresizingMask: OptionSet, Sendable {
        /// UIKit's bits.
        public let rawValue: UInt
        /// A mask from UIKit's bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// The margins and sizes that may stretch, as in UIKit.
        public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
        public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
        public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
        public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
    }

    /// UIView.KeyframeAnimationOptions: the same bits as AnimationOptions.
    public typealias KeyframeAnimationOptions = AnimationOptions

    /// UIView.setAnimationsEnabled(_:): while false, `UIView.animate` and its kin change
    /// the views at once and call their completions with true, as UIKit does. The setting
    /// is the host's (UIKit's is global too): set it back when done.
    public static func setAnimationsEnabled(_ enabled: Bool) {
        guard let link = HostLink.current, link.hasEngine else { return }
        link.check(link.table.view_set_animations_enabled(link.host, enabled), "UIView.setAnimationsEnabled")
    }

    /// UIView.areAnimationsEnabled.
    public static var areAnimationsEnabled: Bool {
        guard let link = HostLink.current, link.hasEngine else { return true }
        var enabled = true
        link.check(link.table.view_animations_enabled(link.host, &enabled), "UIView.areAnimationsEnabled")
        return enabled
    }

    /// UIView.performWithoutAnimation(_:).
    public static func performWithoutAnimation(_ actions: () -> Void) {
        guard let link = HostLink.current, link.hasEngine else {
            actions()
            return
        }
        withoutActuallyEscaping(actions) { actions in
            let box = CallbackBox(host: link.host, block: actions)
            link.check(link.table.view_perform_without_animation(link.host, CallbackBox.runBlock, box.borrowed()),
                       "UIView.performWithoutAnimation")
        }
    }

    /// UIView.AnimationOptions (UIKit's raw values).
    public struct AnimationOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
        public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
        public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
        public static let overrideInheritedDuration = AnimationOptions(rawValue: 1 << 5)
        public static let overrideInheritedCurve = AnimationOptions(rawValue: 1 << 6)
        public static let calculationModeLinear = AnimationOptions(rawValue: 0 << 10)
        public static let calculationModeDiscrete = AnimationOptions(rawValue: 1 << 10)
        public static let calculationModePaced = AnimationOptions(rawValue: 2 << 10)
        public static let calculationModeCubic = AnimationOptions(rawValue: 3 << 10)
        public static let calculationModeCubicPaced = AnimationOptions(rawValue: 4 << 10)
        public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
        public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)
        public static let layoutSubviews = AnimationOptions(rawValue: 1 << 0)
        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
        public static let allowAnimatedContent = AnimationOptions(rawValue: 1 << 7)
        public static let showHideTransitionViews = AnimationOptions(rawValue: 1 << 8)
        public static let overrideInheritedOptions = AnimationOptions(rawValue: 1 << 9)
        public static let transitionFlipFromLeft = AnimationOptions(rawValue: 1 << 20)
        public static let transitionFlipFromRight = AnimationOptions(rawValue: 2 << 20)
        public static let transitionCurlUp = AnimationOptions(rawValue: 3 << 20)
        public static let transitionCurlDown = AnimationOptions(rawValue: 4 << 20)
        public static let transitionCrossDissolve = AnimationOptions(rawValue: 5 << 20)
        public static let transitionFlipFromTop = AnimationOptions(rawValue: 6 << 20)
        public static let transitionFlipFromBottom = AnimationOptions(rawValue: 7 << 20)
    }
}
