import AnimatorABI

/// UIInterfaceOrientationMask: the orientations a view controller supports (its bits are
/// UIKit's: 1 shifted by each orientation's raw value).
public struct UIInterfaceOrientationMask: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let portrait = UIInterfaceOrientationMask(rawValue: 1 << 1)
    public static let portraitUpsideDown = UIInterfaceOrientationMask(rawValue: 1 << 2)
    public static let landscapeRight = UIInterfaceOrientationMask(rawValue: 1 << 3)
    public static let landscapeLeft = UIInterfaceOrientationMask(rawValue: 1 << 4)
    public static let landscape: UIInterfaceOrientationMask = [.landscapeLeft, .landscapeRight]
    public static let all: UIInterfaceOrientationMask = [.portrait, .portraitUpsideDown, .landscape]
    public static let allButUpsideDown: UIInterfaceOrientationMask = [.portrait, .landscape]
}

extension UIViewController {
    /// Tells the host what this screen supports (screen_orientations, ABI 1.13), as the
    /// host asks when the device turns: when it is loaded or shown.
    func reportOrientations() {
        guard let view = viewIfLoaded, view.layer.handle != 0 else { return }
        let link = view.layer.link
        let end = MemoryLayout<ah_host>.offset(of: \.screen_orientations)! + MemoryLayout<UnsafeRawPointer?>.size
        guard link.hasEngine, link.table.abi.minor >= 13, Int(link.table.struct_size) >= end else { return }
        let mask = UInt32(truncatingIfNeeded: supportedInterfaceOrientations.rawValue) & 0x1E
        guard mask != 0 else {
            link.table.log(link.host, ah_log_level(AH_LOG_WARNING),
                           "supportedInterfaceOrientations is empty: UIKit raises; every orientation is taken instead")
            return
        }
        link.check(link.table.screen_orientations(link.host, view.layer.handle, mask), "supportedInterfaceOrientations")
    }
}
