import Foundation

/// Foundation's NSKeyValueObservingOptions (which Foundation on Linux lacks): what an
/// observation reports.
public struct NSKeyValueObservingOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The change carries the new value.
    public static let new = NSKeyValueObservingOptions(rawValue: 1)
    /// The change carries the old value.
    public static let old = NSKeyValueObservingOptions(rawValue: 2)
    /// The handler runs once at once, with the value as it is.
    public static let initial = NSKeyValueObservingOptions(rawValue: 4)
    /// Kept (no separate notification before a change).
    public static let prior = NSKeyValueObservingOptions(rawValue: 8)
}

/// NSKeyValueChange.
public enum NSKeyValueChange: UInt, Sendable { case setting = 1, insertion, removal, replacement }

/// NSKeyValueObservedChange: what changed.
public struct NSKeyValueObservedChange<Value> {
    /// Always `.setting` for a view's properties.
    public let kind: NSKeyValueChange
    /// With `.new`: the value now.
    public let newValue: Value?
    /// With `.old`: the value before.
    public let oldValue: Value?
    /// Never a prior notification here.
    public let isPrior: Bool
}

/// NSKeyValueObservation: keep it to keep observing; `invalidate()` or letting it go ends it.
public final class NSKeyValueObservation {
    private var end: (() -> Void)?

    init(end: @escaping () -> Void) {
        self.end = end
    }

    /// Stops the observation.
    public func invalidate() {
        end?()
        end = nil
    }

    deinit { invalidate() }
}

/// Key-value observation of views, as Swift's `observe(_:options:changeHandler:)`: the
/// handler runs after a change of the view's geometry or look made through its properties
/// (frame, bounds, center, transform, alpha; a scroll view's contentOffset; constraints'
/// and dynamics' changes included), when the observed value is not what it was.
public protocol UIKeyValueObserving: AnyObject {}

extension UIView: UIKeyValueObserving {}

extension UIKeyValueObserving where Self: UIView {
    /// observe(_:options:changeHandler:).
    public func observe<Value: Equatable>(_ keyPath: KeyPath<Self, Value>, options: NSKeyValueObservingOptions = [],
                                          changeHandler: @escaping (Self, NSKeyValueObservedChange<Value>) -> Void)
        -> NSKeyValueObservation {
        var last = self[keyPath: keyPath]
        if options.contains(.initial) {
            changeHandler(self, NSKeyValueObservedChange(kind: .setting, newValue: options.contains(.new) ? last : nil,
                                                         oldValue: nil, isPrior: false))
        }
        nextObservationID += 1
        let id = nextObservationID
        observers.append((id, { [weak self] in
            guard let self else { return }
            let now = self[keyPath: keyPath]
            guard now != last else { return }
            let before = last
            last = now
            changeHandler(self, NSKeyValueObservedChange(kind: .setting, newValue: options.contains(.new) ? now : nil,
                                                         oldValue: options.contains(.old) ? before : nil, isPrior: false))
        }))
        return NSKeyValueObservation { [weak self] in self?.observers.removeAll { $0.id == id } }
    }
}

extension UIView {
    /// Runs the observations after a change through a property setter.
    func notifyObservers() {
        guard !observers.isEmpty else { return }
        for (_, notify) in observers { notify() }
    }
}
