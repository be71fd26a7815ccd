import AnimatorABI
import Testing
@testable import AnimatorEngine
@testable import AnimatorHost

/// UIKit Dynamics from C (dynamics.h, ABI 1.10), called as a C plugin calls it: a free
/// fall against ½gt² in UIKit's units, a snap coming to rest and pausing, bad behaviors.
@Suite struct DynamicsABITests {
    let session = HostSession()
    var table: UnsafePointer<ah_host> { UnsafePointer(session.table) }
    let window: View
    let windowHandle: ah_layer

    init() {
        window = session.engine.makeView(frame: Rect(x: 0, y: 0, width: 390, height: 844), name: "window")
        windowHandle = session.handle(for: window.layer.id)
    }

    func item(_ frame: Rect) throws -> (View, ah_layer) {
        let view = session.engine.makeView(frame: frame, name: "item")
        try window.addSubview(view)
        return (view, session.handle(for: view.layer.id))
    }

    func animator() -> ah_dynamic_animator {
        var made: ah_dynamic_animator = 0
        #expect(table.pointee.dynamics_create(table, windowHandle, &made) == AH_OK)
        return made
    }

    func behavior(_ kind: UInt32, _ items: [ah_layer]) -> ah_dynamic_behavior_desc {
        var d = ah_dynamic_behavior_desc()
        d.abi = ah_version(major: UInt32(AH_ABI_MAJOR), minor: UInt32(AH_ABI_MINOR))
        d.struct_size = UInt32(MemoryLayout<ah_dynamic_behavior_desc>.size)
        d.kind = kind
        d.item_count = UInt32(items.count)
        d.damping = 0.5
        d.density = 1
        d.allows_rotation = true
        return d
    }

    func add(_ animator: ah_dynamic_animator, _ d: ah_dynamic_behavior_desc, _ items: [ah_layer]) -> (ah_status, ah_dynamic_behavior) {
        var d = d
        var out: ah_dynamic_behavior = 0
        let status = items.withUnsafeBufferPointer { buffer in
            d.items = buffer.baseAddress
            return table.pointee.dynamics_add_behavior(table, animator, &d, &out)
        }
        return (status, out)
    }

    func error() -> String { String(cString: table.pointee.last_error(table)!) }

    /// Counts the action's calls and keeps the last elapsed time.
    final class Steps {
        var times: [Double] = []
    }

    @Test func aFreeFallFollowsHalfGTSquaredAtEachRefresh() throws {
        let (view, handle) = try item(Rect(x: 145, y: 50, width: 100, height: 100))
        let made = animator()
        var gravity = behavior(AH_BEHAVIOR_GRAVITY, [handle])
        gravity.vector = ah_point(x: 0, y: 1)
        #expect(add(made, gravity, [handle]).0 == AH_OK, "\(error())")
        let steps = Steps()
        let box = Unmanaged.passRetained(steps)
        defer { box.release() }
        #expect(table.pointee.dynamics_set_action(table, made, { pointer, elapsed in
            Unmanaged<Steps>.fromOpaque(pointer!).takeUnretainedValue().times.append(elapsed)
        }, box.toOpaque()) == AH_OK)
        try session.engine.advance(to: 0.5)
        // y = 100 + ½ · 1000 · 0.5² = 225, after 30 refreshes of 1/60 s; x unchanged.
        #expect(abs(view.center.y - 225) < 1e-9 && view.center.x == 195)
        #expect(steps.times.count == 30 && abs(steps.times.last! - 0.5) < 1e-9)
        var running = false
        #expect(table.pointee.dynamics_is_running(table, made, &running) == AH_OK && running)
        #expect(table.pointee.dynamics_release(table, made) == AH_OK)
        try session.engine.advance(to: 0.6)
        #expect(abs(view.center.y - 225) < 1e-9)
        #expect(table.pointee.dynamics_is_running(table, made, &running) == AH_ERR_STALE_HANDLE)
    }

    @Test func aSnapComesToRestAtItsPointAndPauses() throws {
        let (view, handle) = try item(Rect(x: 0, y: 0, width: 80, height: 40))
        let made = animator()
        var snap = behavior(AH_BEHAVIOR_SNAP, [handle])
        snap.anchor = ah_point(x: 195, y: 422)
        #expect(add(made, snap, [handle]).0 == AH_OK, "\(error())")
        try session.engine.advance(to: 4)
        #expect(abs(view.center.x - 195) < 0.5 && abs(view.center.y - 422) < 0.5)
        var running = true
        #expect(table.pointee.dynamics_is_running(table, made, &running) == AH_OK && !running)
    }

    @Test func badBehaviorsAreRefusedWithAReason() throws {
        let (_, handle) = try item(Rect(x: 0, y: 0, width: 10, height: 10))
        let made = animator()
        var (status, _) = add(made, behavior(42, [handle]), [handle])
        #expect(status == AH_ERR_INVALID_ARGUMENT && error() == "unknown behavior kind 42")
        (status, _) = add(made, behavior(AH_BEHAVIOR_GRAVITY, []), [])
        #expect(status == AH_ERR_INVALID_ARGUMENT && error() == "a behavior needs items")
        let stray = session.engine.makeView(frame: .zero, name: "stray")
        let strayHandle = session.handle(for: stray.layer.id)
        (status, _) = add(made, behavior(AH_BEHAVIOR_GRAVITY, [strayHandle]), [strayHandle])
        #expect(status == AH_ERR_INVALID_ARGUMENT && error() == "item 0 is not in the reference view's tree")
        var nan = behavior(AH_BEHAVIOR_PUSH, [handle])
        nan.vector = ah_point(x: .nan, y: 0)
        (status, _) = add(made, nan, [handle])
        #expect(status == AH_ERR_INVALID_ARGUMENT && error() == "the behavior's points and numbers must be finite")
        var short = behavior(AH_BEHAVIOR_GRAVITY, [handle])
        short.struct_size = 12
        (status, _) = add(made, short, [handle])
        #expect(status == AH_ERR_INVALID_ARGUMENT && error().hasPrefix("the behavior is truncated"))
        let (ok, gravity) = add(made, behavior(AH_BEHAVIOR_GRAVITY, [handle]), [handle])
        #expect(ok == AH_OK)
        #expect(table.pointee.dynamics_remove_behavior(table, made, gravity) == AH_OK)
        #expect(table.pointee.dynamics_remove_behavior(table, made, gravity) == AH_ERR_STALE_HANDLE)
    }

    /// What the contact and pause handlers heard.
    final class Heard {
        var lines: [String] = []
    }

    @Test func contactsAndPausesAreHeardAsTheDelegatesHearThem() throws {
        let (view, handle) = try item(Rect(x: 145, y: 100, width: 100, height: 60))
        let made = animator()
        let heard = Heard()
        let box = Unmanaged.passRetained(heard)
        defer { box.release() }
        #expect(table.pointee.dynamics_set_contact_handler(table, made, { pointer, _, _, other, boundary, began, point in
            let heard = Unmanaged<Heard>.fromOpaque(pointer!).takeUnretainedValue()
            heard.lines.append("\(began ? "began" : "ended") \(other == AH_NULL_HANDLE ? "boundary \(boundary)" : "item") y \(Int(point.y.rounded()))")
        }, box.toOpaque()) == AH_OK)
        #expect(table.pointee.dynamics_set_pause_handler(table, made, { pointer, paused in
            Unmanaged<Heard>.fromOpaque(pointer!).takeUnretainedValue().lines.append(paused ? "paused" : "resumed")
        }, box.toOpaque()) == AH_OK)
        var gravity = behavior(AH_BEHAVIOR_GRAVITY, [handle])
        gravity.vector = ah_point(x: 0, y: 1)
        var collision = behavior(AH_BEHAVIOR_COLLISION, [handle])
        collision.collision_mode = 3
        collision.reference_bounds = true
        var material = behavior(AH_BEHAVIOR_ITEM, [handle])
        material.friction = 0.5
        for d in [gravity, collision, material] { #expect(add(made, d, [handle]).0 == AH_OK, "\(error())") }
        // From 130 to 814 (844 − 30): 684 points in √(2 · 684 / 1000) ≈ 1.17 s; resting by 3 s.
        try session.engine.advance(to: 3)
        #expect(heard.lines.first == "began boundary -1 y 844", "\(heard.lines)")
        #expect(heard.lines.last == "paused", "\(heard.lines)")
        #expect(abs(view.center.y - 814) <= 0.26)
        // A push wakes it.
        var push = behavior(AH_BEHAVIOR_PUSH, [handle])
        push.vector = ah_point(x: 0, y: -1)
        push.instantaneous = true
        #expect(add(made, push, [handle]).0 == AH_OK)
        #expect(heard.lines.last == "resumed")
    }
}