import AnimatorABI
import Testing
@testable import AnimatorEngine
@testable import AnimatorHost

/// Auto Layout from C (constraints.h, ABI 1.10), called as a C plugin calls it: frames
/// worked out by hand on a 390 × 844 window, a constant animated in a view_animate block,
/// the safe area, a label's intrinsic size, a contradiction, bad constraints.
@Suite struct ConstraintABITests {
    let session = HostSession()
    var table: UnsafePointer<ah_host> { UnsafePointer(session.table) }
    let window: View
    let windowHandle: ah_layer

    init() {
        window = session.engine.makeView(frame: Rect(x: 0, y: 0, width: 390, height: 844), name: "window")
        windowHandle = session.handle(for: window.layer.id)
    }

    /// A subview of the window placed by constraints.
    func placedView(_ name: String) throws -> (View, ah_layer) {
        let view = session.engine.makeView(frame: .zero, name: name)
        try window.addSubview(view)
        let handle = session.handle(for: view.layer.id)
        #expect(table.pointee.view_set_uses_constraints(table, handle, true) == AH_OK)
        return (view, handle)
    }

    func constraint(_ first: ah_layer, _ attribute: UInt32, _ relation: Int32 = AH_LAYOUT_EQUAL,
                    _ second: ah_layer = AH_NULL_HANDLE, _ secondAttribute: UInt32 = AH_LAYOUT_NOT_AN_ATTRIBUTE,
                    multiplier: Double = 1, constant: Double = 0, priority: Double = 1000,
                    firstSafe: Bool = false, secondSafe: Bool = false) -> ah_layout_constraint {
        var c = ah_layout_constraint()
        c.abi = ah_version(major: UInt32(AH_ABI_MAJOR), minor: UInt32(AH_ABI_MINOR))
        c.struct_size = UInt32(MemoryLayout<ah_layout_constraint>.size)
        (c.first, c.first_attribute, c.relation) = (first, attribute, relation)
        (c.second, c.second_attribute) = (second, secondAttribute)
        (c.multiplier, c.constant, c.priority) = (multiplier, constant, priority)
        (c.first_in_safe_area, c.second_in_safe_area) = (firstSafe, secondSafe)
        return c
    }

    @discardableResult
    func activate(_ c: ah_layout_constraint) -> (ah_status, ah_constraint) {
        var c = c
        var handle: ah_constraint = 0
        let status = table.pointee.constraint_activate(table, &c, &handle)
        return (status, handle)
    }

    func error() -> String { String(cString: table.pointee.last_error(table)!) }

    /// The bottom card: 16 from the sides, 34 from the bottom, 300 tall.
    func card() throws -> (View, ah_layer, height: ah_constraint) {
        let (card, handle) = try placedView("card")
        activate(constraint(handle, AH_LAYOUT_LEADING, AH_LAYOUT_EQUAL, windowHandle, AH_LAYOUT_LEADING, constant: 16))
        activate(constraint(handle, AH_LAYOUT_TRAILING, AH_LAYOUT_EQUAL, windowHandle, AH_LAYOUT_TRAILING, constant: -16))
        activate(constraint(handle, AH_LAYOUT_BOTTOM, AH_LAYOUT_EQUAL, windowHandle, AH_LAYOUT_BOTTOM, constant: -34))
        let (status, height) = activate(constraint(handle, AH_LAYOUT_HEIGHT, constant: 300))
        #expect(status == AH_OK, "\(error())")
        return (card, handle, height)
    }

    @Test func theCardIsPlacedAtTheEndOfTheStep() throws {
        let (card, _, _) = try card()
        // Nothing asked: laid out when the clock's step ends. 844 − 34 − 300 = 510.
        try session.engine.advance(by: 0)
        #expect(card.frame == Rect(x: 16, y: 510, width: 358, height: 300))
        #expect(session.log.isEmpty, "\(session.log)")
    }

    /// Runs `body` inside view_animate (0.4 s, default curve).
    func animate(_ body: @escaping () -> Void) {
        final class Box { let body: () -> Void; init(_ body: @escaping () -> Void) { self.body = body } }
        let box = Unmanaged.passRetained(Box(body))
        var settings = ah_view_animation()
        settings.abi = ah_version(major: UInt32(AH_ABI_MAJOR), minor: UInt32(AH_ABI_MINOR))
        settings.struct_size = UInt32(MemoryLayout<ah_view_animation>.size)
        settings.duration = 0.4
        _ = table.pointee.view_animate(table, &settings, { pointer in
            Unmanaged<Box>.fromOpaque(pointer!).takeUnretainedValue().body()
        }, nil, box.toOpaque())
        box.release()
    }

    @Test func aConstantChangedAndLaidOutInABlockAnimatesTheFrame() throws {
        let (card, handle, height) = try card()
        #expect(table.pointee.view_layout_if_needed(table, handle) == AH_OK)
        #expect(card.frame.origin.y == 510)
        let start = session.engine.currentTime
        animate { [table] in
            _ = table.pointee.constraint_set_constant(table, height, 400)
            _ = table.pointee.view_layout_if_needed(table, handle)
        }
        // Model at once: 844 − 34 − 400 = 410; on screen half way (ease in-out is
        // symmetric: 0.5 at the middle) at 0.2 s: 460.
        #expect(card.frame == Rect(x: 16, y: 410, width: 358, height: 400))
        let middle = card.layer.presentation(at: start + 0.2)
        #expect(abs(middle.position.y - middle.bounds.size.height / 2 - 460) < 1e-6)
    }

    @Test func theSafeAreaAndALabelsIntrinsicSize() throws {
        let (label, handle) = try placedView("label")
        label.layer.text = LayerText("Hello", size: 17)
        activate(constraint(handle, AH_LAYOUT_TOP, AH_LAYOUT_EQUAL, windowHandle, AH_LAYOUT_TOP, secondSafe: true))
        activate(constraint(handle, AH_LAYOUT_LEFT, AH_LAYOUT_EQUAL, windowHandle, AH_LAYOUT_LEFT, constant: 20))
        #expect(table.pointee.view_layout_if_needed(table, handle) == AH_OK)
        // Below the safe area's top; 5 characters × 0.55 × 17 = 46.75 → 47 wide, 1.2 × 17 =
        // 20.4 → 21 tall.
        #expect(label.frame == Rect(x: 20, y: session.traits.safeArea.top, width: 47, height: 21))
    }

    @Test func aContradictionIsBrokenWithUIKitsWords() throws {
        let (view, handle) = try placedView("box")
        activate(constraint(handle, AH_LAYOUT_WIDTH, constant: 100))
        activate(constraint(handle, AH_LAYOUT_WIDTH, constant: 200))
        activate(constraint(handle, AH_LAYOUT_LEFT, AH_LAYOUT_EQUAL, windowHandle, AH_LAYOUT_LEFT))
        #expect(table.pointee.view_layout_if_needed(table, handle) == AH_OK)
        #expect(view.frame.size.width == 100)
        #expect(session.log.contains { $0.message.hasPrefix("Unable to simultaneously satisfy constraints") }, "\(session.log)")
    }

    @Test func badConstraintsAreRefusedWithAReason() throws {
        let (_, handle) = try placedView("box")
        var (status, _) = activate(constraint(handle, 42))
        #expect(status == AH_ERR_INVALID_ARGUMENT && error() == "unknown first attribute 42")
        (status, _) = activate(constraint(handle, AH_LAYOUT_WIDTH, 7))
        #expect(status == AH_ERR_INVALID_ARGUMENT && error() == "unknown relation 7")
        (status, _) = activate(constraint(handle, AH_LAYOUT_WIDTH, constant: .nan))
        #expect(status == AH_ERR_INVALID_ARGUMENT && error().hasPrefix("multiplier, constant and priority must be finite"))
        let elsewhere = session.engine.makeView(frame: .zero, name: "elsewhere")
        (status, _) = activate(constraint(handle, AH_LAYOUT_TOP, AH_LAYOUT_EQUAL, session.handle(for: elsewhere.layer.id), AH_LAYOUT_TOP))
        #expect(status == AH_ERR_INVALID_ARGUMENT && error() == "the items are in different view trees (no common ancestor)")
        var short = constraint(handle, AH_LAYOUT_WIDTH, constant: 10)
        short.struct_size = 8
        (status, _) = activate(short)
        #expect(status == AH_ERR_INVALID_ARGUMENT && error().hasPrefix("the constraint is truncated"))
        let (good, made) = activate(constraint(handle, AH_LAYOUT_WIDTH, constant: 10))
        #expect(good == AH_OK)
        #expect(table.pointee.constraint_deactivate(table, made) == AH_OK)
        #expect(table.pointee.constraint_set_constant(table, made, 5) == AH_ERR_STALE_HANDLE)
        #expect(error().hasSuffix("is stale (deactivated)"))
    }
}
