/// What an animator says about itself; AnimatorKit turns it into an `ah_animator_descriptor`.
public struct AnimatorDescriptor: Sendable {
    /// Stable reverse-DNS id, e.g. "org.animatorhost.bubble".
    public var id: String
    /// Short command-line name, e.g. "bubble".
    public var name: String
    /// Human name, e.g. "Bubble".
    public var displayName: String?
    /// The animator's version, e.g. "1.0.0".
    public var version: String
    /// One sentence.
    public var summary: String?
    /// Who wrote it.
    public var author: String?
    /// Where to read more.
    public var url: String?
    /// The operations it supports.
    public var operations: Operations
    /// Whether it can be driven interactively.
    public var isInteractive: Bool
    /// One instance serves every transition with the same parameter values, present and
    /// dismiss alike (AH_ANIMATOR_SHARED_INSTANCE), as a delegate returning the same object.
    public let sharesInstance: Bool
    /// Its parameters, in the order the host passes their values.
    public var parameters: [Parameter]

    /// Creates a descriptor.
    public init(id: String, name: String, displayName: String? = nil, version: String,
                summary: String? = nil, author: String? = nil, url: String? = nil,
                operations: Operations, isInteractive: Bool = false, parameters: [Parameter] = [],
                sharesInstance: Bool = false) {
        self.sharesInstance = sharesInstance
        self.id = id
        self.name = name
        self.displayName = displayName
        self.version = version
        self.summary = summary
        self.author = author
        self.url = url
        self.operations = operations
        self.isInteractive = isInteractive
        self.parameters = parameters
    }
}

/// A parameter an animator accepts, with its default and, for numbers, its range.
public struct Parameter: Sendable {
    /// The kinds of parameter and their defaults.
    public enum Kind: Sendable {
        /// A number with optional inclusive bounds.
        case number(default: Double, min: Double?, max: Double?)
        /// A boolean.
        case bool(default: Bool)
        /// A point.
        case point(default: CGPoint)
        /// A size.
        case size(default: CGSize)
        /// A color.
        case color(default: UIColor)
        /// A string.
        case string(default: String)
        /// One of `values`.
        case choice(values: [String], default: String)
    }

    /// The parameter's name.
    public var name: String
    /// Its kind and default.
    public var kind: Kind
    /// One line of help.
    public var help: String?

    /// A number parameter; `range` bounds it inclusively.
    public static func number(_ name: String, default value: Double, range: ClosedRange<Double>? = nil,
                              help: String? = nil) -> Parameter {
        Parameter(name: name, kind: .number(default: value, min: range?.lowerBound, max: range?.upperBound),
                  help: help)
    }

    /// A boolean parameter.
    public static func bool(_ name: String, default value: Bool, help: String? = nil) -> Parameter {
        Parameter(name: name, kind: .bool(default: value), help: help)
    }

    /// A point parameter.
    public static func point(_ name: String, default value: CGPoint, help: String? = nil) -> Parameter {
        Parameter(name: name, kind: .point(default: value), help: help)
    }

    /// A size parameter.
    public static func size(_ name: String, default value: CGSize, help: String? = nil) -> Parameter {
        Parameter(name: name, kind: .size(default: value), help: help)
    }

    /// A color parameter.
    public static func color(_ name: String, default value: UIColor, help: String? = nil) -> Parameter {
        Parameter(name: name, kind: .color(default: value), help: help)
    }

    /// A string parameter.
    public static func string(_ name: String, default value: String, help: String? = nil) -> Parameter {
        Parameter(name: name, kind: .string(default: value), help: help)
    }

    /// An enumeration parameter: one of `values`.
    public static func choice(_ name: String, _ values: [String], default value: String,
                              help: String? = nil) -> Parameter {
        Parameter(name: name, kind: .choice(values: values, default: value), help: help)
    }
}
