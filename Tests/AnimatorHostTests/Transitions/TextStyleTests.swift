import Testing
@testable import AnimatorHost

/// Dynamic Type: the text styles' sizes at each content size category, against Apple's
/// Human Interface Guidelines (iOS "Dynamic Type sizes").
@Suite struct TextStyleTests {
    @Test func theDefaultsAreUIKitsTextStyles() {
        // At the default category (Large): body 17, subheadline 15, footnote 13, title 1 28,
        // title 2 22, large title 34, caption 1 12, caption 2 11.
        let sizes = [TextStyle.body, .subheadline, .footnote, .title1, .title2, .largeTitle, .caption1, .caption2].map(\.defaultSize)
        #expect(sizes == [17, 15, 13, 28, 22, 34, 12, 11])
    }

    @Test func theSmallestAndTheLargestSizesAreApples() {
        // Body runs from 14 (xSmall) to 53 (the fifth accessibility size); title 1 to 58;
        // footnote never goes below 12, nor caption 2 below 11.
        #expect(TextStyle.body.size(at: .extraSmall) == 14 && TextStyle.body.size(at: .accessibilityExtraExtraExtraLarge) == 53)
        #expect(TextStyle.body.size(at: .extraLarge) == 19 && TextStyle.body.size(at: .accessibilityMedium) == 28)
        #expect(TextStyle.title1.size(at: .accessibilityExtraExtraExtraLarge) == 58)
        #expect(TextStyle.footnote.size(at: .extraSmall) == 12 && TextStyle.caption2.size(at: .small) == 11)
        // Every style grows (or holds) with each larger category.
        for style in TextStyle.allCases {
            let sizes = Traits.ContentSizeCategory.allCases.map(style.size(at:))
            #expect(zip(sizes, sizes.dropFirst()).allSatisfy { $0 <= $1 }, "\(style)")
        }
    }

    @Test func lengthsGrowWithTheirStyleAndAreExactAtTheDefault() {
        #expect(TextStyle.body.scaled(22, at: .large) == 22)
        #expect(TextStyle.subheadline.scaled(20, at: .large) == 20)
        #expect(TextStyle.body.scaled(22, at: .accessibilityMedium) == 22.0 * 28 / 17)
    }
}
