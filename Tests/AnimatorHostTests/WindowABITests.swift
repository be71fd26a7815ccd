import AnimatorABI
import Testing
@testable import AnimatorEngine
@testable import AnimatorHost

/// view_window (ABI 1.11), called as a C plugin calls it: the window a view is in, none for
/// a view out of the window's tree, the window itself for no view; mistakes refused.
@Suite struct WindowABITests {
    let session = HostSession()
    var table: UnsafePointer<ah_host> { UnsafePointer(session.table) }

    /// "status handle", for comparing both at once.
    func window(of view: ah_layer) -> String {
        var out: ah_layer = 0xBAD
        let status = table.pointee.view_window(table, view, &out)
        return "\(status) \(out)"
    }

    func ok(_ handle: ah_layer) -> String { "\(AH_OK) \(handle)" }

    @Test func aViewIsInTheWindowWhileItsTreeIsAndTheWindowIsItsOwn() throws {
        // Before any window exists, nothing is in one.
        let early = session.engine.makeView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(window(of: session.handle(for: early.layer.id)) == ok(AH_NULL_HANDLE))
        let runtime = TransitionRuntime(engine: session.engine)
        let screen = session.engine.makeView(frame: Rect(x: 0, y: 0, width: 390, height: 844))
        let card = session.engine.makeView(frame: Rect(x: 0, y: 400, width: 390, height: 444))
        try screen.addSubview(card)
        let cardHandle = session.handle(for: card.layer.id)
        let windowHandle = session.handle(for: runtime.window.layer.id)
        // A tree not yet in the window: none; added: the window, for every view in it.
        #expect(window(of: cardHandle) == ok(AH_NULL_HANDLE))
        try runtime.window.addSubview(screen)
        #expect(window(of: cardHandle) == ok(windowHandle))
        #expect(window(of: windowHandle) == ok(windowHandle))
        #expect(window(of: AH_NULL_HANDLE) == ok(windowHandle))
        // Taken out again: none.
        screen.removeFromSuperview()
        #expect(window(of: cardHandle) == ok(AH_NULL_HANDLE))
    }

    @Test func mistakesAreRefusedWithAReason() {
        _ = TransitionRuntime(engine: session.engine)
        #expect(table.pointee.view_window(table, AH_NULL_HANDLE, nil) == AH_ERR_INVALID_ARGUMENT)
        #expect(window(of: 987_654).hasPrefix("\(AH_ERR_INVALID_HANDLE) "))
        #expect(String(cString: table.pointee.last_error(table)!).contains("987654"))
    }

    @Test func aRelatedChildNeedsALiveContextAndAnOut() {
        // The stack and tabs are read through a transition's context (tested with one under
        // way in SDKChildViewControllerTests); outside one, each mistake says what it is.
        var out: ah_layer = 0
        let bogus = table.pointee.context_related_child(table, 12_345, UInt32(AH_CONTEXT_FROM),
                                                        ah_relation(AH_RELATION_NAVIGATION_CONTROLLER), 0, &out)
        #expect(bogus == AH_ERR_INVALID_HANDLE)
        #expect(String(cString: table.pointee.last_error(table)!).contains("12345"))
        #expect(out == 0)
    }
}
