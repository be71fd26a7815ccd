import AnimatorABI
import Foundation

/// Key-value coding on views, as UIKit code animates "any property by name": the keys of
/// UIView's own properties (numbers as NSNumber, geometry as NSValue, colors and
/// transforms as themselves), and key paths through `layer` ("layer.transform.scale",
/// "layer.cornerRadius") to the layer's. A key a view does not have makes UIKit raise
/// NSUnknownKeyException; here it is logged and nothing is read or set.
extension UIView {
    /// value(forKey:): the property called `key` (`frame`, `bounds`, `center`, `alpha`,
    /// `backgroundColor`, `tintColor`, `transform`, `hidden`, `tag`, `clipsToBounds`,
    /// `userInteractionEnabled`, `layer`), boxed as UIKit boxes it; nil for another key.
    public func value(forKey key: String) -> Any? {
        switch key {
        case "frame": return NSValue(cgRect: frame)
        case "bounds": return NSValue(cgRect: bounds)
        case "center": return NSValue(cgPoint: center)
        case "alpha": return NSNumber(value: Double(alpha))
        case "backgroundColor": return backgroundColor
        case "tintColor": return tintColor
        case "transform": return transform
        case "hidden", "isHidden": return NSNumber(value: isHidden)
        case "tag": return NSNumber(value: tag)
        case "clipsToBounds": return NSNumber(value: clipsToBounds)
        case "userInteractionEnabled", "isUserInteractionEnabled": return NSNumber(value: isUserInteractionEnabled)
        case "layer": return layer
        default:
            unknownKey(key, "value(forKey:)")
            return nil
        }
    }

    /// setValue(_:forKey:): sets the property called `key` (the keys `value(forKey:)`
    /// reads but `layer`) from a value boxed as UIKit boxes it, or given plainly; inside an
    /// animation block the change animates as the property's setter does.
    public func setValue(_ value: Any?, forKey key: String) {
        let given = value.flatMap { CAValue(any: $0) }
        switch (key, given) {
        case ("frame", .rect(let rect)?): frame = rect
        case ("bounds", .rect(let rect)?): bounds = rect
        case ("center", .point(let point)?): center = point
        case ("alpha", .number(let number)?): alpha = number
        case ("backgroundColor", .color(let color)?): backgroundColor = color
        case ("backgroundColor", nil) where value == nil: backgroundColor = nil
        case ("tintColor", .color(let color)?): tintColor = color
        case ("transform", _): if let affine = value as? CGAffineTransform { transform = affine } else { wrongValue(key, value) }
        case ("hidden", .number(let number)?), ("isHidden", .number(let number)?): isHidden = number != 0
        case ("tag", .number(let number)?): tag = Int(number)
        case ("clipsToBounds", .number(let number)?): clipsToBounds = number != 0
        case ("userInteractionEnabled", .number(let number)?), ("isUserInteractionEnabled", .number(let number)?):
            isUserInteractionEnabled = number != 0
        case ("frame", _), ("bounds", _), ("center", _), ("alpha", _), ("backgroundColor", _), ("tintColor", _), ("hidden", _),
             ("isHidden", _),
             ("tag", _), ("clipsToBounds", _), ("userInteractionEnabled", _), ("isUserInteractionEnabled", _):
            wrongValue(key, value)
        default:
            unknownKey(key, "setValue(_:forKey:)")
        }
    }

    /// value(forKeyPath:): a key, or "layer." and a key path of the layer's (its
    /// presentation-free model value, boxed as UIKit boxes it).
    public func value(forKeyPath keyPath: String) -> Any? {
        guard keyPath.hasPrefix("layer.") else { return value(forKey: keyPath) }
        return layer.value(forKeyPath: String(keyPath.dropFirst(6)))?.boxed
    }

    /// setValue(_:forKeyPath:): a key, or "layer." and a key path of the layer's.
    public func setValue(_ value: Any?, forKeyPath keyPath: String) {
        guard keyPath.hasPrefix("layer.") else { return setValue(value, forKey: keyPath) }
        layer.setValue(value, forKeyPath: String(keyPath.dropFirst(6)))
    }

    private func unknownKey(_ key: String, _ call: String) {
        guard let link = HostLink.current else { return }
        link.table.log(link.host, ah_log_level(AH_LOG_WARNING),
                       "\(call): \(type(of: self)) has no key '\(key)' (UIKit would raise NSUnknownKeyException); ignored")
    }

    private func wrongValue(_ key: String, _ value: Any?) {
        guard let link = HostLink.current else { return }
        link.table.log(link.host, ah_log_level(AH_LOG_WARNING),
                       "setValue(_:forKey: \(key)): \(value.map { "a \(type(of: $0))" } ?? "nil") is not a value for it; ignored")
    }
}
