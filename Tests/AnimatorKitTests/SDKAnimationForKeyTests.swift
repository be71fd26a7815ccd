@testable import AnimatorHost
@testable import AnimatorKit
import Foundation
import Testing

/// `CALayer.animation(forKey:)` as UIKit code uses it: to ask whether an animation is still
/// running ("don't start the pulse twice") and to read what it was added with.
@Suite struct SDKAnimationForKeyTests {
    @Test func theLayerKeepsACopyWhileTheAnimationRunsAndForgetsItWhenItEnds() throws {
        let session = HostSession()
        let host = UnsafePointer(session.table)
        let (view, pulse) = CurrentHost.with(host) { () -> (UIView, CABasicAnimation) in
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
            let pulse = CABasicAnimation(keyPath: "opacity")
            pulse.fromValue = 1
            pulse.toValue = 0.2
            pulse.duration = 0.4
            view.layer.add(pulse, forKey: "pulse")
            // Changing the original after adding it changes neither the running animation
            // nor the layer's copy (Core Animation copies at add).
            pulse.duration = 9
            return (view, pulse)
        }
        let kept = try #require(CurrentHost.with(host) { view.layer.animation(forKey: "pulse") } as? CABasicAnimation)
        #expect(kept !== pulse)
        #expect(kept.keyPath == "opacity" && kept.duration == 0.4)
        #expect(kept.fromValue as? Int == 1 && kept.toValue as? Double == 0.2)
        // Another handle on the same layer (the view's superlayer's sublayer) finds it too.
        let found = CurrentHost.with(host) { () -> CAAnimation? in
            let parent = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            parent.addSubview(view)
            return parent.layer.sublayers?.first?.animation(forKey: "pulse")
        }
        #expect(found === kept)
        #expect(CurrentHost.with(host) { view.layer.animation(forKey: "other") } == nil)

        // Half way: opacity 1 + (0.2 − 1) × 0.5 = 0.6 on the default (linear) timing: the
        // 0.4-second copy runs, not the 9-second original.
        try session.engine.advance(to: 0.2)
        let opacity = CurrentHost.with(host) { view.layer.presentation()?.opacity } ?? -1
        #expect(abs(Double(opacity) - 0.6) < 1e-6, "\(opacity)")
        #expect(CurrentHost.with(host) { view.layer.animation(forKey: "pulse") } === kept)

        // Finished and removed on completion: gone.
        try session.engine.advance(to: 0.5)
        #expect(CurrentHost.with(host) { view.layer.animation(forKey: "pulse") } == nil)
    }

    @Test func removedReplacedAndHeldAnimationsAnswerAsCoreAnimationDoes() throws {
        let session = HostSession()
        let host = UnsafePointer(session.table)
        let layer = CurrentHost.with(host) { () -> CALayer in
            let layer = CALayer()
            let spin = CAKeyframeAnimation(keyPath: "transform.rotation.z")
            spin.values = [0, Double.pi, 2 * Double.pi]
            spin.duration = 1
            layer.add(spin, forKey: "spin")
            // Removed by key: nil at once.
            layer.removeAnimation(forKey: "spin")
            #expect(layer.animation(forKey: "spin") == nil)

            // A second animation under a key replaces the first.
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.duration = 1
            fade.toValue = 0
            layer.add(fade, forKey: "look")
            let grow = CASpringAnimation(keyPath: "bounds.size.width")
            grow.toValue = 200
            grow.stiffness = 300
            grow.duration = 1
            layer.add(grow, forKey: "look")
            let look = layer.animation(forKey: "look") as? CASpringAnimation
            #expect(look?.keyPath == "bounds.size.width" && look?.stiffness == 300)

            // Held at its end (not removed on completion, filled forwards): still there.
            let hold = CABasicAnimation(keyPath: "position.x")
            hold.toValue = 50
            hold.duration = 0.25
            hold.isRemovedOnCompletion = false
            hold.fillMode = .forwards
            layer.add(hold, forKey: "hold")
            return layer
        }
        try session.engine.advance(to: 2)
        CurrentHost.with(host) {
            #expect(layer.animation(forKey: "look") == nil)
            let held = layer.animation(forKey: "hold") as? CABasicAnimation
            #expect(held?.isRemovedOnCompletion == false && held?.fillMode == .forwards)
            layer.removeAllAnimations()
            #expect(layer.animation(forKey: "hold") == nil)
        }
    }
}
