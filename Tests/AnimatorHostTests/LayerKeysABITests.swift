import AnimatorABI
import Testing
@testable import AnimatorEngine
@testable import AnimatorHost

/// ABI 1.10's layer keys through layer_set/layer_get, as a C plugin sets them: a backdrop's
/// blur, saturation and tint, and the corner curve; bad values refused with a reason.
@Suite struct LayerKeysABITests {
    let session = HostSession()
    var table: UnsafePointer<ah_host> { UnsafePointer(session.table) }

    func number(_ n: Double) -> ah_value {
        var v = ah_value()
        v.type = ah_value_type(AH_VALUE_NUMBER)
        v.number = n
        return v
    }

    @Test func backdropAndCornerCurveKeysReachTheEngine() throws {
        let view = session.engine.makeView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let handle = session.handle(for: view.layer.id)
        var radius = number(30), saturation = number(1.8), curve = number(1)
        #expect(table.pointee.layer_set(table, handle, "backdropBlurRadius", &radius) == AH_OK)
        #expect(table.pointee.layer_set(table, handle, "backdropSaturation", &saturation) == AH_OK)
        #expect(table.pointee.layer_set(table, handle, "cornerCurve", &curve) == AH_OK)
        #expect(view.layer.backdropBlurRadius == 30 && view.layer.backdropSaturation == 1.8 && view.layer.continuousCorners)
        var out = ah_value()
        #expect(table.pointee.layer_get(table, handle, "cornerCurve", &out) == AH_OK && out.number == 1)
        var bad = number(2)
        #expect(table.pointee.layer_set(table, handle, "cornerCurve", &bad) == AH_ERR_INVALID_ARGUMENT)
        #expect(String(cString: table.pointee.last_error(table)!) == "cornerCurve takes 0 (circular) or 1 (continuous)")
    }
}
