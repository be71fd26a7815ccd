import Foundation
import Testing
@testable import AnimatorEngine
import TestSupport

/// UIView's block, spring and keyframe animations, snapshots and hit testing.
@Suite struct ViewAnimationTests {
    let engine = AnimationEngine()
    let root: View
    let view: View

    init() throws {
        root = engine.makeView(frame: Rect(x: 0, y: 0, width: 390, height: 844), name: "root")
        view = engine.makeView(frame: Rect(x: 0, y: 0, width: 100, height: 100), name: "box")
        try root.addSubview(view)
    }

    func x(_ t: Double) -> Double { view.layer.presentation(at: t).position.x }

    @Test func aBlockAnimatesFromTheOldModelValueOnEaseInOut() throws {
        var finished: Bool?
        engine.animate(withDuration: 1, animations: { view.center = Point(x: 250, y: 50) }, completion: { finished = $0 })
        #expect(view.center.x == 250)
        let eased = referenceBezier((0.42, 0, 0.58, 1), at: 0.3)
        #expect(abs(x(0.3) - (50 + 200 * eased)) < 1e-6)
        try engine.advance(to: 0.5)
        #expect(finished == nil)
        try engine.advance(to: 1)
        #expect(finished == true)
    }

    @Test func aZeroDurationChangesAtOnceAndStillCompletes() throws {
        // UIKit: UIView.animate(withDuration: 0) applies the changes without animation and
        // calls the completion, finished, after the current run loop turn.
        var finished: Bool?
        engine.animate(withDuration: 0, animations: { view.center = Point(x: 250, y: 50) }, completion: { finished = $0 })
        #expect(view.layer.animationKeys().isEmpty)
        #expect(x(engine.currentTime) == 250)
        #expect(finished == nil)
        try engine.advance(by: 0)
        #expect(finished == true)
        // The same for keyframes and for the spring form.
        var keyed: Bool?
        engine.animateKeyframes(withDuration: 0, animations: {
            try? engine.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) { view.alpha = 0.5 }
        }, completion: { keyed = $0 })
        engine.animate(withDuration: 0, usingSpringWithDamping: 0.8, initialSpringVelocity: 1,
                       animations: { view.center = Point(x: 100, y: 50) })
        #expect(view.layer.animationKeys().isEmpty)
        #expect(view.layer.presentation(at: engine.currentTime).opacity == 0.5)
        #expect(x(engine.currentTime) == 100)
        try engine.advance(by: 0)
        #expect(keyed == true)
    }

    @Test func curveOptionsDelayAndFrames() throws {
        engine.animate(withDuration: 1, delay: 0.5, options: .curveLinear, animations: {
            view.frame = Rect(x: 100, y: 0, width: 200, height: 100)
        })
        // During the delay the old value shows (the animation fills backwards).
        #expect(x(0.25) == 50)
        // frame animates as bounds and position: at half time the centre is halfway.
        #expect(abs(x(1) - 125) < 1e-12)
        #expect(abs(view.layer.presentation(at: 1).bounds.size.width - 150) < 1e-12)
        #expect(Set(view.layer.animationKeys()) == ["bounds", "position"])
    }

    @Test func anInterruptedAnimationCompletesUnfinished() throws {
        var first: Bool?
        var second: Bool?
        engine.animate(withDuration: 1, animations: { view.alpha = 0 }, completion: { first = $0 })
        try engine.advance(to: 0.5)
        engine.animate(withDuration: 1, animations: { view.alpha = 1 }, completion: { second = $0 })
        try engine.advance(to: 0.5)
        #expect(first == false)
        try engine.advance(to: 1.5)
        #expect(second == true)
    }

    @Test func beginFromCurrentStateStartsFromWhatShows() throws {
        engine.animate(withDuration: 1, options: .curveLinear, animations: { view.center = Point(x: 250, y: 50) })
        try engine.advance(to: 0.5)
        // 50 → 250 linear: 150 shows at 0.5.
        engine.animate(withDuration: 1, options: [.curveLinear, .beginFromCurrentState],
                       animations: { view.center = Point(x: 50, y: 50) })
        #expect(abs(x(0.5) - 150) < 1e-12)
        #expect(abs(x(1) - 100) < 1e-12)
        // Without the option the new animation starts from the old model value (250).
        let other = engine.makeView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        engine.animate(withDuration: 1, options: .curveLinear, animations: { other.center = Point(x: 205, y: 5) })
        try engine.advance(to: 1)
        engine.animate(withDuration: 1, options: .curveLinear, animations: { other.center = Point(x: 5, y: 5) })
        #expect(abs(other.layer.presentation(at: 1.5).position.x - 105) < 1e-12)
    }

    @Test func nestedBlocksInheritDurationAndCurveUnlessOverridden() throws {
        let other = engine.makeView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        engine.animate(withDuration: 2, options: .curveLinear, animations: {
            engine.animate(withDuration: 0.5, options: .curveEaseIn, animations: { view.alpha = 0 })
            engine.animate(withDuration: 0.5, options: [.overrideInheritedDuration, .overrideInheritedCurve, .curveEaseIn],
                           animations: { other.alpha = 0 })
        })
        // Inherited: 2 s, linear.
        #expect(abs(view.layer.presentation(at: 1).opacity - 0.5) < 1e-12)
        // Overridden: 0.5 s, easeIn.
        let easeIn = referenceBezier((0.42, 0, 1, 1), at: 0.5)
        #expect(abs(other.layer.presentation(at: 0.25).opacity - (1 - easeIn)) < 1e-7)
    }

    @Test func performWithoutAnimationWinsInsideABlock() {
        engine.animate(withDuration: 1, animations: {
            engine.performWithoutAnimation { view.alpha = 0.2 }
        })
        #expect(view.layer.animationKeys().isEmpty)
        #expect(view.layer.presentation().opacity == 0.2)
    }

    @Test func repeatAndAutoreverse() {
        engine.animate(withDuration: 1, options: [.curveLinear, .repeat, .autoreverse], animations: {
            view.center = Point(x: 150, y: 50)
        })
        #expect(abs(x(0.25) - 75) < 1e-12)
        #expect(abs(x(1.25) - 125) < 1e-12)    // coming back
        #expect(abs(x(10.5) - 100) < 1e-12)    // still going
    }

    @Test func springBlocksUseUIKitsMapping() throws {
        engine.animate(withDuration: 0.5, usingSpringWithDamping: 0.5, initialSpringVelocity: 0, animations: {
            view.center = Point(x: 250, y: 50)
        })
        // ω0 from UIKit's rule, solved here by bisection: (ζ/√(1 − ζ²))·e^(−ζ·ω0·0.5) = 0.001.
        let zeta = 0.5
        var low = 0.1, high = 1000.0
        for _ in 0..<200 {
            let omega = (low + high) / 2
            if zeta / (1 - zeta * zeta).squareRoot() * exp(-zeta * omega * 0.5) > 0.001 { low = omega } else { high = omega }
        }
        let omega = (low + high) / 2
        let omegaD = omega * (1 - zeta * zeta).squareRoot()
        for t in [0.05, 0.1, 0.2, 0.35] {
            let displacement = exp(-zeta * omega * t) * (cos(omegaD * t) + zeta * omega / omegaD * sin(omegaD * t))
            #expect(abs(x(t) - (50 + 200 * (1 - displacement))) < 1e-6, "t = \(t)")
        }
        // It overshoots the target, and lands on it at the end.
        #expect((0..<50).map { x(Double($0) / 100) }.max()! > 250)
        try engine.advance(to: 0.5)
        #expect(x(0.5) == 250)
    }

    @Test func keyframesHoldMoveAndRunOnEaseInOutByDefault() throws {
        func fade(_ options: AnimationOptions) throws -> View {
            let target = engine.makeView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
            engine.animateKeyframes(withDuration: 1, options: options, animations: {
                try? engine.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.25) { target.alpha = 0 }
                try? engine.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.25) { target.alpha = 1 }
            })
            return target
        }
        // Key times 0, .25, .5, .75, 1 with values 1, 0, 0, 1, 1.
        let linear = try fade(.curveLinear)
        for (t, expected) in [(0.125, 0.5), (0.375, 0.0), (0.625, 0.5), (0.9, 1.0)] {
            #expect(abs(linear.layer.presentation(at: t).opacity - expected) < 1e-12, "t = \(t)")
        }
        // Default: the whole animation's time goes through easeInOut first.
        let eased = try fade([])
        let p = referenceBezier((0.42, 0, 0.58, 1), at: 0.125)     // < 0.25: in the first keyframe
        #expect(abs(eased.layer.presentation(at: 0.125).opacity - (1 - p / 0.25)) < 1e-6)
        #expect(throws: EngineError("addKeyframe called outside animateKeyframes")) {
            try engine.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) {}
        }
    }

    @Test func keyframeRotationsTakeTheShortArcSegmentBySegment() throws {
        // Seed 000's first keyframe: rotation −1.5π, "clockwise 90 degrees".
        engine.animateKeyframes(withDuration: 1, options: .curveLinear, animations: {
            try? engine.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) {
                view.transform = AffineTransform(rotationAngle: -1.5 * Double.pi)
            }
        })
        let mid = view.layer.presentation(at: 0.5).transform
        #expect(abs(atan2(mid.m12, mid.m11) - 0.25 * Double.pi) < 1e-9)
    }

    @Test func hitTestingUsesThePresentationTree() throws {
        engine.animate(withDuration: 1, options: .curveLinear, animations: { view.center = Point(x: 250, y: 50) })
        // At t = 0.5 the box shows at x 100...200 (centre 150), while its model is at 200...300.
        #expect(root.hitTest(Point(x: 220, y: 50), at: 0.5) == root)   // where the model is, not what shows
        #expect(root.hitTest(Point(x: 120, y: 50), at: 0.5) == view)
        #expect(root.hitTest(Point(x: 500, y: 50), at: 0.5) == nil)    // outside the root
        #expect(root.hitTest(Point(x: 250, y: 50), at: 0.5) == root)
        view.isHidden = true
        #expect(root.hitTest(Point(x: 120, y: 50), at: 0.5) == root)
    }

    @Test func modelAndPresentationTrees() throws {
        engine.animate(withDuration: 1, options: .curveLinear, animations: { view.alpha = 0 })
        let model = engine.modelTree(of: root.layer.id)
        let shown = engine.presentationTree(of: root.layer.id, at: 0.5)
        #expect(model.map(\.layer) == [root.layer.id, view.layer.id])
        #expect(shown.map(\.layer) == model.map(\.layer))
        #expect(model[1].parent == 0 && shown[1].parent == 0)
        #expect(model[1].properties.opacity == 0)
        #expect(abs(shown[1].properties.opacity - 0.5) < 1e-12)
    }

    /// Siblings draw in order of addition unless a zPosition (a model value or an animated
    /// one) says otherwise: then by zPosition, ties in order of addition, each sibling with
    /// its subtree, and every node naming its parent's place in the new order. The siblings
    /// that come before the first one with a zPosition are the ones most easily misplaced.
    @Test func siblingsAreOrderedByZPositionWithTheirSubtrees() throws {
        let a = engine.makeView(frame: Rect(x: 0, y: 0, width: 10, height: 10), name: "a")
        let aChild = engine.makeView(frame: Rect(x: 0, y: 0, width: 5, height: 5), name: "a.child")
        let b = engine.makeView(frame: Rect(x: 0, y: 0, width: 10, height: 10), name: "b")
        let c = engine.makeView(frame: Rect(x: 0, y: 0, width: 10, height: 10), name: "c")
        let d = engine.makeView(frame: Rect(x: 0, y: 0, width: 10, height: 10), name: "d")
        for sibling in [a, b, c, d] { try view.addSubview(sibling) }
        try a.addSubview(aChild)
        func order(at t: Double) -> [String] {
            let tree = engine.presentationTree(of: root.layer.id, at: t)
            return tree.map { node in
                let name = engine.name(of: node.layer) ?? "?"
                return node.parent.map { name + "<" + (engine.name(of: tree[$0].layer) ?? "?") } ?? name
            }
        }
        let plain = ["root", "box<root", "a<box", "a.child<a", "b<box", "c<box", "d<box"]
        #expect(order(at: 0) == plain)
        c.layer.zPosition = -1
        d.layer.zPosition = 2
        #expect(order(at: 0) == ["root", "box<root", "c<box", "a<box", "a.child<a", "b<box", "d<box"])
        // b's zPosition animated from 0 to 3 over a second, linearly: 1.5 at 0.5 s (below d's
        // 2), 2.7 at 0.9 s (above it), back to its model 0 after the end.
        try b.layer.add(.basic(.zPosition, from: .number(0), to: .number(3), duration: 1), forKey: "z")
        #expect(order(at: 0.5) == ["root", "box<root", "c<box", "a<box", "a.child<a", "b<box", "d<box"])
        #expect(order(at: 0.9) == ["root", "box<root", "c<box", "a<box", "a.child<a", "d<box", "b<box"])
        c.layer.zPosition = 0
        d.layer.zPosition = 0
        #expect(order(at: 1.5) == plain)
    }

    /// Many layers, each with none, one, two or three animations of its own (different
    /// durations, some removed again), nested two deep: every node of the presentation tree
    /// at several times holds what each layer's own linear curves give, worked out here.
    @Test func aTreeOfManyAnimatedLayersShowsEachLayersOwnValues() throws {
        var boxes: [View] = []
        for group in 0..<30 {
            let parent = engine.makeView(frame: Rect(x: 0, y: Double(group) * 20, width: 390, height: 20))
            try root.addSubview(parent)
            boxes.append(parent)
            for item in 0..<9 {
                let box = engine.makeView(frame: Rect(x: Double(item) * 10, y: 0, width: 8, height: 8))
                try parent.addSubview(box)
                boxes.append(box)
            }
        }
        // Box k: k % 4 animations; durations 1 + k % 7 / 10 seconds; every fifth box's opacity
        // animation removed again before any frame.
        func duration(_ k: Int) -> Double { 1 + Double(k % 7) / 10 }
        for (k, box) in boxes.enumerated() {
            let count = k % 4
            if count >= 1 {
                engine.animate(withDuration: duration(k), options: .curveLinear, animations: { box.alpha = 0 })
            }
            if count >= 2 {
                engine.animate(withDuration: duration(k), options: .curveLinear, animations: {
                    box.center = Point(x: box.center.x + 100, y: box.center.y)
                })
            }
            if count >= 3 {
                try box.layer.add(.basic(.cornerRadius, from: .number(0), to: .number(4), duration: 2), forKey: "corner")
            }
            if count >= 1, k % 5 == 0 { box.layer.removeAllAnimations() }
        }
        for t in [0.0, 0.25, 0.5, 0.99, 1.3, 2.5] {
            let tree = engine.presentationTree(of: root.layer.id, at: t)
            #expect(tree.count == 2 + boxes.count)   // the root, the suite's box, these
            for (k, box) in boxes.enumerated() {
                let node = try #require(tree.first { $0.layer == box.layer.id })
                let animated = k % 4 >= 1 && k % 5 != 0
                let progress = animated ? min(t / duration(k), 1) : 1
                let opacity = k % 4 >= 1 ? 1 - progress : 1
                #expect(abs(node.properties.opacity - opacity) < 1e-12, "box \(k) at \(t)")
                let modelX = box.layer.position.x
                let x = animated && k % 4 >= 2 ? modelX - 100 * (1 - progress) : modelX
                #expect(abs(node.properties.position.x - x) < 1e-9, "box \(k) at \(t)")
                let corner = animated && k % 4 == 3 && t < 2 ? 4 * t / 2 : 0
                #expect(abs(node.properties.cornerRadius - corner) < 1e-12, "box \(k) at \(t)")
            }
        }
    }

    @Test func framesFollowTransformAndAnchor() {
        view.layer.anchorPoint = Point(x: 0, y: 1)         // the pendulum's pivot: bottom left
        view.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        #expect(view.center == Point(x: 0, y: 100))
        view.transform = AffineTransform(rotationAngle: Double.pi / 2)
        // A quarter turn about the bottom-left corner swings the box to the right of it:
        // corners (0,0),(100,0),(0,100),(100,100) relative to the anchor (0,100) become
        // (100,100),(100,200),(0,100),(0,200).
        let frame = view.frame
        #expect(abs(frame.origin.x - 0) < 1e-9 && abs(frame.origin.y - 100) < 1e-9)
        #expect(abs(frame.size.width - 100) < 1e-9 && abs(frame.size.height - 100) < 1e-9)
    }

    @Test func treeOperations() throws {
        let a = engine.makeView(name: "a"), b = engine.makeView(name: "b"), c = engine.makeView(name: "c")
        try root.addSubview(a)
        try root.insertSubview(b, belowSubview: a)
        try root.insertSubview(c, aboveSubview: b)
        #expect(root.subviews.map(\.name) == ["box", "b", "c", "a"])
        root.bringSubviewToFront(b)
        root.sendSubviewToBack(a)
        #expect(root.subviews.map(\.name) == ["a", "box", "c", "b"])
        c.removeFromSuperview()
        #expect(c.superview == nil)
        #expect(throws: EngineError.self) { try a.addSubview(root) }
    }
}
