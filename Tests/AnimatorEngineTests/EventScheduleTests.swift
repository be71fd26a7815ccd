import Testing
@testable import AnimatorEngine

/// The engine's bookkeeping of when to stop the clock: the set of animated layers, the
/// schedule of their next events, and the engine's use of them when time maps change.
@Suite struct EventScheduleTests {
    @Test func aRecordSetIteratesInIncreasingOrderWithoutDuplicates() {
        var set = RecordSet()
        for index in [130, 3, 64, 63, 0, 3, 1000, 65] { set.insert(index) }
        #expect(Array(set) == [0, 3, 63, 64, 65, 130, 1000])
        #expect(set.count == 7)
        set.remove(64)
        set.remove(64)
        set.remove(5000)
        #expect(Array(set) == [0, 3, 63, 65, 130, 1000])
        #expect(set.count == 6 && set.contains(63) && !set.contains(64) && !set.contains(5000))
        #expect(Array(RecordSet()).isEmpty)
    }

    @Test func theScheduleGivesTheEarliestValidEntryAndTakesEachDueLayerOnce() {
        var schedule = EventSchedule()
        schedule.schedule(4, at: 0.5)
        schedule.schedule(2, at: 0.25)
        schedule.schedule(9, at: 0.75)
        schedule.schedule(7, at: 0.25)
        // Rescheduled: its earlier entry no longer counts.
        schedule.schedule(2, at: 1.0)
        schedule.schedule(9, at: nil)
        #expect(schedule.earliest()?.record == 7 && schedule.earliest()?.time == 0.25)
        // Due by 0.5: layers 7 (0.25) and 4 (0.5), in time order; 2 is at 1.0 now, 9 at none.
        #expect(schedule.takeDue(by: 0.5) == [7, 4])
        #expect(schedule.takeDue(by: 0.5).isEmpty)
        #expect(schedule.earliest()?.record == 2 && schedule.earliest()?.time == 1.0)
        // Equal times come out by layer, whatever order they went in.
        schedule.schedule(8, at: 2)
        schedule.schedule(5, at: 2)
        #expect(schedule.takeDue(by: 3) == [2, 5, 8])
        #expect(schedule.earliest() == nil)
    }

    @Test func aHeapOfManyEntriesComesOutSorted() {
        var schedule = EventSchedule()
        // A deterministic shuffle of 0..<500 (multiplying by a unit modulo 500).
        let times = (0..<500).map { Double(($0 * 7) % 500) }
        for (record, time) in times.enumerated() { schedule.schedule(record, at: time) }
        let order = schedule.takeDue(by: .infinity)
        #expect(order.map { times[$0] } == (0..<500).map(Double.init))
    }

    @Test func manyDueAtOnceComeOutAsTheyWouldOneByOne() {
        // 3,000 layers (a transition starting every animation on its first frame), some
        // rescheduled later or to none, times with many ties; taken in three steps. The
        // model: each layer's last time, due when ≤ the step, by (time, layer).
        for dueShare in [1, 3, 10] {
            var schedule = EventSchedule()
            var model: [Int: Double] = [:]
            var state: UInt64 = 12345
            func next(_ bound: Int) -> Int {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return Int(state >> 33) % bound
            }
            for record in 0..<3000 {
                let time = Double(next(10 * dueShare)) / 10
                schedule.schedule(record, at: time)
                model[record] = time
            }
            for _ in 0..<500 {
                let record = next(3000)
                let time: Double? = next(4) == 0 ? nil : Double(next(10 * dueShare)) / 10
                schedule.schedule(record, at: time)
                model[record] = time
            }
            for step in [0.45, 0.45, 0.95, Double(dueShare)] {
                let expected = model.filter { $0.value <= step }.sorted { ($0.value, $0.key) < ($1.value, $1.key) }.map(\.key)
                #expect(schedule.takeDue(by: step) == expected, "share \(dueShare), step \(step)")
                for record in expected { model[record] = nil }
            }
            #expect(schedule.earliest() == nil && model.isEmpty)
        }
    }

    @Test func movingAnAnimatedLayerUnderAFasterOneBringsItsEndForward() throws {
        let engine = AnimationEngine()
        let fast = engine.makeLayer(), moving = engine.makeLayer(), other = engine.makeLayer()
        fast.timing = LayerTiming(speed: 2)
        // Another layer's animation ends at 0.7: the schedule's earliest while the moving
        // layer's end (1 before the move) is not.
        try other.add(.basic(.opacity, from: .number(0), to: .number(1), duration: 0.7), forKey: "other")
        var stoppedAt: Double?
        var fade = Animation.basic(.opacity, from: .number(0), to: .number(1), duration: 1)
        fade.didStop = { _ in stoppedAt = engine.currentTime }
        try moving.add(fade, forKey: "fade")              // begins at local time 0, ends at 1
        try engine.advance(to: 0.1)
        // Under a layer at speed 2 from the start of time, the moving layer's local time is
        // 2t: its animation, ending at local time 1, ends at t = 0.5, not at 1.
        try fast.addSublayer(moving)
        try engine.advance(to: 0.45)
        #expect(stoppedAt == nil)
        try engine.advance(to: 0.9)
        #expect(stoppedAt == 0.5)
    }

    @Test func pausingAndResumingALayerMovesItsAnimationsEnd() throws {
        let engine = AnimationEngine()
        let layer = engine.makeLayer()
        var stoppedAt: Double?
        var fade = Animation.basic(.opacity, from: .number(0), to: .number(1), duration: 1)
        fade.didStop = { _ in stoppedAt = engine.currentTime }
        try layer.add(fade, forKey: "fade")
        try engine.advance(to: 0.25)
        layer.pause()                                      // at local 0.25
        try engine.advance(to: 2)
        #expect(stoppedAt == nil)                           // paused: never ends
        layer.resume()                                     // 0.75 s of it left from t = 2
        try engine.advance(to: 2.7)
        #expect(stoppedAt == nil)
        try engine.advance(to: 3)
        #expect(abs((stoppedAt ?? 0) - 2.75) < 1e-9)
    }

    @Test func removingTheEarliestAnimationNeitherStopsTheClockThereNorLosesTheRest() throws {
        let engine = AnimationEngine()
        let layer = engine.makeLayer()
        var stops: [String] = []
        var short = Animation.basic(.opacity, from: .number(0), to: .number(1), duration: 0.3)
        short.didStop = { stops.append("short \($0) at \(engine.currentTime)") }
        var long = Animation.basic(.positionX, from: .number(0), to: .number(100), duration: 0.8)
        long.didStop = { stops.append("long \($0) at \(engine.currentTime)") }
        try layer.add(short, forKey: "short")
        try layer.add(long, forKey: "long")
        layer.removeAnimation(forKey: "short")
        try engine.advance(to: 1)
        #expect(stops == ["short false at 0.0", "long true at 0.8"])
    }
}
