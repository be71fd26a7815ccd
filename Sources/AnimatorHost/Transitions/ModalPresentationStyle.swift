/// UIModalPresentationStyle, with UIKit's raw values (the styles this host implements).
public enum ModalPresentationStyle: UInt32, Sendable, CaseIterable {
    case fullScreen = 0
    case pageSheet = 1
    case custom = 4
    case overFullScreen = 5

    /// The name the command line and routes use: fullScreen, pageSheet, custom, overFullScreen.
    public var name: String {
        switch self {
        case .fullScreen: return "fullScreen"
        case .pageSheet: return "pageSheet"
        case .custom: return "custom"
        case .overFullScreen: return "overFullScreen"
        }
    }

    /// The style with this name (case ignored), or nil.
    public init?(name: String) {
        guard let style = Self.allCases.first(where: { $0.name.lowercased() == name.lowercased() }) else { return nil }
        self = style
    }
}
