import Testing
@testable import AnimatorEngine
import TestSupport

/// The engine's table of attached animations: each layer's animations kept together and
/// in the order added while other layers add theirs in between, free slots counted and
/// the table laid out afresh when they outnumber the live ones; and, through the engine,
/// the values, keys, callbacks and order of animations on many layers across such moves.
@Suite struct AnimationTableTests {
    /// An opacity animation from 0 to 1 over a second, paced by `curve` (linear when nil).
    func animation(_ sequence: Int, curve: CubicBezier? = nil) -> ActiveAnimation {
        ActiveAnimation(sequence: sequence, key: "k\(sequence)", definition: .basic(.opacity, duration: 1),
                        timing: MediaTiming(duration: 1), pacing: curve.map { .timingFunction(.bezier($0)) } ?? .linear,
                        body: .value(.opacity, .fixed(ValueSegment(from: .number(0), to: .number(1))), additive: false))
    }

    @Test func aRunThatIsNotLastMovesToTheEndLeavingItsSlotsFree() {
        var table = AnimationTable()
        var a = AnimationTable.Span(), b = AnimationTable.Span()
        let a1 = animation(1), b1 = animation(2), a2 = animation(3), b2 = animation(4)
        table.append(a1, to: &a)
        table.append(b1, to: &b)
        // a's run [a1] is followed by b's: it moves behind it, then takes a2.
        table.append(a2, to: &a)
        #expect(a == AnimationTable.Span(start: 2, count: 2))
        #expect(table.owners(of: a).map(\.sequence) == [1, 3])
        #expect(table.owners(of: b).map(\.sequence) == [2])
        #expect(table.tracks.count == 4 && table.freeSlots == 1 && table[0].owner == nil)
        // b's run moves too: slots 0 and 1 are free, the runs at 2–3 and 4–5.
        table.append(b2, to: &b)
        #expect(b == AnimationTable.Span(start: 4, count: 2))
        #expect(table.owners(of: b).map(\.sequence) == [2, 4])
        #expect(table.freeSlots == 2 && table.tracks.count == 6)
        // Taking a1 out moves a2 up into its slot; the slot behind becomes free.
        table.remove(slot: table.slot(of: a1, in: a)!, from: &a)
        #expect(table.owners(of: a).map(\.sequence) == [3] && a == AnimationTable.Span(start: 2, count: 1))
        #expect(table.freeSlots == 3 && table[3].owner == nil)
        // The last run's last slot leaves the table instead of staying free.
        table.remove(slot: table.slot(of: b2, in: b)!, from: &b)
        #expect(table.tracks.count == 5 && table.freeSlots == 3)
        #expect(table.slot(of: b2, in: b) == nil)
        table.remove(slot: table.slot(of: b1, in: b)!, from: &b)
        #expect(b.isEmpty && table.tracks.count == 4)
        // An empty run starts again at the end.
        table.append(b1, to: &b)
        #expect(b == AnimationTable.Span(start: 4, count: 1))
    }

    @Test func compactionLaysTheRunsOutInTheOrderGivenKeepingStateAndCurves() {
        var table = AnimationTable()
        // 300 runs of three, each animation added to the runs in turn: every append after
        // the first round moves a run, so the free slots pile up.
        var spans = [AnimationTable.Span](repeating: AnimationTable.Span(), count: 300)
        let curves = [CubicBezier.easeIn, CubicBezier.easeOut]
        var sequence = 0
        var owners = [[ActiveAnimation]](repeating: [], count: 300)
        for round in 0..<3 {
            for run in 0..<300 {
                sequence += 1
                let added = animation(sequence, curve: round == 0 ? nil : curves[(run + round) % 2])
                table.append(added, to: &spans[run])
                owners[run].append(added)
            }
        }
        // In rounds two and three every run moves (the one before it moved behind it):
        // 300 runs of one, then 300 of two, left behind.
        #expect(table.freeSlots == 300 * 1 + 300 * 2)
        #expect(table.tracks.count == 900 + 900)
        #expect(!table.wantsCompaction)                    // as many free as live
        #expect(table.curves.count == 2)
        // One animation taken out of run 5: its run closes up, one more slot is free.
        let first = owners[5].removeFirst()
        table.remove(slot: table.slot(of: first, in: spans[5])!, from: &spans[5])
        #expect(table.freeSlots == 901 && table.wantsCompaction)
        table[spans[7].slots.lowerBound + 1].hasStarted = true
        // Laid out in reverse order of the runs.
        let order = Array((0..<300).reversed())
        let moved = table.compacted(order.map { spans[$0] })
        #expect(table.freeSlots == 0 && table.tracks.count == 899 && !table.wantsCompaction)
        for (position, run) in order.enumerated() {
            // Runs 299 ... 6 of three, then run 5 of two, then runs 4 ... 0.
            let start = run >= 5 ? 3 * position : 3 * position - 1
            #expect(moved[position] == AnimationTable.Span(start: Int32(start), count: run == 5 ? 2 : 3))
            #expect(table.owners(of: moved[position]).map { ObjectIdentifier($0) } == owners[run].map { ObjectIdentifier($0) })
        }
        let seventh = moved[order.firstIndex(of: 7)!].slots
        #expect(table[seventh.lowerBound + 1].hasStarted && !table[seventh.lowerBound].hasStarted)
        // Each Bézier track names its own curve among the two kept.
        #expect(table.curves.count == 2)
        for track in table.tracks where track.pacing == .bezier {
            let curve = table.curves[Int(track.curve)], own = track.owner!.bezier
            #expect((curve.x1, curve.y1, curve.x2, curve.y2) == (own.x1, own.y1, own.x2, own.y2))
        }
    }

    /// 400 layers: an opacity animation on each, in layer order; a position animation on
    /// each, in reverse order (every layer's run moves); then the opacity animations removed
    /// again. The free slots come to outnumber the live ones and the engine compacts the
    /// table; each layer still shows its own position, worked out here, with its opacity at
    /// its model, and each removal was heard once, in order.
    @Test func manyLayersKeepTheirOwnAnimationsThroughMovesAndCompaction() throws {
        let engine = AnimationEngine()
        let root = engine.makeView(frame: Rect(x: 0, y: 0, width: 390, height: 844))
        var layers: [Layer] = []
        for _ in 0..<400 {
            let layer = engine.makeLayer()
            try root.layer.addSublayer(layer)
            layers.append(layer)
        }
        var heard: [Int] = []
        for (k, layer) in layers.enumerated() {
            var fade = Animation.basic(.opacity, from: .number(0), to: .number(1), duration: 2)
            fade.didStop = { finished in if !finished { heard.append(k) } }
            try layer.add(fade, forKey: "fade")
        }
        // Layer k moves from x = k to x = k + 100 over 1 + k / 400 seconds, linearly.
        func duration(_ k: Int) -> Double { 1 + Double(k) / 400 }
        for (k, layer) in layers.enumerated().reversed() {
            try layer.add(.basic(.positionX, from: .number(Double(k)), to: .number(Double(k) + 100), duration: duration(k),
                                 timingFunction: .linear), forKey: "move")
        }
        #expect(engine.animationTable.freeSlots == 399)
        for layer in layers { layer.removeAnimation(forKey: "fade") }
        #expect(heard == Array(0..<400))
        // Each removal frees a slot (the first pops the table's last): at the 202nd the
        // 600 free outnumber the 598 live, and the table is laid out again in record
        // order; of the 198 removals after it, all but the last layer's leave a free slot.
        #expect(engine.animationTable.freeSlots == 197)
        #expect(engine.animationTable.tracks.count == 400 + 197)
        try engine.advance(to: 0.5)
        let tree = engine.presentationTree(of: root.layer.id)
        for (k, layer) in layers.enumerated() {
            #expect(layer.animationKeys() == ["move"])
            let node = tree.first { $0.layer == layer.id }!
            #expect(abs(node.properties.position.x - (Double(k) + 100 * 0.5 / duration(k))) < 1e-9)
            #expect(node.properties.opacity == 1)
        }
        let starts = layers.map { engine.record($0.id).animationSpan.start }
        #expect(starts == starts.sorted())
        // Each ends at its own time and leaves its layer at its model.
        try engine.advance(to: 2)
        #expect(layers.allSatisfy { $0.animationKeys().isEmpty })
        #expect(engine.runningAnimations(under: root.layer.id).isEmpty)
    }

    /// Two layers, each given an animation under one of three keys in turn, 3,000 times:
    /// every one replaces the animation under its key (stopped, taken off its layer) and
    /// makes the other layer's run move. Six animations are live at any time, and the table
    /// never holds more than twice that plus the compaction floor and one run's move.
    @Test func aLongSessionOfReplacementsKeepsTheTableSmall() throws {
        let engine = AnimationEngine()
        let a = engine.makeLayer(), b = engine.makeLayer()
        var largest = 0
        for round in 0..<3000 {
            for (layer, name) in [(a, "a"), (b, "b")] {
                try layer.add(.basic(.opacity, from: .number(0), to: .number(Double(round % 10) / 10), duration: 10),
                              forKey: "\(name)\(round % 3)")
            }
            if round % 100 == 0 { try engine.advance(by: 0.01) }
            largest = max(largest, engine.animationTable.tracks.count)
        }
        #expect(largest <= 2 * 6 + AnimationTable.compactionFloor + 3)
        #expect(a.animationKeys() == ["a0", "a1", "a2"] && b.animationKeys() == ["b0", "b1", "b2"])
        // The last added (round 2,999: to 0.9, linear over 10 s from now) shows on top.
        #expect(abs(a.presentation(at: engine.currentTime + 5).opacity - 0.45) < 1e-9)
    }

    /// One layer (its run always the last, so no slot is ever left free) given 2,000
    /// animations in turn under one key, each paced by a curve of its own: the curves of
    /// the replaced animations are let go, and the last one still paces its animation.
    @Test func curvesOfReplacedAnimationsAreLetGo() throws {
        let engine = AnimationEngine()
        let layer = engine.makeLayer()
        var largest = 0
        for k in 0..<2000 {
            let curve = CubicBezier(Double(k) / 4000, 0, 1 - Double(k) / 4000, 1)
            try layer.add(.basic(.opacity, from: .number(0), to: .number(1), duration: 1,
                                 timingFunction: .bezier(curve)), forKey: "fade")
            largest = max(largest, engine.animationTable.curves.count)
        }
        #expect(engine.animationTable.freeSlots == 0 && engine.animationTable.tracks.count == 1)
        #expect(largest <= AnimationTable.compactionFloor + 2 + 1)
        let last = CubicBezier(1999.0 / 4000, 0, 1 - 1999.0 / 4000, 1)
        #expect(abs(layer.presentation(at: 0.3).opacity - referenceBezier((last.x1, 0, last.x2, 1), at: 0.3)) < 1e-9)
    }

    /// Animations starting and ending at the same moments on layers added to in reverse
    /// order: their callbacks come in the order the animations were added, not in the
    /// layers' order in the table.
    @Test func callbacksAtOneMomentComeInTheOrderAnimationsWereAdded() throws {
        let engine = AnimationEngine()
        let layers = (0..<5).map { _ in engine.makeLayer() }
        var events: [String] = []
        for k in [4, 1, 3, 0, 2] {
            var fade = Animation.basic(.opacity, from: .number(0), to: .number(1), duration: 1)
            fade.timing.beginTime = 0.5
            fade.didStart = { events.append("start \(k)") }
            fade.didStop = { events.append("stop \(k) \($0)") }
            try layers[k].add(fade, forKey: "fade")
        }
        try engine.advance(to: 0.6)
        #expect(events == ["start 4", "start 1", "start 3", "start 0", "start 2"])
        events.removeAll()
        try engine.advance(to: 2)
        #expect(events == ["stop 4 true", "stop 1 true", "stop 3 true", "stop 0 true", "stop 2 true"])
    }

    /// An animation kept after it finished (not removed on completion, filling forwards)
    /// holds its end value until `removeAllAnimations` takes it off, without being stopped
    /// a second time.
    @Test func removingAllTakesOffAnimationsKeptAfterTheyFinished() throws {
        let engine = AnimationEngine()
        let layer = engine.makeLayer()
        var stops = 0
        var held = Animation.basic(.opacity, from: .number(1), to: .number(0.25), duration: 1)
        held.isRemovedOnCompletion = false
        held.timing.fillMode = .forwards
        held.didStop = { _ in stops += 1 }
        try layer.add(held, forKey: "held")
        try engine.advance(to: 1.5)
        #expect(stops == 1 && layer.animationKeys() == ["held"])
        #expect(layer.presentation(at: 1.5).opacity == 0.25)
        layer.removeAllAnimations()
        #expect(stops == 1 && layer.animationKeys().isEmpty && !engine.hasAnimations(layer.id))
        #expect(layer.presentation(at: 1.5).opacity == 1)
    }

    /// `removeAllAnimations` stops a running animation whose stop callback adds another:
    /// the new one comes after the removal and stays, running to its end (a UIView
    /// completion waiting on it would otherwise never be called).
    @Test func anAnimationAddedByAStopCallbackDuringRemoveAllStays() throws {
        let engine = AnimationEngine()
        let layer = engine.makeLayer()
        var heard: [String] = []
        var first = Animation.basic(.opacity, from: .number(0), to: .number(1), duration: 1)
        first.didStop = { finished in
            heard.append("first \(finished)")
            var second = Animation.basic(.opacity, from: .number(1), to: .number(0.5), duration: 1)
            second.didStop = { heard.append("second \($0)") }
            try? layer.add(second, forKey: "second")
        }
        try layer.add(first, forKey: "first")
        try engine.advance(to: 0.25)
        layer.removeAllAnimations()
        #expect(heard == ["first false"] && layer.animationKeys() == ["second"])
        // The second began at 0.25 s: halfway at 0.75 s, from 1 to 0.5.
        #expect(abs(layer.presentation(at: 0.75).opacity - 0.75) < 1e-12)
        try engine.advance(to: 1.5)
        #expect(heard == ["first false", "second true"] && layer.animationKeys().isEmpty)
    }
}
