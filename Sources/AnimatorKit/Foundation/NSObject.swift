/// UIKit's NSObject, as the base class animators and delegates are written on. It has no
/// Objective-C runtime behind it: `@objc` and `#selector` do not exist on Linux.
open class NSObject {
    /// Creates the object.
    public init() {}
}

/// Foundation's NSCoder, for the `required init?(coder:)` UIView subclasses write; nothing
/// is ever decoded on Linux.
public final class NSCoder {}
