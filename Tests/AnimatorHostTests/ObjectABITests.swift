import AnimatorABI
import Testing
@testable import AnimatorEngine
@testable import AnimatorHost

/// layer_set_object and layer_object (ABI 1.8), called as a C plugin calls them: the
/// object a plugin keeps for a view, found again under its key, released exactly once.
@Suite struct ObjectABITests {
    /// An object whose release adds one to its own count: the count says how often the host
    /// released it.
    final class Counted {
        let pointer = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        init() { pointer.initialize(to: 0) }
        deinit { pointer.deallocate() }
        var releases: Int { pointer.pointee }
        var object: UnsafeMutableRawPointer { UnsafeMutableRawPointer(pointer) }
    }

    static let release: @convention(c) (UnsafeMutableRawPointer?) -> Void = { object in
        object?.assumingMemoryBound(to: Int.self).pointee += 1
    }

    let ok = ah_status(AH_OK)

    /// Two keys, as two libraries (or two copies of an SDK) in one session have.
    let keyA = UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1)
    let keyB = UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1)

    func set(_ session: HostSession, _ layer: ah_layer, _ key: UnsafeRawPointer?, _ object: UnsafeMutableRawPointer?) -> ah_status {
        session.table.pointee.layer_set_object!(UnsafePointer(session.table), layer, key, object, Self.release)
    }

    func get(_ session: HostSession, _ layer: ah_layer, _ key: UnsafeRawPointer?) -> (ah_status, UnsafeMutableRawPointer?) {
        var out: UnsafeMutableRawPointer? = UnsafeMutableRawPointer(bitPattern: 0x1)
        let status = session.table.pointee.layer_object!(UnsafePointer(session.table), layer, key, &out)
        return (status, out)
    }

    @Test func anObjectIsFoundUnderItsKeyOnlyAndReleasedOnceWhenReplacedOrAtTheEnd() throws {
        let first = Counted(), second = Counted(), other = Counted()
        do {
            let session = HostSession()
            let view = session.engine.makeView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
            let handle = session.handle(for: view.layer.id)
            // Nothing kept yet: NULL, not an error.
            #expect(get(session, handle, keyA) == (ok, nil))
            #expect(set(session, handle, keyA, first.object) == AH_OK)
            #expect(set(session, handle, keyB, other.object) == AH_OK)
            #expect(get(session, handle, keyA) == (ok, first.object))
            #expect(get(session, handle, keyB) == (ok, other.object))
            // The same object again: kept once, nothing released.
            #expect(set(session, handle, keyA, first.object) == AH_OK)
            #expect(first.releases == 0)
            // Replaced: the first is released, once; the other key's object is untouched.
            #expect(set(session, handle, keyA, second.object) == AH_OK)
            #expect(first.releases == 1 && second.releases == 0 && other.releases == 0)
            #expect(get(session, handle, keyA) == (ok, second.object))
            // Removed under B: released; A's stays until the session ends.
            #expect(set(session, handle, keyB, nil) == AH_OK)
            #expect(other.releases == 1)
            #expect(get(session, handle, keyB) == (ok, nil))
        }
        // The session is gone: what it kept was released, each object exactly once.
        #expect(first.releases == 1 && second.releases == 1 && other.releases == 1)
    }

    @Test func badArgumentsAreRefusedWithTheHostsReason() throws {
        let session = HostSession()
        let view = session.engine.makeView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let handle = session.handle(for: view.layer.id)
        let kept = Counted()
        #expect(set(session, handle, nil, kept.object) == AH_ERR_INVALID_ARGUMENT)
        #expect(get(session, handle, nil).0 == AH_ERR_INVALID_ARGUMENT)
        #expect(session.table.pointee.layer_object!(UnsafePointer(session.table), handle, keyA, nil) == AH_ERR_INVALID_ARGUMENT)
        #expect(set(session, 0, keyA, kept.object) == AH_ERR_INVALID_HANDLE)
        #expect(set(session, 987_654, keyA, kept.object) != AH_OK)
        #expect(get(session, 987_654, keyA).0 != AH_OK)
        // Refused: the host did not keep it, so it never releases it.
        #expect(kept.releases == 0)
        let message = String(cString: session.table.pointee.last_error!(UnsafePointer(session.table))!)
        #expect(message.contains("987654"))
    }
}
