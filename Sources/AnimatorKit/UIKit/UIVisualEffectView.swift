import AnimatorABI
import Foundation

/// UIKit's UIVisualEffect: what a UIVisualEffectView shows over what lies beneath it.
open class UIVisualEffect {
    /// No effect (as `nil`).
    public init() {}

    /// The backdrop the effect asks of the host, for `traits` (regular and prominent
    /// styles follow light and dark mode).
    func backdrop(dark: Bool) -> Backdrop { Backdrop.none }

    /// A backdrop as the host draws it: blur σ in points, saturation, tint.
    struct Backdrop: Equatable {
        var radius: CGFloat
        var saturation: CGFloat
        var tint: UIColor
        static let none = Backdrop(radius: 0, saturation: 1, tint: UIColor(red: 0, green: 0, blue: 0, alpha: 0))
    }
}

/// UIKit's UIBlurEffect: what lies beneath blurred by a Gaussian, its colors saturated, a
/// tint over it. UIKit's exact filters are private; the host draws each style with the
/// values docs/authoring.md lists (σ of 30 points and saturation 1.8 for every style, a
/// white or near-black tint whose opacity makes the style lighter or thicker).
open class UIBlurEffect: UIVisualEffect {
    /// UIBlurEffect.Style.
    public enum Style: Int, Sendable, CaseIterable {
        case extraLight, light, dark, extraDark, regular, prominent
        case systemUltraThinMaterial, systemThinMaterial, systemMaterial, systemThickMaterial, systemChromeMaterial
        case systemUltraThinMaterialLight, systemThinMaterialLight, systemMaterialLight, systemThickMaterialLight,
             systemChromeMaterialLight
        case systemUltraThinMaterialDark, systemThinMaterialDark, systemMaterialDark, systemThickMaterialDark,
             systemChromeMaterialDark
    }

    /// The style it was made with.
    public let style: Style

    /// A blur of `style`.
    public init(style: Style) {
        self.style = style
        super.init()
    }

    override func backdrop(dark: Bool) -> Backdrop {
        let (white, alpha) = Self.tint(style, dark: dark)
        return Backdrop(radius: 30, saturation: 1.8, tint: UIColor(white: white, alpha: alpha))
    }

    /// The tint's gray level and opacity.
    static func tint(_ style: Style, dark: Bool) -> (CGFloat, CGFloat) {
        let light: [CGFloat] = [0.35, 0.55, 0.72, 0.85, 0.78], darkAlphas: [CGFloat] = [0.45, 0.6, 0.72, 0.85, 0.8]
        switch style {
        case .extraLight: return (0.97, 0.8)
        case .light: return (1, 0.3)
        case .dark: return (0.11, 0.73)
        case .extraDark: return (0.05, 0.8)
        case .regular: return dark ? (0.11, 0.73) : (1, 0.3)
        case .prominent: return dark ? (0.11, 0.73) : (0.97, 0.8)
        case .systemUltraThinMaterial, .systemThinMaterial, .systemMaterial, .systemThickMaterial, .systemChromeMaterial:
            let i = style.rawValue - Style.systemUltraThinMaterial.rawValue
            return dark ? (0.1, darkAlphas[i]) : (0.97, light[i])
        case .systemUltraThinMaterialLight, .systemThinMaterialLight, .systemMaterialLight, .systemThickMaterialLight,
             .systemChromeMaterialLight:
            return (0.97, light[style.rawValue - Style.systemUltraThinMaterialLight.rawValue])
        case .systemUltraThinMaterialDark, .systemThinMaterialDark, .systemMaterialDark, .systemThickMaterialDark,
             .systemChromeMaterialDark:
            return (0.1, darkAlphas[style.rawValue - Style.systemUltraThinMaterialDark.rawValue])
        }
    }
}

/// UIKit's UIVibrancyEffect: kept for code that makes one; the host draws the content of a
/// vibrancy view as it is (no vibrancy blending).
open class UIVibrancyEffect: UIVisualEffect {
    /// The blur it goes with.
    public let blurEffect: UIBlurEffect

    /// Vibrancy for content over `blurEffect`.
    public init(blurEffect: UIBlurEffect) {
        self.blurEffect = blurEffect
        super.init()
    }

    /// iOS 13's styles (label, fill, separator...): kept.
    public convenience init(blurEffect: UIBlurEffect, style: UIVibrancyEffectStyle) {
        self.init(blurEffect: blurEffect)
    }
}

/// UIKit's UIVibrancyEffectStyle.
public enum UIVibrancyEffectStyle: Int, Sendable {
    case label, secondaryLabel, tertiaryLabel, quaternaryLabel, fill, secondaryFill, tertiaryFill, separator
}

/// UIKit's UIVisualEffectView: a view that blurs what lies beneath it (a backdrop the host
/// draws from the pixels under the view, clipped to its corners), with a `contentView` for
/// what goes on top. Setting `effect` inside an animation block animates the blur's radius
/// and tint, as UIKit does when a blur fades in from `nil`.
open class UIVisualEffectView: UIView {
    /// Where the view's own subviews go (it fills the effect view).
    public let contentView: UIView

    /// The effect shown (nil: none).
    open var effect: UIVisualEffect? {
        didSet { show(from: oldValue) }
    }

    /// An effect view showing `effect`.
    public init(effect: UIVisualEffect?) {
        contentView = UIView(frame: .zero)
        self.effect = effect
        super.init(frame: .zero)
        contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(contentView)
        show(from: nil)
    }

    /// An effect view with no effect yet.
    public override convenience init(frame: CGRect) {
        self.init(effect: nil)
        self.frame = frame
    }

    public required init?(coder: NSCoder) {
        contentView = UIView(frame: .zero)
        super.init(frame: .zero)
        addSubview(contentView)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        contentView.frame = bounds
    }

    /// Sends the effect's backdrop to the layer: animated inside an animation block, the
    /// tint fading in its own color (not from black).
    private func show(from old: UIVisualEffect?) {
        let dark = traitCollection.userInterfaceStyle == .dark
        let target = effect?.backdrop(dark: dark) ?? .none
        if effect != nil, old == nil || old?.backdrop(dark: dark) == UIVisualEffect.Backdrop.none {
            UIView.performWithoutAnimation { layer.set("backdropTintColor", .color(target.tint.withAlphaComponent(0))) }
        }
        var tint = target.tint
        if effect == nil, let previous = old?.backdrop(dark: dark) { tint = previous.tint.withAlphaComponent(0) }
        layer.set("backdropBlurRadius", .number(target.radius))
        layer.set("backdropSaturation", .number(target.saturation))
        layer.set("backdropTintColor", .color(tint))
        contentView.frame = bounds
    }
}
