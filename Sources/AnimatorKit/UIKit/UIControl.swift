import Foundation

/// UIAction (iOS 14): a closure a control runs for its events, UIKit's own closure form of
/// target-action, so button code needs no `#selector`.
public final class UIAction: NSObject {
    /// The title (a menu's; kept).
    public let title: String
    /// The control that sent it, while its handler runs.
    public internal(set) weak var sender: AnyObject?
    let handler: (UIAction) -> Void

    /// An action running `handler`.
    public init(title: String = "", image: UIImage? = nil, handler: @escaping (UIAction) -> Void) {
        self.title = title
        self.handler = handler
        super.init()
    }
}

/// UIControl: a view that sends actions for its events. The host's taps reach it through
/// hit testing, as a finger's would: a tap is `.touchUpInside` (and `.primaryActionTriggered`).
open class UIControl: UIView {
    /// UIControl.Event (UIKit's bits).
    public struct Event: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// A finger went down on it.
        public static let touchDown = Event(rawValue: 1 << 0)
        /// A finger lifted inside it: a tap.
        public static let touchUpInside = Event(rawValue: 1 << 6)
        /// Its value changed.
        public static let valueChanged = Event(rawValue: 1 << 12)
        /// Its primary action (a button's tap).
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
    }

    /// UIControl.State (UIKit's bits).
    public struct State: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// No other state.
        public static let normal = State([])
        /// Touched.
        public static let highlighted = State(rawValue: 1 << 0)
        /// Not enabled.
        public static let disabled = State(rawValue: 1 << 1)
        /// Selected.
        public static let selected = State(rawValue: 1 << 2)
    }

    /// Whether it takes taps and sends actions.
    open var isEnabled = true
    /// Whether it is selected.
    open var isSelected = false
    /// Whether a finger is on it (never here: a tap is over at once).
    open var isHighlighted = false
    private var actions: [(action: UIAction, events: Event)] = []

    /// addAction(_:for:): runs `action` for `events`.
    public func addAction(_ action: UIAction, for events: Event) {
        actions.append((action, events))
    }

    /// removeAction(_:for:).
    public func removeAction(_ action: UIAction, for events: Event) {
        actions.removeAll { $0.action === action && !$0.events.intersection(events).isEmpty }
    }

    /// sendActions(for:): runs the actions registered for any of `events`.
    public func sendActions(for events: Event) {
        for entry in actions where !entry.events.intersection(events).isEmpty {
            entry.action.sender = self
            entry.action.handler(entry.action)
            entry.action.sender = nil
        }
    }

    /// A tap on it: `.touchUpInside` and `.primaryActionTriggered`; whether it took it.
    func takeTap() -> Bool {
        guard isEnabled, isUserInteractionEnabled else { return false }
        sendActions(for: [.touchDown, .touchUpInside, .primaryActionTriggered])
        return true
    }
}

/// UIButton: a control with a title (and an image) for each state; taps send its actions.
open class UIButton: UIControl {
    /// UIButton.ButtonType.
    public enum ButtonType: Int, Sendable {
        case custom = 0, system = 1, detailDisclosure, infoLight, infoDark, contactAdd, close = 7
    }

    /// Its type.
    public private(set) var buttonType: ButtonType = .custom
    private var titles: [UInt: String] = [:]
    private var titleColors: [UInt: UIColor] = [:]
    private var images: [UInt: UIImage] = [:]
    /// The label showing the current title, made on first use.
    public private(set) lazy var titleLabel: UILabel? = {
        let label = UILabel(frame: bounds)
        label.textAlignment = .center
        addSubview(label)
        return label
    }()
    /// The view showing the current image, made on first use.
    public private(set) lazy var imageView: UIImageView? = {
        let view = UIImageView(frame: bounds)
        view.contentMode = .center
        insertSubview(view, at: 0)
        return view
    }()

    /// UIButton(type:).
    public convenience init(type buttonType: ButtonType) {
        self.init(frame: .zero)
        self.buttonType = buttonType
        if buttonType == .system { setTitleColor(.systemBlue, for: .normal) }
    }

    /// UIButton(type:primaryAction:) (iOS 14): a button whose tap runs `primaryAction`.
    public convenience init(type buttonType: ButtonType = .system, primaryAction: UIAction?) {
        self.init(type: buttonType)
        if let primaryAction { addAction(primaryAction, for: .primaryActionTriggered) }
    }

    private var currentState: State { isEnabled ? (isSelected ? .selected : .normal) : .disabled }

    /// setTitle(_:for:).
    public func setTitle(_ title: String?, for state: State) {
        titles[state.rawValue] = title
        refresh()
    }

    /// title(for:): the title for `state` (the normal one when none was set for it).
    public func title(for state: State) -> String? { titles[state.rawValue] ?? titles[State.normal.rawValue] }

    /// setTitleColor(_:for:).
    public func setTitleColor(_ color: UIColor?, for state: State) {
        titleColors[state.rawValue] = color
        refresh()
    }

    /// setImage(_:for:).
    public func setImage(_ image: UIImage?, for state: State) {
        images[state.rawValue] = image
        refresh()
    }

    /// The title shown now.
    public var currentTitle: String? { title(for: currentState) }

    private func refresh() {
        if let title = title(for: currentState) {
            titleLabel?.text = title
            titleLabel?.textColor = titleColors[currentState.rawValue] ?? titleColors[State.normal.rawValue] ?? .white
        }
        if let image = images[currentState.rawValue] ?? images[State.normal.rawValue] { imageView?.image = image }
    }

    /// The title and image fill the button.
    open override func layoutSubviews() {
        super.layoutSubviews()
        titleLabel?.frame = bounds
        imageView?.frame = bounds
    }

    /// intrinsicContentSize: the title's estimated size with UIKit's default insets.
    open override var intrinsicContentSize: CGSize {
        guard let text = currentTitle, !text.isEmpty, let label = titleLabel else {
            return CGSize(width: 30, height: 34)
        }
        let size = label.intrinsicContentSize
        return CGSize(width: size.width + 12, height: max(size.height + 12, 34))
    }
}
