import Testing
import AnimatorEngine
import TestSupport

/// Seed 002's custom block animation API ("pop"), built the way the seed builds it: while
/// the block runs, every view property change is answered with "no action" (NSNull) and
/// its old value recorded; afterwards each change becomes a keyframe animation that darts
/// to the new value and eases back, and the model is set back to the old value so that
/// model and presentation agree once the animation is removed.
func popAnimate(_ engine: AnimationEngine, duration: Double, animations: () -> Void) {
    var saved: [(view: View, keyPath: LayerKeyPath, old: AnimatableValue)] = []
    engine.withViewActions({ event in
        saved.append((View(layer: event.layer), event.keyPath, event.oldValue))
        return .noAction
    }, animations: animations)
    for (view, keyPath, old) in saved {
        let new = keyPath.get(view.layer.model)
        engine.performWithoutAnimation {
            try? engine.setValue(old, for: keyPath, of: view.layer.id)
        }
        let pop = Animation.keyframes(keyPath, values: [old, new, old], keyTimes: [0, 0.35, 1],
                                      timingFunctions: [.easeOut, .easeInOut], duration: duration)
        try? view.layer.add(pop, forKey: "pop." + keyPath.rawValue)
    }
}

@Suite struct PopAnimationExampleTests {
    @Test func popDartsToTheNewValueAndComesBack() throws {
        let engine = AnimationEngine()
        let view = engine.makeView(frame: Rect(x: 0, y: 0, width: 100, height: 100))   // centre x 50
        popAnimate(engine, duration: 0.7) {
            view.center = Point(x: 150, y: 50)
            view.alpha = 0.5
        }
        // The model is back where it was; the presentation pops.
        #expect(view.center.x == 50)
        #expect(view.alpha == 1)
        #expect(Set(view.layer.animationKeys()) == ["pop.position", "pop.opacity"])
        // At 0.35 of 0.7 s the view is at the new value.
        #expect(abs(view.layer.presentation(at: 0.245).position.x - 150) < 1e-9)
        // Halfway to it, easeOut(0.5) of the way.
        let easeOut = referenceBezier((0, 0, 0.58, 1), at: 0.5)
        #expect(abs(view.layer.presentation(at: 0.1225).position.x - (50 + 100 * easeOut)) < 1e-7)
        #expect(abs(view.layer.presentation(at: 0.245).opacity - 0.5) < 1e-9)
        try engine.advance(to: 0.7)
        #expect(view.layer.animationKeys().isEmpty)
        #expect(view.layer.presentation().position.x == 50)
    }
}
