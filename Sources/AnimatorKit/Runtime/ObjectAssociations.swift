import Foundation

/// objc_AssociationPolicy: how an associated value is held.
public enum objc_AssociationPolicy: UInt, Sendable {
    /// Not retained (held weakly here, so it reads nil once it is gone, where the
    /// Objective-C runtime would hand out a dangling pointer).
    case OBJC_ASSOCIATION_ASSIGN = 0
    /// Retained.
    case OBJC_ASSOCIATION_RETAIN_NONATOMIC = 1
    /// Copied (`NSCopying`), else retained.
    case OBJC_ASSOCIATION_COPY_NONATOMIC = 3
    /// Retained.
    case OBJC_ASSOCIATION_RETAIN = 769
    /// Copied (`NSCopying`), else retained.
    case OBJC_ASSOCIATION_COPY = 771
}

/// objc_setAssociatedObject(_:_:_:_:): keeps `value` for `object` under `key` (the address
/// of a variable of yours, `&key`), as the Objective-C runtime does for the extensions
/// UIKit code writes ("a stored property in an extension"); nil removes it. Values of an
/// object that is gone are released at a later call (there is no runtime here to tell
/// when an object dies), never handed to another object.
public func objc_setAssociatedObject(_ object: AnyObject, _ key: UnsafeRawPointer, _ value: Any?,
                                     _ policy: objc_AssociationPolicy) {
    ObjectAssociations.shared.set(object, key, value, policy)
}

/// objc_getAssociatedObject(_:_:): what `objc_setAssociatedObject` keeps for `object`
/// under `key`, or nil.
public func objc_getAssociatedObject(_ object: AnyObject, _ key: UnsafeRawPointer) -> Any? {
    ObjectAssociations.shared.get(object, key)
}

/// objc_removeAssociatedObjects(_:): forgets everything kept for `object`.
public func objc_removeAssociatedObjects(_ object: AnyObject) {
    ObjectAssociations.shared.removeAll(object)
}

/// The associations of the process, as the Objective-C runtime keeps one table: entries
/// by object identity and key, each remembering its object weakly so that an address
/// reused by a new object never finds the old object's values.
final class ObjectAssociations: @unchecked Sendable {
    static let shared = ObjectAssociations()

    private struct Entry {
        weak var owner: AnyObject?
        var values: [UnsafeRawPointer: Value] = [:]
    }

    private enum Value {
        case strong(Any)
        case weak(WeakBox)
    }

    private final class WeakBox {
        weak var object: AnyObject?
        init(_ object: AnyObject) { self.object = object }
    }

    private struct Table {
        var entries: [ObjectIdentifier: Entry] = [:]
        var writesSinceSweep = 0
    }

    /// Guarded by `lock`.
    private var table = Table()
    private let lock = NSLock()

    func set(_ object: AnyObject, _ key: UnsafeRawPointer, _ value: Any?, _ policy: objc_AssociationPolicy) {
        let stored: Value?
        switch (value, policy) {
        case (nil, _): stored = nil
        case (let value?, .OBJC_ASSOCIATION_ASSIGN):
            stored = (value as AnyObject?).map { .weak(WeakBox($0)) }
        case (let value as NSCopying, .OBJC_ASSOCIATION_COPY), (let value as NSCopying, .OBJC_ASSOCIATION_COPY_NONATOMIC):
            stored = .strong(value.copy(with: nil))
        case (let value?, _): stored = .strong(value)
        }
        lock.withLock {
            table.writesSinceSweep += 1
            if table.writesSinceSweep >= 256 {
                table.entries = table.entries.filter { $0.value.owner != nil }
                table.writesSinceSweep = 0
            }
            let id = ObjectIdentifier(object)
            var entry = table.entries[id].flatMap { $0.owner === object ? $0 : nil } ?? Entry(owner: object)
            entry.values[key] = stored
            table.entries[id] = entry.values.isEmpty ? nil : entry
        }
    }

    func get(_ object: AnyObject, _ key: UnsafeRawPointer) -> Any? {
        lock.withLock { () -> Any? in
            guard let entry = table.entries[ObjectIdentifier(object)], entry.owner === object,
                  let value = entry.values[key] else { return nil }
            switch value {
            case .strong(let held): return held
            case .weak(let box): return box.object
            }
        }
    }

    func removeAll(_ object: AnyObject) {
        lock.withLock {
            if table.entries[ObjectIdentifier(object)]?.owner === object { table.entries[ObjectIdentifier(object)] = nil }
        }
    }
}
