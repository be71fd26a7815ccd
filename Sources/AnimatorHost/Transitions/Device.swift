import AnimatorEngine

/// A device a run can stand for: its screen in points (upright), its scale, the safe area
/// UIKit reports upright and on its side, the radius of its screen's corners, and whether
/// it is a phone or a pad. The presets are Apple's published figures for each model.
public struct Device: Equatable, Sendable {
    /// The name `--variant` takes.
    public var name: String
    /// The model, for people.
    public var model: String
    /// The screen upright, in points.
    public var portraitSize: Size
    /// Pixels per point (`UITraitCollection.displayScale`).
    public var scale: Double
    /// The safe area upright: the status bar or sensor housing above, the home indicator below.
    public var portraitSafeArea: EdgeInsets
    /// The safe area on its side (home button or indicator to the right).
    public var landscapeSafeArea: EdgeInsets
    /// The radius of the screen's corners, in points (0: square).
    public var cornerRadius: Double
    /// Whether it is an iPad (`UIUserInterfaceIdiom.pad`).
    public var isPad: Bool

    /// iPhone SE (3rd generation): 4.7", a home button, square corners, a 20-point status bar
    /// (hidden on its side).
    public static let iPhoneSE = Device(name: "iphone-se", model: "iPhone SE (3rd generation)",
                                        portraitSize: Size(width: 375, height: 667), scale: 2,
                                        portraitSafeArea: EdgeInsets(top: 20, left: 0, bottom: 0, right: 0),
                                        landscapeSafeArea: .zero, cornerRadius: 0, isPad: false)
    /// iPhone 14: 6.1", a notch, the runs' default screen.
    public static let iPhone = Device(name: "iphone", model: "iPhone 14",
                                      portraitSize: Size(width: 390, height: 844), scale: 3,
                                      portraitSafeArea: EdgeInsets(top: 47, left: 0, bottom: 34, right: 0),
                                      landscapeSafeArea: EdgeInsets(top: 0, left: 47, bottom: 21, right: 47),
                                      cornerRadius: 47.33, isPad: false)
    /// iPhone 15 Pro Max: 6.7", the Dynamic Island.
    public static let iPhoneProMax = Device(name: "iphone-pro-max", model: "iPhone 15 Pro Max",
                                            portraitSize: Size(width: 430, height: 932), scale: 3,
                                            portraitSafeArea: EdgeInsets(top: 59, left: 0, bottom: 34, right: 0),
                                            landscapeSafeArea: EdgeInsets(top: 0, left: 59, bottom: 21, right: 59),
                                            cornerRadius: 55, isPad: false)
    /// iPad (10th generation): 10.9".
    public static let iPad = Device(name: "ipad", model: "iPad (10th generation)",
                                    portraitSize: Size(width: 820, height: 1180), scale: 2,
                                    portraitSafeArea: EdgeInsets(top: 24, left: 0, bottom: 20, right: 0),
                                    landscapeSafeArea: EdgeInsets(top: 24, left: 0, bottom: 20, right: 0),
                                    cornerRadius: 18, isPad: true)

    /// Every preset, smallest first.
    public static let presets = [iPhoneSE, iPhone, iPhoneProMax, iPad]
}
