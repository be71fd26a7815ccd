import AnimatorABI
import Testing
@testable import AnimatorEngine
@testable import AnimatorHost

/// image_draw (ABI 1.10) called as a C plugin calls it: a list of commands against pixels
/// worked out by hand, and bad lists refused with a one-line reason naming the command.
@Suite struct DrawABITests {
    let session = HostSession()
    var table: UnsafePointer<ah_host> { UnsafePointer(session.table) }

    func command(_ verb: UInt32) -> ah_draw_command {
        var c = ah_draw_command()
        c.abi = ah_version(major: UInt32(AH_ABI_MAJOR), minor: UInt32(AH_ABI_MINOR))
        c.struct_size = UInt32(MemoryLayout<ah_draw_command>.size)
        c.verb = verb
        c.alpha = 1
        return c
    }

    func rectPath(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> ah_path {
        var path: ah_path = 0
        #expect(table.pointee.path_create_shape(table, ah_path_shape(AH_PATH_SHAPE_RECT),
                                                ah_rect(origin: ah_point(x: x, y: y), size: ah_size(width: w, height: h)),
                                                0, &path) == AH_OK)
        return path
    }

    func draw(_ commands: [ah_draw_command], size: ah_size = ah_size(width: 4, height: 4), scale: Double = 1,
              commandSize: Int = MemoryLayout<ah_draw_command>.stride) -> (ah_status, ah_image, String) {
        var image: ah_image = 0
        let status = commands.withUnsafeBufferPointer {
            table.pointee.image_draw(table, size, scale, $0.baseAddress, UInt32($0.count), commandSize, &image)
        }
        return (status, image, String(cString: table.pointee.last_error(table)!))
    }

    @Test func aClippedTranslatedFillLandsOnTheRightPixels() throws {
        var clip = command(AH_DRAW_CLIP)
        clip.path = rectPath(0, 0, 4, 2)
        var move = command(AH_DRAW_CONCAT)
        move.transform = (1, 0, 0, 1, 1, 0)
        var fill = command(AH_DRAW_FILL)
        fill.path = rectPath(0, 0, 2, 4)
        fill.color = ah_color(red: 1, green: 0, blue: 0, alpha: 1)
        fill.alpha = 0.5
        let (status, handle, error) = draw([command(AH_DRAW_SAVE), clip, move, fill, command(AH_DRAW_RESTORE)])
        #expect(status == AH_OK, "\(error)")
        let image = try session.image(handle)
        // x 1 to 3 (moved by 1), y 0 to 2 (clipped): red at alpha 0.5, premultiplied.
        for (x, y) in [(1, 0), (2, 1)] {
            let p = image.rgba(x: x, y: y)
            #expect([p.red, p.green, p.blue, p.alpha] == [128, 0, 0, 128], "\(x),\(y)")
        }
        for (x, y) in [(0, 0), (3, 0), (1, 2), (2, 3)] { #expect(image.rgba(x: x, y: y).alpha == 0, "\(x),\(y)") }
        #expect(table.pointee.image_release(table, handle) == AH_OK)
    }

    @Test func badListsAreRefusedWithTheCommandNamed() {
        var unknown = command(99)
        unknown.alpha = 1
        var (status, _, error) = draw([command(AH_DRAW_SAVE), unknown])
        #expect(status == AH_ERR_INVALID_ARGUMENT && error == "command 1: unknown drawing verb 99")
        var nan = command(AH_DRAW_FILL)
        nan.path = rectPath(0, 0, 1, 1)
        nan.color = ah_color(red: .nan, green: 0, blue: 0, alpha: 1)
        (status, _, error) = draw([nan])
        #expect(status == AH_ERR_INVALID_ARGUMENT && error == "command 0: a color must be finite")
        var stale = command(AH_DRAW_FILL)
        stale.path = rectPath(0, 0, 1, 1)
        _ = table.pointee.path_release(table, stale.path)
        (status, _, error) = draw([stale])
        #expect(status == AH_ERR_STALE_HANDLE && error.hasPrefix("command 0: path handle"))
        var gradient = command(AH_DRAW_LINEAR_GRADIENT)
        gradient.color_count = 0
        (status, _, error) = draw([gradient])
        #expect(status == AH_ERR_INVALID_ARGUMENT && error == "command 0: a gradient needs 1 to 4096 colors")
        (status, _, error) = draw([command(AH_DRAW_SAVE)], commandSize: 16)
        #expect(status == AH_ERR_INVALID_ARGUMENT && error.hasPrefix("command_size 16 is less than"))
        (status, _, error) = draw([], size: ah_size(width: 100_000, height: 1))
        #expect(status == AH_ERR_INVALID_ARGUMENT && error.contains("at most"))
        (status, _, error) = draw([], size: ah_size(width: .infinity, height: 1))
        #expect(status == AH_ERR_INVALID_ARGUMENT && error.contains("finite and positive"))
        // A good list after the bad ones: nothing kept of them.
        (status, _, error) = draw([command(AH_DRAW_SAVE), command(AH_DRAW_RESTORE), command(AH_DRAW_RESTORE)])
        #expect(status == AH_OK, "\(error)")
    }
}
