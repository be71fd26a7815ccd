import AnimatorABI
import AnimatorLayout

/// NSTextAlignment (natural and justified lay out as left).
public enum NSTextAlignment: Int, Sendable {
    case left = 0, center = 1, right = 2, justified = 3, natural = 4
}

/// UILabel: a view showing a line (or lines) of text in the system font, laid out as
/// UIKit lays it out in its bounds. Text does not animate: a change shows at once.
open class UILabel: UIView {
    /// The text (nil: none).
    public var text: String? {
        didSet {
            send()
            invalidateIntrinsicContentSize()
        }
    }

    /// sizeThatFits(_:): the text's estimated size (`intrinsicContentSize`).
    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

    /// intrinsicContentSize for Auto Layout: the text's width estimated at 0.55 em a
    /// character (so that layouts do not depend on the fonts a machine has, as the
    /// navigation bar's titles do not) on one line, or its longest line's, and 1.2 em a
    /// line, rounded up to whole points; zero without text.
    open override var intrinsicContentSize: CGSize {
        guard let text, !text.isEmpty else { return .zero }
        let size = LayoutBox.estimatedTextSize(text, pointSize: Double(font?.pointSize ?? 17), lines: numberOfLines)
        return CGSize(width: size.width, height: size.height)
    }
    /// The text color (default black).
    public var textColor: UIColor! = .black { didSet { send() } }
    /// The font (default the system font at 17 points).
    public var font: UIFont! = .systemFont(ofSize: 17) { didSet { send() } }
    /// The alignment (default natural: left).
    public var textAlignment: NSTextAlignment = .natural { didSet { send() } }
    /// numberOfLines: 1 by default; 0 as many as fit.
    public var numberOfLines: Int = 1 { didSet { send() } }

    private func send() {
        guard link.hasEngine else { return }
        guard let text else {
            link.check(link.table.layer_set_text(link.host, layer.handle, nil, nil), "UILabel.text")
            return
        }
        let color = textColor ?? .black, font = self.font ?? .systemFont(ofSize: 17)
        let alignment: Int32 = textAlignment == .center ? Int32(AH_TEXT_CENTER) : textAlignment == .right ? Int32(AH_TEXT_RIGHT)
            : Int32(AH_TEXT_LEFT)
        var style = ah_text_style()
        style.abi = ah_version(major: UInt32(AH_ABI_MAJOR), minor: UInt32(AH_ABI_MINOR))
        style.struct_size = UInt32(MemoryLayout<ah_text_style>.size)
        style.color = ah_color(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
        style.size = font.pointSize
        style.weight = font.hostWeight
        style.alignment = ah_text_alignment(alignment)
        style.lines = UInt32(max(numberOfLines, 0))
        link.check(link.table.layer_set_text(link.host, layer.handle, text, &style), "UILabel.text")
    }
}
