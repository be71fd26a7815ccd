import AnimatorABI
@testable import AnimatorKit
import Testing

/// Gesture recognizers as an interaction controller uses them: which samples reach which
/// recognizer, the values they report and the states their handlers see.
@Suite struct SDKGestureTests {
    func sample(_ kind: UInt32, _ phase: UInt32, _ value: Double, velocity: Double = 0, axis: UInt32 = 0) -> GestureSample {
        GestureSample(ah_gesture_sample(abi: ah_version(major: 1, minor: 5), struct_size: UInt32(MemoryLayout<ah_gesture_sample>.size),
                                        kind: ah_gesture_kind(kind), phase: ah_gesture_phase(phase), time: 0, value: value,
                                        velocity: velocity, distance: 400, axis: ah_gesture_axis(axis)))
    }

    @Test func aPanReportsItsTranslationAlongTheTracesAxis() {
        var seen: [(UIGestureRecognizer.State, CGPoint, CGPoint)] = []
        let pan = UIPanGestureRecognizer { seen.append(($0.state, $0.translation(in: nil), $0.velocity(in: nil))) }
        let router = GestureRouter()
        router.add(pan)
        let y = UInt32(AH_GESTURE_AXIS_Y), kind = UInt32(AH_GESTURE_PAN)
        router.deliver(sample(kind, UInt32(AH_GESTURE_BEGAN), 0, axis: y))
        router.deliver(sample(kind, UInt32(AH_GESTURE_CHANGED), 120, velocity: 300, axis: y))
        pan.setTranslation(.zero, in: nil)
        router.deliver(sample(kind, UInt32(AH_GESTURE_ENDED), 150, velocity: 200, axis: y))
        #expect(seen.map(\.0) == [.began, .changed, .ended])
        #expect(seen[1].1 == CGPoint(x: 0, y: 120) && seen[1].2 == CGPoint(x: 0, y: 300))
        // After setTranslation(.zero) the translation counts from 120.
        #expect(seen[2].1 == CGPoint(x: 0, y: 30))
        // A pinch never reaches a pan recognizer.
        router.deliver(sample(UInt32(AH_GESTURE_PINCH), UInt32(AH_GESTURE_BEGAN), 1))
        #expect(seen.count == 3)
    }

    @Test func anEdgePanTakesOnlyPansLeavingItsEdges() {
        var left = 0, right = 0
        let fromLeft = UIScreenEdgePanGestureRecognizer { _ in left += 1 }
        fromLeft.edges = .left
        let fromRight = UIScreenEdgePanGestureRecognizer { _ in right += 1 }
        fromRight.edges = .right
        let router = GestureRouter()
        router.add(fromLeft)
        router.add(fromRight)
        let kind = UInt32(AH_GESTURE_PAN)
        // Moving right (positive velocity): it left the left edge.
        router.deliver(sample(kind, UInt32(AH_GESTURE_BEGAN), 0, velocity: 500))
        router.deliver(sample(kind, UInt32(AH_GESTURE_CHANGED), 80, velocity: 500))
        router.deliver(sample(kind, UInt32(AH_GESTURE_ENDED), 160, velocity: 500))
        #expect(left == 3 && right == 0)
    }

    @Test func aPinchReportsScaleAndVelocity() {
        var seen: [(UIGestureRecognizer.State, CGFloat, CGFloat)] = []
        let pinch = UIPinchGestureRecognizer { seen.append(($0.state, $0.scale, $0.velocity)) }
        let router = GestureRouter()
        router.add(pinch)
        let kind = UInt32(AH_GESTURE_PINCH)
        router.deliver(sample(kind, UInt32(AH_GESTURE_BEGAN), 1))
        router.deliver(sample(kind, UInt32(AH_GESTURE_CHANGED), 0.7, velocity: -2))
        pinch.isEnabled = false
        router.deliver(sample(kind, UInt32(AH_GESTURE_ENDED), 0.5, velocity: -3))
        #expect(seen.count == 2 && seen[1].0 == .changed && seen[1].1 == 0.7 && seen[1].2 == -2)
    }
}
