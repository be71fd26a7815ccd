import AnimatorABI
import Testing
@testable import AnimatorHost
@testable import AnimatorEngine
@testable import AnimatorSupport
@testable import AnimatorRendering

/// Handles are checked ids: the C table answers error codes for bad ones, never crashes.
@Suite struct HandleTests {
    let session = HostSession()

    func operation(of handle: ah_context) -> (ah_status, ah_operation) {
        var value: ah_operation = 0
        let status = session.table.pointee.context_operation(session.table, handle, &value)
        return (status, value)
    }

    @Test func aLiveContextAnswersThroughTheCTable() {
        let handle = session.openContext(ContextState(operation: .push, isAnimated: true, isInteractive: true))
        let (status, value) = operation(of: handle)
        #expect(status == ah_status(AH_OK))
        #expect(value == ah_operation(AH_OP_PUSH))
        var interactive = false
        #expect(session.table.pointee.context_is_interactive(session.table, handle, &interactive) == ah_status(AH_OK))
        #expect(interactive)
        var animated = false
        #expect(session.table.pointee.context_is_animated(session.table, handle, &animated) == ah_status(AH_OK))
        #expect(animated)
    }

    @Test func aClosedContextIsStale() {
        let handle = session.openContext(ContextState(operation: .pop, isAnimated: true, isInteractive: false))
        session.closeContext(handle)
        #expect(operation(of: handle).0 == ah_status(AH_ERR_STALE_HANDLE))
    }

    @Test func forgedHandlesAreInvalid() {
        let handle = session.openContext(ContextState(operation: .pop, isAnimated: true, isInteractive: false))
        let forged: [ah_handle] = [
            0,                                  // the null handle
            handle &+ 1,                        // an index never issued
            handle ^ (0x7F << 56),              // another kind
            handle &+ (5 << 32),                // a generation never issued
            0xFFFF_FFFF_FFFF_FFFF,
        ]
        for bad in forged {
            #expect(operation(of: bad).0 == ah_status(AH_ERR_INVALID_HANDLE), "handle \(bad)")
        }
        // The real one still works, and the out-value was left alone on error.
        #expect(operation(of: handle) == (ah_status(AH_OK), ah_operation(AH_OP_POP)))
    }

    @Test func aNullOutPointerIsAnInvalidArgument() {
        let handle = session.openContext(ContextState(operation: .tab, isAnimated: true, isInteractive: false))
        #expect(session.table.pointee.context_operation(session.table, handle, nil) == ah_status(AH_ERR_INVALID_ARGUMENT))
    }

    @Test func aReusedSlotGetsANewGenerationSoTheOldHandleStaysStale() {
        var table = HandleTable<String>(kind: .context)
        let first = table.insert("first")
        table.remove(first)
        let second = table.insert("second")
        // Same slot (low 32 bits), different generation.
        #expect(first & 0xFFFF_FFFF == second & 0xFFFF_FFFF)
        #expect(first != second)
        #expect(table.lookup(first) == .failure(.staleHandle))
        #expect(table.lookup(second) == .success("second"))
    }

    @Test func theTableAnnouncesItsVersionAndSize() {
        let table = session.table.pointee
        #expect(table.abi.major == AH_ABI_MAJOR)
        #expect(table.abi.minor == AH_ABI_MINOR)
        #expect(Int(table.struct_size) == MemoryLayout<ah_host>.size)
        #expect(String(cString: table.name) == "animator-host")
    }
}
