import AnimatorABI
import Testing
@testable import AnimatorEngine
@testable import AnimatorHost

/// host_traits (ABI 1.7), called as a C plugin calls it.
@Suite struct TraitsABITests {
    func traits(_ session: HostSession, size: Int = MemoryLayout<ah_traits>.size) throws -> (ah_status, ah_traits) {
        var out = ah_traits()
        // A sentinel in every byte, so that what the host leaves shows.
        withUnsafeMutableBytes(of: &out) { _ = $0.initializeMemory(as: UInt8.self, repeating: 0xAB) }
        out.struct_size = UInt32(size)
        let call = try #require(session.table.pointee.host_traits)
        let status = call(UnsafePointer(session.table), &out)
        return (status, out)
    }

    @Test func aVariantReachesPluginsWithUIKitsRawValuesAndApplesFigures() throws {
        let session = HostSession(traits: try Traits(variant: "dark,rtl,text-ax1,reduce-motion,ipad,landscape"))
        let (status, out) = try traits(session)
        #expect(status == AH_OK)
        #expect(out.abi.major == 1 && out.abi.minor == AH_ABI_MINOR && Int(out.struct_size) == MemoryLayout<ah_traits>.size)
        // UIUserInterfaceStyle.dark is 2, UITraitEnvironmentLayoutDirection.rightToLeft 1,
        // accessibilityMedium the 8th size (index 7).
        #expect(out.user_interface_style == 2 && out.layout_direction == 1 && out.content_size_category == 7)
        #expect(out.reduce_motion && out.prefers_cross_fade_transitions && out.is_pad)
        // iPad (10th generation) on its side: 1180 x 820 points at 2x, 24 and 20 points above
        // and below, corners of 18 points.
        #expect(out.display_scale == 2 && out.screen_size.width == 1180 && out.screen_size.height == 820)
        #expect([out.safe_area_top, out.safe_area_left, out.safe_area_bottom, out.safe_area_right] == [24, 0, 20, 0])
        #expect(out.screen_corner_radius == 18)
        // Without split view the window is the screen.
        #expect(out.window_size.width == 1180 && out.window_size.height == 820)
        // UIScreen.main's scale follows the device.
        var bounds = ah_rect(), scale = 0.0
        let screenBounds = try #require(session.table.pointee.screen_bounds)
        #expect(screenBounds(UnsafePointer(session.table), &bounds, &scale) == AH_OK)
        #expect(scale == 2)
    }

    /// A split view window (ABI 1.14's window_size): the part of the screen the app has
    /// (the SDK's size classes follow it: SDKSplitViewTurningTests).
    @Test func aSplitViewWindowReachesPlugins() throws {
        let session = HostSession(traits: try Traits(variant: "ipad,landscape,split-third"))
        let (status, out) = try traits(session)
        #expect(status == AH_OK)
        #expect(out.screen_size.width == 1180 && out.window_size.width == 320 && out.window_size.height == 820)
        // Two thirds: 1180 − 10 − 320; a half: (1180 − 10) / 2.
        let (_, wide) = try traits(HostSession(traits: try Traits(variant: "ipad,landscape,split-two-thirds")))
        #expect(wide.window_size.width == 850)
        let (_, half) = try traits(HostSession(traits: try Traits(variant: "ipad,landscape,split-half")))
        #expect(half.window_size.width == 585)
    }

    @Test func theDefaultsAreUIKitsAndAShortStructIsFilledNoFurther() throws {
        let (status, out) = try traits(HostSession())
        #expect(status == AH_OK)
        #expect(out.user_interface_style == 1 && out.layout_direction == 0 && out.content_size_category == 3)
        #expect(!out.reduce_motion && !out.is_pad && out.display_scale == 3)
        #expect(out.screen_size.width == 390 && out.screen_size.height == 844)
        // A plugin built when the struct ended after reduce_motion: nothing past it is written.
        let end = MemoryLayout<ah_traits>.offset(of: \.reduce_motion)! + 1
        let (shortStatus, short) = try traits(HostSession(traits: try Traits(variant: "dark")), size: end)
        #expect(shortStatus == AH_OK && short.user_interface_style == 2 && Int(short.struct_size) == end)
        // (The numbers past it still hold the sentinel; a copy of the struct need not keep
        // its padding, and a Bool holding 0xAB is not one, so the doubles tell.)
        let sentinel = Double(bitPattern: 0xABAB_ABAB_ABAB_ABAB)
        for number in [short.display_scale, short.screen_size.width, short.safe_area_right, short.screen_corner_radius] {
            #expect(number.bitPattern == sentinel.bitPattern)
        }
        // Too short to hold the first traits, or NULL: refused.
        #expect(try traits(HostSession(), size: 8).0 == AH_ERR_INVALID_ARGUMENT)
        let session = HostSession()
        let call = try #require(session.table.pointee.host_traits)
        #expect(call(UnsafePointer(session.table), nil) == AH_ERR_INVALID_ARGUMENT)
    }
}
