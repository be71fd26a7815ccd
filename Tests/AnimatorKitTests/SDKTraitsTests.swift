import AnimatorABI
@testable import AnimatorHost
@testable import AnimatorKit
import Testing

/// UIKit's names for the traits, in the SDK: what a Swift animator reads.
@Suite struct SDKTraitsTests {
    /// Reads, as plugin code inside a host call does.
    func read(_ session: HostSession) -> (UITraitCollection, Bool, Bool, CGFloat, UIUserInterfaceLayoutDirection) {
        CurrentHost.with(UnsafePointer(session.table)) {
            let view = UIView(frame: .zero)
            return (view.traitCollection, UIAccessibility.isReduceMotionEnabled, UIAccessibility.prefersCrossFadeTransitions,
                    UIScreen.main.scale, view.effectiveUserInterfaceLayoutDirection)
        }
    }

    @Test func aVariantReadsAsUIKitWouldReportIt() throws {
        let (traits, reduce, crossFade, scale, direction) = read(HostSession(traits: try Traits(variant: "dark,rtl,reduce-motion,text-xl,ipad")))
        #expect(traits.userInterfaceStyle == .dark && traits.layoutDirection == .rightToLeft)
        #expect(traits.preferredContentSizeCategory == .extraLarge && !traits.preferredContentSizeCategory.isAccessibilityCategory)
        #expect(traits.preferredContentSizeCategory > .large && traits.preferredContentSizeCategory < .accessibilityMedium)
        #expect(traits.userInterfaceIdiom == .pad && traits.displayScale == 2 && scale == 2)
        #expect(reduce && crossFade)
        #expect(direction == .rightToLeft)
    }

    @Test func withoutAVariantOrOutsideAHostCallTheyAreUIKitsDefaults() throws {
        let (traits, reduce, crossFade, scale, direction) = read(HostSession())
        #expect(traits.userInterfaceStyle == .light && traits.layoutDirection == .leftToRight)
        #expect(traits.preferredContentSizeCategory == .large && traits.userInterfaceIdiom == .phone && traits.displayScale == 3)
        #expect(!reduce && !crossFade && scale == 3 && direction == .leftToRight)
        // Outside any host call: the defaults, and nothing crashes.
        #expect(UITraitCollection.current.userInterfaceStyle == .light && !UIAccessibility.isReduceMotionEnabled)
    }
}
