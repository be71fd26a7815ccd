import Testing
@testable import AnimatorEngine
@testable import AnimatorHost

/// `--variant` words and the traits they make, against UIKit's defaults and Apple's figures
/// for each device.
@Suite struct TraitsTests {
    @Test func noWordsAreUIKitsDefaults() throws {
        let traits = try Traits(variant: "")
        #expect(traits.userInterfaceStyle == .light && traits.layoutDirection == .leftToRight)
        #expect(traits.contentSizeCategory == .large && !traits.reduceMotion && !traits.prefersCrossFadeTransitions)
        #expect(traits.device == .iPhone && traits.orientation == .portrait)
        #expect(traits.screenSize == Size(width: 390, height: 844))
        #expect(traits.variant == "")
    }

    @Test func wordsInAnyOrderAndCaseReadBackTheSame() throws {
        let traits = try Traits(variant: "Landscape, RTL,dark,text-ax2,reduce-motion,iphone-pro-max")
        #expect(traits.userInterfaceStyle == .dark && traits.layoutDirection == .rightToLeft)
        #expect(traits.contentSizeCategory == .accessibilityLarge && traits.contentSizeCategory.isAccessibilityCategory)
        #expect(traits.reduceMotion && traits.prefersCrossFadeTransitions)
        // The 6.7" iPhone on its side: 932 x 430 points, the sensor housing's 59 points left and right.
        #expect(traits.screenSize == Size(width: 932, height: 430))
        #expect(traits.safeArea == EdgeInsets(top: 0, left: 59, bottom: 21, right: 59))
        #expect(traits.variant == "dark,rtl,reduce-motion,text-ax2,iphone-pro-max,landscape")
        #expect(try Traits(variant: traits.variant) == traits)
        // Every text size by its short name, in UIKit's order.
        #expect(try Traits.ContentSizeCategory.allCases.map { try Traits(variant: "text-" + $0.shortName).contentSizeCategory }
                == Traits.ContentSizeCategory.allCases)
        #expect(Traits.ContentSizeCategory.allCases.filter(\.isAccessibilityCategory).count == 5)
    }

    /// iPad split view's windows, as iPadOS made them on the screens whose figures are
    /// published: a 9.7-inch iPad on its side (1024 points) gives 320, 507 and 694; a
    /// 12.9-inch iPad Pro (1366) 375, 678 and 981; upright (768) a third and two thirds are
    /// 320 and 438.
    @Test func splitViewSharesAreIPadOSsWidths() throws {
        #expect([SplitShare.third, .half, .twoThirds].map { $0.width(onScreenWidth: 1024) } == [320, 507, 694])
        #expect([SplitShare.third, .half, .twoThirds].map { $0.width(onScreenWidth: 1366) } == [375, 678, 981])
        #expect([SplitShare.third, .twoThirds].map { $0.width(onScreenWidth: 768) } == [320, 438])
        // This iPad (820 × 1180) on its side, a third: the screen's height, 320 wide.
        let third = try Traits(variant: "ipad,landscape,split-third")
        #expect(third.windowSize == Size(width: 320, height: 820) && third.screenSize == Size(width: 1180, height: 820))
        #expect(try third.variant == "ipad,landscape,split-third" && Traits(variant: third.variant) == third)
        #expect(try Traits(variant: "ipad,split-two-thirds").windowSize == Size(width: 490, height: 1180))
        // Split view is iPadOS's; a share is given once.
        #expect(throws: VariantError("'split-half' needs an iPad: split view is iPadOS's (add ipad)")) {
            try Traits(variant: "split-half")
        }
        #expect(throws: VariantError.self) { try Traits(variant: "ipad,split-half,split-third") }
    }

    @Test func theDevicesAreApplesFigures() {
        // Points and scale as Apple's device pages give them.
        let screens = Device.presets.map { "\($0.name) \(Int($0.portraitSize.width))x\(Int($0.portraitSize.height)) @\(Int($0.scale))x" }
        #expect(screens == ["iphone-se 375x667 @2x", "iphone 390x844 @3x", "iphone-pro-max 430x932 @3x", "ipad 820x1180 @2x"])
        // A home button has no home indicator and no rounded screen; the notch's status bar is 47 points.
        #expect(Device.iPhoneSE.portraitSafeArea == EdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
        #expect(Device.iPhoneSE.cornerRadius == 0)
        #expect(Device.iPhone.portraitSafeArea == EdgeInsets(top: 47, left: 0, bottom: 34, right: 0))
        #expect(Device.iPad.isPad && !Device.iPhone.isPad)
    }

    @Test func aWordThatIsNotOneOrTwoOfAKindAreOneLine() {
        func message(_ variant: String) -> String {
            do { _ = try Traits(variant: variant); return "" } catch { return error.description }
        }
        #expect(message("drak").hasPrefix("'drak' is not a variant word (light, dark, ltr, rtl,"))
        #expect(message("drak").hasSuffix(" (did you mean 'dark'?)"))
        #expect(message("dark,light") == "'dark' and 'light' both set the appearance")
        #expect(message("ipad,iphone-se") == "'ipad' and 'iphone-se' both set the device")
        #expect(message("text-xl,text-s") == "'text-xl' and 'text-s' both set the text size")
        #expect(message("dark,,rtl") == "an empty word in 'dark,,rtl'")
        #expect(message("text-huge").hasPrefix("'text-huge' is not a variant word"))
    }
}
