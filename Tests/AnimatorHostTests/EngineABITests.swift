import AnimatorABI
import Foundation
import Testing
import TestSupport
@testable import AnimatorHost
@testable import AnimatorEngine
@testable import AnimatorSupport
@testable import AnimatorRendering

/// Batch 1.1 of the host table, driven from C (Tests/Fixtures/engine_probe.c).
@Suite(.serialized) struct EngineABITests {
    /// The probe library, compiled once per process (its state is global to it).
    nonisolated(unsafe) static let library: UnsafeMutableRawPointer = {
        let folder = TemporaryDirectory().keep()
        try! compileFixture("engine_probe.c", output: folder + "/engine_probe.so")
        return dlopen(folder + "/engine_probe.so", RTLD_NOW | RTLD_LOCAL)!
    }()

    func function<T>(_ name: String, as type: T.Type) -> T {
        unsafeBitCast(dlsym(EngineABITests.library, name)!, to: type)
    }

    func counter(_ name: String) -> Int32 {
        function(name, as: (@convention(c) () -> Int32).self)()
    }

    let session = HostSession()

    /// The messages a probe copied, 200 bytes each.
    static func texts(_ messages: [CChar], count: Int) -> [String] {
        (0..<count).map { index in
            messages[(index * 200)..<(index * 200 + 200)].withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        }
    }

    func layer(_ handle: ah_layer) throws -> Layer {
        Layer(engine: session.engine, id: try session.layers.lookup(handle).get())
    }

    typealias LayerProbe = @convention(c) (UnsafePointer<ah_host>, UnsafeMutablePointer<ah_layer>) -> ah_status

    @Test func aViewAnimationFromC() throws {
        var handle: ah_layer = 0
        #expect(function("probe_view_animation", as: LayerProbe.self)(session.table, &handle) == ah_status(AH_OK))
        let view = try layer(handle)
        #expect(view.model.position.x == 150)
        #expect(abs(view.presentation(at: 0.25).position.x - 75) < 1e-12)   // 50 → 150, linear
        try session.engine.advance(to: 0.5)
        #expect(counter("probe_completions") == 0)
        try session.engine.advance(to: 1)
        #expect(counter("probe_completions") == 1)
        #expect(counter("probe_finished") == 1)
    }

    /// Batch 1.4 from C: an image made from pixels, shown as a view's contents, and every
    /// mistake refused with a status and a reason.
    @Test func imagesFromC() throws {
        typealias Probe = @convention(c) (UnsafePointer<ah_host>, UnsafeMutablePointer<ah_layer>,
                                          UnsafeMutablePointer<ah_status>, UnsafeMutablePointer<CChar>) -> ah_status
        var handle: ah_layer = 0
        var statuses = [ah_status](repeating: 0, count: 4)
        var messages = [CChar](repeating: 0, count: 4 * 200)
        #expect(function("probe_image", as: Probe.self)(session.table, &handle, &statuses, &messages) == ah_status(AH_OK))
        let view = try layer(handle)
        let window = session.engine.makeView(frame: Rect(x: 0, y: 0, width: 20, height: 10))
        window.backgroundColor = RGBAColor(red: 1, green: 1, blue: 1, alpha: 1)
        try window.addSubview(View(layer: view))
        let picture = SceneRenderer(size: Size(width: 20, height: 10), scale: 1)
            .render(SceneFrame(engine: session.engine, root: window.layer.id))
        // Two texels over 20 points: pixel 0 is the red texel; pixel 19 the blue one at
        // alpha 128/255 over white: blue 255, red and green 255 × (1 − 128/255) ≈ 127.
        let left = picture.rgba(x: 0, y: 5), right = picture.rgba(x: 19, y: 5)
        #expect([left.red, left.green, left.blue] == [255, 0, 0])
        #expect(abs(Int(right.red) - 127) <= 1 && abs(Int(right.green) - 127) <= 1 && right.blue == 255)
        let texts = Self.texts(messages, count: 4)
        #expect(statuses == [ah_status(AH_ERR_INVALID_ARGUMENT), ah_status(AH_ERR_INVALID_ARGUMENT),
                             ah_status(AH_ERR_INVALID_ARGUMENT), ah_status(AH_ERR_STALE_HANDLE)])
        #expect(texts[0] == "an image of 0 × 1 pixels (each side 1...16384)")
        #expect(texts[1] == "bytes_per_row 4 is less than 4 × width (8)")
        #expect(texts[2] == "the PNG cannot be read: not a PNG file (no PNG signature)")
        #expect(texts[3].hasSuffix("is stale (released)"))
        // The layer keeps its picture after the handle was released.
        #expect(view.contents?.image.width == 2)
    }

    /// Batch 1.5 from C: a shape layer masking a view, its path animated from a small
    /// circle to an oval, a path read back, and every mistake refused with a reason.
    @Test func shapesAndMasksFromC() throws {
        typealias Probe = @convention(c) (UnsafePointer<ah_host>, UnsafeMutablePointer<ah_layer>,
                                          UnsafeMutablePointer<ah_layer>, UnsafeMutablePointer<UInt32>,
                                          UnsafeMutablePointer<ah_status>, UnsafeMutablePointer<CChar>) -> ah_status
        var viewHandle: ah_layer = 0, shapeHandle: ah_layer = 0
        var count: UInt32 = 0
        var statuses = [ah_status](repeating: 0, count: 6)
        var messages = [CChar](repeating: 0, count: 6 * 200)
        #expect(function("probe_shapes", as: Probe.self)(session.table, &viewHandle, &shapeHandle, &count, &statuses,
                                                           &messages) == ah_status(AH_OK))
        let view = try layer(viewHandle), shape = try layer(shapeHandle)
        // An oval is a move, four quarters and a close.
        #expect(count == 6)
        #expect(session.engine.mask(of: view.id) == shape.id)
        #expect(shape.shape?.lineCap == .round)
        // Linear from radius 1 at (50, 50) to the oval in (10, 10, 80, 80): the start
        // point at 0.5 s is halfway from x 51 to x 90.
        guard case .move(let x, let y)? = session.engine.shape(of: shape.id, at: 0.5)?.path?.elements.first else {
            Issue.record("no path")
            return
        }
        #expect(abs(x - 70.5) < 1e-12 && abs(y - 50) < 1e-12)
        let texts = Self.texts(messages, count: 6)
        #expect(statuses == [ah_status(AH_ERR_INVALID_ARGUMENT), ah_status(AH_ERR_INVALID_ARGUMENT),
                             ah_status(AH_ERR_INVALID_ARGUMENT), ah_status(AH_ERR_STALE_HANDLE),
                             ah_status(AH_ERR_INVALID_ARGUMENT), ah_status(AH_ERR_INVALID_ARGUMENT)])
        #expect(texts[0] == "element 0: unknown verb 9")
        #expect(texts[1] == "element 0: a path starts with AH_PATH_MOVE")
        #expect(texts[2] == "a layer cannot be masked by itself or a layer it is inside")
        #expect(texts[3].hasSuffix("is stale (released)"))
        #expect(texts[4] == "lineJoin 7.0 is not one of 0...2")
        #expect(texts[5] == "unknown path shape 5")
        // Every path handle the probe made or read was released.
        #expect(session.liveHandles.paths == 0)
    }

    /// Batch 1.5 from C: a gradient layer set up, and the mistakes refused with reasons.
    @Test func gradientsFromC() throws {
        typealias Probe = @convention(c) (UnsafePointer<ah_host>, UnsafeMutablePointer<ah_layer>,
                                          UnsafeMutablePointer<ah_status>, UnsafeMutablePointer<CChar>) -> ah_status
        var handle: ah_layer = 0
        var statuses = [ah_status](repeating: 0, count: 2)
        var messages = [CChar](repeating: 0, count: 2 * 200)
        #expect(function("probe_gradient", as: Probe.self)(session.table, &handle, &statuses, &messages) == ah_status(AH_OK))
        let expected = LayerGradient(colors: [RGBAColor(red: 0, green: 0, blue: 0, alpha: 1), RGBAColor(red: 0, green: 0, blue: 0, alpha: 0)],
                                     locations: [0.2, 0.8], startPoint: Point(x: 0, y: 0.5), endPoint: Point(x: 1, y: 0.5))
        // The mistakes left the gradient as it was.
        #expect(try layer(handle).gradient == expected)
        let texts = Self.texts(messages, count: 2)
        #expect(statuses == [ah_status(AH_ERR_INVALID_ARGUMENT), ah_status(AH_ERR_INVALID_ARGUMENT)])
        #expect(texts == ["colors is NULL", "the start or end point is not finite"])
    }

    /// Batch 1.6 from C: a layer delegate answering each way, the view hook behind a
    /// custom block animation API, beginAnimations/commitAnimations, the transaction
    /// getters, and every mistake's reason.
    @Test func actionDelegatesAndOldStyleAnimationsFromC() throws {
        typealias Probe = @convention(c) (UnsafePointer<ah_host>, UnsafeMutablePointer<ah_layer>,
                                          UnsafeMutablePointer<Double>, UnsafeMutablePointer<ah_status>,
                                          UnsafeMutablePointer<CChar>) -> ah_status
        var handles = [ah_layer](repeating: 0, count: 3)
        var results = [Double](repeating: -1, count: 9)
        var statuses = [ah_status](repeating: 0, count: 5)
        var messages = [CChar](repeating: 0, count: 5 * 200)
        let start = session.engine.currentTime
        #expect(function("probe_actions", as: Probe.self)(session.table, &handles, &results, &statuses, &messages)
                == ah_status(AH_OK))
        // Asked about position, opacity, cornerRadius and bounds, with position's old,
        // new and on-screen values; released once when removed.
        #expect(Array(results[0...4]) == [4, 50, 250, 50, 1])
        let layer = try layer(handles[0])
        // The delegate's animation: linear over 1 s, from and to the change's values.
        #expect(abs(layer.presentation(at: start + 0.5).position.x - 150) < 1e-9)
        // NSNull for opacity, an ANIMATION answer without an animation for cornerRadius
        // (none, and logged); DEFAULT for bounds: the implicit animation.
        #expect(Set(layer.animationKeys()) == ["position", "bounds"])
        #expect(session.log.contains { $0.message.contains("AH_ACTION_ANIMATION for cornerRadius without giving an animation") })
        // The hooked view: its opacity answered NONE (old alpha 1), its position left to the
        // 1 s linear block around.
        let view = try self.layer(handles[1])
        #expect(results[5] == 1)
        #expect(view.animationKeys() == ["position"] && view.model.opacity == 0.25)
        #expect(abs(view.presentation(at: start + 0.5).position.x - 125) < 1e-9)
        // beginAnimations with UIKit's defaults: 0.2 s on easeInOut, halfway at 0.1 s.
        #expect(abs(try self.layer(handles[2]).presentation(at: start + 0.1).position.x - 100) < 1e-9)
        // The transaction's getters: 0.25 s, no function; actions disabled inside the setup.
        #expect(Array(results[6...8]) == [0.25, Double(AH_TIMING_DEFAULT), 1])
        #expect(statuses == [ah_status(AH_ERR_INVALID_STATE), ah_status(AH_ERR_INVALID_ARGUMENT),
                             ah_status(AH_ERR_INVALID_STATE), ah_status(AH_ERR_INVALID_ARGUMENT),
                             ah_status(AH_ERR_INVALID_HANDLE)])
        #expect(Self.texts(messages, count: 5) == [
            "no action delegate is being asked about this request (it is valid only during the delegate's call)",
            "layer handle \(handles[1]) is a view: a view is its layer's delegate (use view_animate_with_actions)",
            "commitAnimations without a matching beginAnimations",
            "delegate is NULL",
            "12345 is not a context handle of this host",
        ])
    }

    /// contentsCenter from C: kept before the contents come, refused when not finite or
    /// of negative size.
    @Test func contentsCenterFromTheTable() throws {
        let table = session.table
        var handle: ah_layer = 0
        #expect(table.pointee.layer_create(table, &handle) == ah_status(AH_OK))
        let third = ah_rect(origin: ah_point(x: 0.25, y: 0.25), size: ah_size(width: 0.5, height: 0.5))
        #expect(table.pointee.layer_set_contents_center(table, handle, third) == ah_status(AH_OK))
        #expect(try layer(handle).contentsCenter == Rect(x: 0.25, y: 0.25, width: 0.5, height: 0.5))
        let bad = [ah_rect(origin: ah_point(x: .nan, y: 0), size: ah_size(width: 1, height: 1)),
                   ah_rect(origin: ah_point(x: 0, y: 0), size: ah_size(width: -0.5, height: 1))]
        for rect in bad {
            #expect(table.pointee.layer_set_contents_center(table, handle, rect) == ah_status(AH_ERR_INVALID_ARGUMENT))
            #expect(String(cString: table.pointee.last_error(table)!) == "the contents center must be finite with a size not negative")
        }
        #expect(try layer(handle).contentsCenter == Rect(x: 0.25, y: 0.25, width: 0.5, height: 0.5))
    }

    /// A dash pattern from C: kept on the shape, refused when a length is negative or not
    /// finite, or the pattern too long; 0 lengths make the line solid again.
    @Test func dashesFromTheTable() throws {
        let table = session.table
        var handle: ah_layer = 0
        #expect(table.pointee.shape_layer_create(table, &handle) == ah_status(AH_OK))
        let pattern: [Double] = [8, 4]
        #expect(table.pointee.shape_layer_set_dash(table, handle, pattern, 2, 3) == ah_status(AH_OK))
        #expect(try layer(handle).shape?.dashPattern == [8, 4] && (try layer(handle).shape?.dashPhase) == 3)
        let mistakes: [([Double], UInt32, Double, String)] = [
            ([8, -1], 2, 0, "dash lengths must be finite and not negative, the phase finite"),
            ([8, .infinity], 2, 0, "dash lengths must be finite and not negative, the phase finite"),
            ([8, 4], 2, .nan, "dash lengths must be finite and not negative, the phase finite"),
            ([1], 1025, 0, "a dash pattern of 1025 lengths (at most 1024)"),
        ]
        for (lengths, count, phase, message) in mistakes {
            #expect(table.pointee.shape_layer_set_dash(table, handle, lengths, count, phase) == ah_status(AH_ERR_INVALID_ARGUMENT))
            #expect(String(cString: table.pointee.last_error(table)!) == message)
        }
        #expect(table.pointee.shape_layer_set_dash(table, handle, nil, 2, 0) == ah_status(AH_ERR_INVALID_ARGUMENT))
        #expect(try layer(handle).shape?.dashPattern == [8, 4])
        #expect(table.pointee.shape_layer_set_dash(table, handle, nil, 0, 0) == ah_status(AH_OK))
        #expect(try layer(handle).shape?.dashPattern == [])
    }

    /// A gradient's type from C: kept when the colors change; an unknown one refused.
    @Test func gradientTypesFromTheTable() throws {
        let table = session.table
        var handle: ah_layer = 0
        #expect(table.pointee.gradient_layer_create(table, &handle) == ah_status(AH_OK))
        #expect(table.pointee.layer_set_gradient_type(table, handle, ah_gradient_type(AH_GRADIENT_RADIAL)) == ah_status(AH_OK))
        let colors = [ah_color(red: 1, green: 0, blue: 0, alpha: 1), ah_color(red: 0, green: 0, blue: 1, alpha: 1)]
        #expect(table.pointee.layer_set_gradient(table, handle, colors, nil, 2, ah_point(x: 0.5, y: 0.5),
                                                 ah_point(x: 1, y: 1)) == ah_status(AH_OK))
        #expect(try layer(handle).gradient?.kind == .radial && (try layer(handle).gradient?.colors.count) == 2)
        #expect(table.pointee.layer_set_gradient_type(table, handle, 3) == ah_status(AH_ERR_INVALID_ARGUMENT))
        #expect(String(cString: table.pointee.last_error(table)!) == "unknown gradient type 3")
        #expect(try layer(handle).gradient?.kind == .radial)
    }

    /// A view's own action delegate from C answers before the block around; a layer that is
    /// not a view is refused.
    @Test func aViewsActionDelegateFromTheTable() throws {
        let table = session.table
        var view: ah_layer = 0, plain: ah_layer = 0
        #expect(table.pointee.view_create(table, ah_rect(origin: ah_point(x: 0, y: 0), size: ah_size(width: 10, height: 10)),
                                          &view) == ah_status(AH_OK))
        #expect(table.pointee.layer_create(table, &plain) == ah_status(AH_OK))
        let none: ah_action_delegate = { _, _ in ah_action_mode(AH_ACTION_NONE) }
        #expect(table.pointee.view_set_action_delegate(table, plain, none, nil, nil) == ah_status(AH_ERR_INVALID_ARGUMENT))
        #expect(String(cString: table.pointee.last_error(table)!) == "layer handle \(plain) is not a view")
        #expect(table.pointee.view_set_action_delegate(table, view, none, nil, nil) == ah_status(AH_OK))
        let target = try layer(view)
        session.engine.animate(withDuration: 1, animations: { target.opacity = 0.5 })
        #expect(target.animationKeys().isEmpty && target.model.opacity == 0.5)
        // Removed: the block animates again.
        #expect(table.pointee.view_set_action_delegate(table, view, nil, nil, nil) == ah_status(AH_OK))
        session.engine.animate(withDuration: 1, animations: { target.opacity = 1 })
        #expect(target.animationKeys() == ["opacity"])
    }

    /// view_current_animation (batch 1.14) gives the animation the innermost block gives a
    /// change: its timing and curve, or its spring; nothing outside one.
    @Test func theCurrentBlocksAnimationFromTheTable() throws {
        let table = session.table
        var view: ah_layer = 0
        #expect(table.pointee.view_create(table, ah_rect(origin: ah_point(x: 0, y: 0), size: ah_size(width: 10, height: 10)),
                                          &view) == ah_status(AH_OK))
        func asked() -> (ah_status, ah_animation_desc) {
            var d = ah_animation_desc()
            d.abi = ah_version(major: AH_ABI_MAJOR, minor: AH_ABI_MINOR)
            d.struct_size = UInt32(MemoryLayout<ah_animation_desc>.size)
            return (table.pointee.view_current_animation(table, view, &d), d)
        }
        // Outside a block: AH_OK, all zero (a duration of 0: no animation), and not counted
        // among the refused calls.
        #expect(asked().0 == ah_status(AH_OK) && asked().1.timing.duration == 0 && asked().1.kind == 0)
        #expect(session.refusedCalls.count == 0)
        let now = session.engine.currentTime
        var answers: [(ah_status, ah_animation_desc)] = []
        session.engine.animate(withDuration: 0.4, delay: 0.1, options: [.curveEaseIn, .repeat], animations: { answers.append(asked()) })
        session.engine.animate(withDuration: 0.5, usingSpringWithDamping: 0.5, initialSpringVelocity: 0,
                               animations: { answers.append(asked()) })
        session.engine.animate(withDuration: 0, animations: { answers.append(asked()) })
        session.engine.animate(withDuration: 0.5, animations: { session.engine.performWithoutAnimation { answers.append(asked()) } })
        try #require(answers.count == 4)
        let eased = answers[0].1
        #expect(answers[0].0 == ah_status(AH_OK) && eased.kind == ah_animation_kind(AH_ANIMATION_BASIC))
        #expect(eased.timing.duration == 0.4 && abs(eased.timing.begin_time - (now + 0.1)) < 1e-12)
        #expect(eased.timing.fill_mode == ah_fill_mode(AH_FILL_BACKWARDS) && eased.timing.repeat_count == .infinity)
        // UIKit's easeIn: (0.42, 0) (1, 1).
        let curve = eased.timing_function
        #expect(curve.kind == ah_timing_kind(AH_TIMING_BEZIER) && [curve.x1, curve.y1, curve.x2, curve.y2] == [0.42, 0, 1, 1])
        #expect(eased.key_path == nil && eased.from == nil && eased.did_stop == nil)
        let spring = answers[1].1
        #expect(answers[1].0 == ah_status(AH_OK) && spring.kind == ah_animation_kind(AH_ANIMATION_SPRING))
        #expect(abs(spring.damping / (2 * (spring.stiffness * spring.mass).squareRoot()) - 0.5) < 1e-12)
        #expect(spring.timing.duration == 0.5)
        // A block of duration 0 and performWithoutAnimation animate nothing.
        #expect(answers[2].0 == ah_status(AH_OK) && answers[2].1.timing.duration == 0)
        #expect(answers[3].0 == ah_status(AH_OK) && answers[3].1.timing.duration == 0 && answers[3].1.mass == 0)
        // A description too short for the answer is refused.
        var short = ah_animation_desc()
        short.abi = ah_version(major: AH_ABI_MAJOR, minor: AH_ABI_MINOR)
        short.struct_size = 16
        var status = ah_status(AH_OK)
        session.engine.animate(withDuration: 0.4, animations: { status = table.pointee.view_current_animation(table, view, &short) })
        #expect(status == ah_status(AH_ERR_INVALID_ARGUMENT))
    }

    /// fractionComplete takes a number: NaN and infinity are refused with a reason (they
    /// were accepted with AH_OK and read as 0).
    @Test func aFractionThatIsNotANumberIsRefused() throws {
        let table = session.table
        var animator: ah_property_animator = 0
        #expect(table.pointee.animator_create(table, 1, nil, &animator) == ah_status(AH_OK))
        #expect(table.pointee.animator_pause(table, animator) == ah_status(AH_OK))
        for value in [Double.nan, .infinity, -.infinity] {
            #expect(table.pointee.animator_set_fraction(table, animator, value) == ah_status(AH_ERR_INVALID_ARGUMENT))
            #expect(String(cString: table.pointee.last_error(table)!).hasSuffix("is not a number in 0...1"))
        }
        #expect(table.pointee.animator_set_fraction(table, animator, 0.25) == ah_status(AH_OK))
    }

    /// `log` may be called from any thread; every other function refuses a thread that is
    /// not the host's with AH_ERR_INVALID_STATE and touches nothing (last_error stays the
    /// host thread's; from the other thread it reads "").
    @Test func callsFromAnotherThreadAreRefusedButLogIsTaken() throws {
        final class Results: @unchecked Sendable {
            var table: UnsafePointer<ah_host>?
            var create: ah_status = 0
            var time: ah_status = 0
            var lastError = "unset"
        }
        let results = Results()
        let table = UnsafePointer(session.table)
        results.table = table
        let finished = DispatchSemaphore(value: 0)
        let thread = Thread {
            defer { finished.signal() }
            let table = results.table!
            var layer: ah_layer = 0
            results.create = table.pointee.layer_create(table, &layer)
            var now = 0.0
            results.time = table.pointee.current_time(table, &now)
            results.lastError = table.pointee.last_error(table).map { String(cString: $0) } ?? "NULL"
            table.pointee.log(table, ah_log_level(AH_LOG_INFO), "hello from another thread")
        }
        thread.start()
        // The semaphore orders the thread's writes before the reads below.
        finished.wait()
        #expect(results.create == ah_status(AH_ERR_INVALID_STATE))
        #expect(results.time == ah_status(AH_ERR_INVALID_STATE))
        #expect(results.lastError == "")
        #expect(session.log.contains { $0.message == "hello from another thread" })
        #expect(session.log.contains { $0.message.contains("called from a thread that is not the host's") })
        // The host's own thread is unaffected.
        var layer: ah_layer = 0
        #expect(table.pointee.layer_create(table, &layer) == ah_status(AH_OK))
    }

    @Test func keyframesFromC() throws {
        var handle: ah_layer = 0
        #expect(function("probe_keyframes", as: LayerProbe.self)(session.table, &handle) == ah_status(AH_OK))
        let view = try layer(handle)
        #expect(abs(view.presentation(at: 0.25).opacity - 0.5) < 1e-12)
        #expect(view.presentation(at: 0.75).opacity == 0)
    }

    @Test func aTransactionFromC() throws {
        var handle: ah_layer = 0
        #expect(function("probe_transaction", as: LayerProbe.self)(session.table, &handle) == ah_status(AH_OK))
        let layer = try layer(handle)
        #expect(abs(layer.presentation(at: 0.5).opacity - 0.5) < 1e-12)
        let before = counter("probe_transaction_done")
        try session.engine.advance(to: 1)
        #expect(counter("probe_transaction_done") == before + 1)
    }

    @Test func explicitAnimationsAndDelegatesFromC() throws {
        var handle: ah_layer = 0
        let eventsBefore = counter("probe_delegate_events")
        #expect(function("probe_explicit", as: LayerProbe.self)(session.table, &handle) == ah_status(AH_OK))
        let layer = try layer(handle)
        #expect(abs(layer.presentation(at: 0.75).position.x - 20) < 1e-12)
        #expect(abs(layer.presentation(at: 0.25).opacity - 0.5) < 1e-12)      // the group's child
        #expect(layer.animationKeys() == ["k", "g"])
        var count: UInt32 = 0
        #expect(session.table.pointee.layer_animation_key_count(session.table, handle, &count) == ah_status(AH_OK))
        #expect(count == 2)
        var key: UnsafePointer<CChar>?
        #expect(session.table.pointee.layer_animation_key_at(session.table, handle, 1, &key) == ah_status(AH_OK))
        #expect(key.map { String(cString: $0) } == "g")
        try session.engine.advance(to: 2)
        #expect(counter("probe_delegate_events") - eventsBefore == 11)         // a start, then a finished stop
    }

    @Test func aPropertyAnimatorFromC() throws {
        typealias Probe = @convention(c) (UnsafePointer<ah_host>, UnsafeMutablePointer<ah_layer>,
                                          UnsafeMutablePointer<Double>, UnsafeMutablePointer<ah_property_animator>) -> ah_status
        var handle: ah_layer = 0
        var fraction = -1.0
        var animator: ah_property_animator = 0
        #expect(function("probe_animator", as: Probe.self)(session.table, &handle, &fraction, &animator) == ah_status(AH_OK))
        #expect(fraction == 0.5)
        #expect(abs(try layer(handle).presentation().position.x - 100) < 1e-12)
        var state: ah_animator_state = 9
        var running = true
        #expect(session.table.pointee.animator_get_state(session.table, animator, &state, &running, nil) == ah_status(AH_OK))
        #expect(state == ah_animator_state(AH_ANIMATOR_ACTIVE) && !running)
        #expect(session.table.pointee.animator_continue(session.table, animator, nil, 0) == ah_status(AH_OK))
        let done = counter("probe_animator_done")
        try session.engine.advance(to: 0.5)
        #expect(counter("probe_animator_done") == done + 1)
        #expect(session.table.pointee.animator_release(session.table, animator) == ah_status(AH_OK))
        #expect(session.table.pointee.animator_start(session.table, animator, 0) == ah_status(AH_ERR_STALE_HANDLE))
    }

    @Test func mistakesComeBackAsStatusesWithMessages() throws {
        typealias Probe = @convention(c) (UnsafePointer<ah_host>, UnsafeMutablePointer<ah_status>,
                                          UnsafeMutablePointer<CChar>) -> ah_status
        var statuses = [ah_status](repeating: 0, count: 5)
        var messages = [CChar](repeating: 0, count: 5 * 160)
        #expect(function("probe_errors", as: Probe.self)(session.table, &statuses, &messages) == ah_status(AH_OK))
        let text = (0..<5).map { index in
            messages.withUnsafeBufferPointer { String(cString: $0.baseAddress! + index * 160) }
        }
        #expect(statuses[0] == ah_status(AH_ERR_INVALID_ARGUMENT))
        #expect(text[0] == "unknown key path 'wobble'")
        #expect(statuses[1] == ah_status(AH_ERR_INVALID_HANDLE))
        #expect(text[1].hasSuffix("is not a layer handle of this host"))
        #expect(statuses[2] == ah_status(AH_ERR_INVALID_STATE))
        #expect(text[2] == "CATransaction.commit() without a matching begin()")
        #expect(statuses[3] == ah_status(AH_ERR_INVALID_STATE))
        #expect(text[3] == "finishAnimation(at:) needs a stopped animator (state is inactive)")
        #expect(statuses[4] == ah_status(AH_ERR_INVALID_ARGUMENT))
        #expect(text[4] == "position takes a point, not a number")
    }
}
