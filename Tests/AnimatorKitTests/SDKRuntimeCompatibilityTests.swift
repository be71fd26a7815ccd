import AnimatorABI
@testable import AnimatorHost
@testable import AnimatorKit
import Foundation
import Testing
@testable import AnimatorEngine

/// What UIKit code gets from the Objective-C runtime and from UIKit's own initializers,
/// written as libraries write it: key-value coding on views (animating "any property by
/// name"), associated objects (stored properties in extensions), a view controller
/// subclass's `init()`, a nil shadow color.
@Suite struct SDKRuntimeCompatibilityTests {
    let session = HostSession()
    var host: UnsafePointer<ah_host> { UnsafePointer(session.table) }

    @Test func viewsReadAndSetTheirPropertiesByName() {
        CurrentHost.with(host) {
            let view = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 50))
            // Read back boxed as UIKit boxes them.
            #expect((view.value(forKey: "frame") as? NSValue)?.cgRectValue == CGRect(x: 10, y: 20, width: 100, height: 50))
            #expect((view.value(forKey: "center") as? NSValue)?.cgPointValue == CGPoint(x: 60, y: 45))
            #expect((view.value(forKey: "alpha") as? NSNumber)?.doubleValue == 1)
            // Set from boxes and from plain values.
            view.setValue(NSValue(cgRect: CGRect(x: 0, y: 0, width: 40, height: 40)), forKey: "frame")
            view.setValue(0.25, forKey: "alpha")
            view.setValue(UIColor.systemRed, forKey: "backgroundColor")
            view.setValue(NSNumber(value: true), forKey: "hidden")
            #expect(view.frame == CGRect(x: 0, y: 0, width: 40, height: 40) && view.alpha == 0.25 && view.isHidden)
            #expect(view.backgroundColor == .systemRed)
            // Through the layer: a key path of the layer's.
            view.setValue(12, forKeyPath: "layer.cornerRadius")
            #expect(view.layer.cornerRadius == 12)
            view.layer.transform = CATransform3DMakeScale(2, 2, 1)
            #expect((view.value(forKeyPath: "layer.transform.scale.x") as? NSNumber)?.doubleValue == 2)
            // A key no view has is named in the log, not raised.
            #expect(view.value(forKey: "wobble") == nil)
            view.setValue(3, forKey: "frame")
            // A number is no color: the color stays; nil clears it (no fill left).
            view.setValue(3, forKey: "backgroundColor")
            #expect(view.backgroundColor == .systemRed)
            view.setValue(nil, forKey: "backgroundColor")
            #expect((view.backgroundColor?.alpha ?? 0) == 0)
        }
        let messages = session.log.map(\.message)
        #expect(messages.contains { $0.contains("value(forKey:): UIView has no key 'wobble'") }, "\(messages)")
        #expect(messages.contains { $0.contains("setValue(_:forKey: frame): a Int is not a value for it") }, "\(messages)")
    }

    @Test func settingAPropertyByNameInsideAnAnimationBlockAnimates() throws {
        let view = CurrentHost.with(host) { () -> UIView in
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear], animations: {
                view.setValue(0.0, forKey: "alpha")
            })
            return view
        }
        try session.engine.advance(to: 0.5)
        // Linear over a second: half way, half the opacity; the model is already 0.
        let opacity = CurrentHost.with(host) { view.layer.presentation()?.opacity }
        #expect(abs(Double(opacity ?? -1) - 0.5) < 1e-9, "\(String(describing: opacity))")
        #expect(view.alpha == 0)
    }

    /// A stored property in an extension, as UIKit code writes it.
    nonisolated(unsafe) private static var badgeKey: UInt8 = 0

    @Test func associatedObjectsAreKeptPerObjectAndKey() {
        final class Owner: NSObject {}
        let first = Owner(), second = Owner()
        objc_setAssociatedObject(first, &Self.badgeKey, "new", .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        #expect(objc_getAssociatedObject(first, &Self.badgeKey) as? String == "new")
        #expect(objc_getAssociatedObject(second, &Self.badgeKey) == nil)
        // Copied: later changes to the original do not show.
        let text = NSMutableString(string: "draft")
        objc_setAssociatedObject(second, &Self.badgeKey, text, .OBJC_ASSOCIATION_COPY_NONATOMIC)
        text.append(" 2")
        #expect((objc_getAssociatedObject(second, &Self.badgeKey) as? NSString).map { String($0) } == "draft")
        // Assigned: held weakly, gone with the value.
        var target: Owner? = Owner()
        objc_setAssociatedObject(first, &Self.badgeKey, target, .OBJC_ASSOCIATION_ASSIGN)
        #expect(objc_getAssociatedObject(first, &Self.badgeKey) as? Owner === target)
        target = nil
        #expect(objc_getAssociatedObject(first, &Self.badgeKey) == nil)
        // nil removes; removeAssociatedObjects forgets all.
        objc_setAssociatedObject(first, &Self.badgeKey, "again", .OBJC_ASSOCIATION_RETAIN)
        objc_setAssociatedObject(first, &Self.badgeKey, nil, .OBJC_ASSOCIATION_RETAIN)
        #expect(objc_getAssociatedObject(first, &Self.badgeKey) == nil)
        objc_setAssociatedObject(second, &Self.badgeKey, "x", .OBJC_ASSOCIATION_RETAIN)
        objc_removeAssociatedObjects(second)
        #expect(objc_getAssociatedObject(second, &Self.badgeKey) == nil)
    }

    /// UIKit's designated initializers are init(nibName:bundle:) and init?(coder:): a
    /// subclass's own init() needs no `override`, and one without initializers is made
    /// with `()`.
    final class Form: UIViewController {
        let kind: String
        init() {
            kind = "form"
            super.init(nibName: nil, bundle: nil)
        }
        required init?(coder: NSCoder) { nil }
    }

    final class Plain: UIViewController {}

    @Test func viewControllerSubclassesAreMadeAsOnIOS() {
        #expect(Form().kind == "form" && Plain().title == nil)
        CurrentHost.with(host) {
            let layer = CALayer()
            #expect(layer.shadowColor == .black)
            layer.shadowColor = nil
            #expect(layer.shadowColor == nil)
        }
    }
}
