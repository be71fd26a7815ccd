import AnimatorABI
@testable import AnimatorHost
@testable import AnimatorKit
import Testing

/// Gesture recognizers as an interaction controller uses them: which samples reach which
/// recognizer, the values they report and the states their handlers see.
@Suite struct SDKGestureTests {
    func sample(_ kind: UInt32, _ phase: UInt32, _ value: Double, velocity: Double = 0, axis: UInt32 = 0,
                at location: CGPoint? = nil) -> GestureSample {
        GestureSample(ah_gesture_sample(abi: ah_version(major: 1, minor: 12), struct_size: UInt32(MemoryLayout<ah_gesture_sample>.size),
                                        kind: ah_gesture_kind(kind), phase: ah_gesture_phase(phase), time: 0, value: value,
                                        velocity: velocity, distance: 400, axis: ah_gesture_axis(axis),
                                        has_location: location == nil ? 0 : 1, x: Double(location?.x ?? 0), y: Double(location?.y ?? 0)))
    }

    /// A 1.11 plugin's view of a sample: the struct as it was, without the location.
    @Test func aSampleFromAnOlderHostHasNoLocation() {
        var c = ah_gesture_sample()
        c.struct_size = UInt32(MemoryLayout<ah_gesture_sample>.offset(of: \.has_location)!)
        c.has_location = 1
        c.x = 10
        #expect(GestureSample(c).location == nil)
    }

    @Test func aPanThatSaysWhereItStartsReachesOnlyTheViewsUnderTheFinger() throws {
        let session = HostSession()
        let runtime = TransitionRuntime(engine: session.engine)   // the window
        defer { withExtendedLifetime(runtime) {} }
        var seen: [String] = []
        var places: [CGPoint] = []
        let host = UnsafePointer(session.table)
        let window = try #require(CurrentHost.with(host) { UIApplication.shared.keyWindow })
        CurrentHost.with(host) {
            // A card on the bottom half, a header on the top; a pan recognizer on each.
            let header = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 422))
            let card = UIView(frame: CGRect(x: 0, y: 422, width: 390, height: 422))
            window.addSubview(header)
            window.addSubview(card)
            let headerPan = UIPanGestureRecognizer { _ in seen.append("header") }
            let cardPan = UIPanGestureRecognizer { recognizer in
                seen.append("card")
                places.append(recognizer.location(in: card))
            }
            header.addGestureRecognizer(headerPan)
            card.addGestureRecognizer(cardPan)
            let router = GestureRouter()
            router.add(headerPan)
            router.add(cardPan)
            let y = UInt32(AH_GESTURE_AXIS_Y), kind = UInt32(AH_GESTURE_PAN)
            // Down from (195, 500): in the card; 100 points later the finger is at y 600.
            router.deliver(sample(kind, UInt32(AH_GESTURE_BEGAN), 0, axis: y, at: CGPoint(x: 195, y: 500)))
            router.deliver(sample(kind, UInt32(AH_GESTURE_ENDED), 100, axis: y, at: CGPoint(x: 195, y: 600)))
            #expect(seen == ["card", "card"])
            // The finger in the card's coordinates: (195, 500 − 422), then (195, 600 − 422).
            #expect(places == [CGPoint(x: 195, y: 78), CGPoint(x: 195, y: 178)])
            // Without a place, every pan recognizer gets it, as before.
            seen = []
            router.deliver(sample(kind, UInt32(AH_GESTURE_BEGAN), 0, axis: y))
            router.deliver(sample(kind, UInt32(AH_GESTURE_ENDED), 100, axis: y))
            #expect(seen == ["header", "card", "header", "card"])
            // A screen-edge pan recognizes only within 20 points of its edge.
            var edge = 0
            let fromLeft = UIScreenEdgePanGestureRecognizer { _ in edge += 1 }
            fromLeft.edges = .left
            window.addGestureRecognizer(fromLeft)
            let edgeRouter = GestureRouter()
            edgeRouter.add(fromLeft)
            let x = UInt32(AH_GESTURE_AXIS_X)
            edgeRouter.deliver(sample(kind, UInt32(AH_GESTURE_BEGAN), 0, velocity: 500, axis: x, at: CGPoint(x: 60, y: 400)))
            edgeRouter.deliver(sample(kind, UInt32(AH_GESTURE_ENDED), 80, velocity: 500, axis: x, at: CGPoint(x: 140, y: 400)))
            #expect(edge == 0)
            edgeRouter.deliver(sample(kind, UInt32(AH_GESTURE_BEGAN), 0, velocity: 500, axis: x, at: CGPoint(x: 12, y: 400)))
            edgeRouter.deliver(sample(kind, UInt32(AH_GESTURE_ENDED), 80, velocity: 500, axis: x, at: CGPoint(x: 92, y: 400)))
            #expect(edge == 2)
        }
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
