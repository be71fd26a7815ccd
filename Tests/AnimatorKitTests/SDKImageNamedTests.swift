import AnimatorABI
@testable import AnimatorHost
@testable import AnimatorKit
import Foundation
import Testing
@testable import AnimatorEngine
@testable import AnimatorRendering
import TestSupport

/// Images found by name in a bundle, as a library ships them in its SwiftPM resources
/// (`UIImage(named: "photo", in: .module, compatibleWith: nil)`), the scale variant picked as
/// UIKit picks it.
@Suite struct SDKImageNamedTests {
    /// A folder holding `photo.png` (10 × 10 pixels), `photo@2x.png` (20 × 20) and
    /// `badge@2x.png` (8 × 8) only.
    func bundle() throws -> (Bundle, TemporaryDirectory) {
        let folder = TemporaryDirectory()
        for (name, side) in [("photo", 10), ("photo@2x", 20), ("badge@2x", 8)] {
            let bytes = PNGEncoder.encode(Image(width: side, height: side, fill: 0xFF00_00FF))
            try Data(bytes).write(to: URL(fileURLWithPath: folder.path + "/\(name).png"))
        }
        return (try #require(Bundle(path: folder.path)), folder)
    }

    @Test func theVariantForTheScreensScaleOrTheNearestSmallerOneIsTaken() throws {
        let (images, folder) = try bundle()
        _ = folder
        let session = HostSession()
        CurrentHost.with(UnsafePointer(session.table)) {
            // The host's screen is 3x: there is no @3x, so @2x (20 pixels, 10 points).
            let photo = UIImage(named: "photo", in: images, compatibleWith: nil)
            #expect(photo?.scale == 2 && photo?.size == CGSize(width: 10, height: 10))
            // With the extension written out, the same.
            #expect(UIImage(named: "photo.png", in: images, compatibleWith: nil)?.scale == 2)
            // Only an @2x: taken (4 × 4 points).
            #expect(UIImage(named: "badge", in: images, compatibleWith: nil)?.size == CGSize(width: 4, height: 4))
            // Missing: nil, as UIKit.
            #expect(UIImage(named: "missing", in: images, compatibleWith: nil) == nil)
            #expect(UIImage(named: "", in: images, compatibleWith: nil) == nil)
        }
    }

    @Test func aLibrarysImagesAreBesideItsFileAndTheScaleComesBeforeTheFolder() throws {
        // AnimatorKit is linked into the library using it (here the test executable): its
        // folder is the last searched, after the resource bundles in it.
        #expect(UIImage.libraryFolders.last == PackageLayout.productsDirectory)
        #expect(UIImage.libraryFolders.dropLast().allSatisfy { $0.hasSuffix(".resources") })
        // The scale decides before the folder order: @3x in the second folder wins on a 3x
        // screen over a plain file in the first; on a 1x screen the plain one is taken.
        let first = TemporaryDirectory(), second = TemporaryDirectory()
        let bytes = PNGEncoder.encode(Image(width: 6, height: 6, fill: 0xFF00_00FF))
        try Data(bytes).write(to: URL(fileURLWithPath: first.path + "/icon.png"))
        try Data(bytes).write(to: URL(fileURLWithPath: second.path + "/icon@3x.png"))
        let atThree = UIImage.find(named: "icon", in: [first.path, second.path], screenScale: 3)
        #expect(atThree?.path == second.path + "/icon@3x.png" && atThree?.scale == 3)
        let atOne = UIImage.find(named: "icon", in: [first.path, second.path], screenScale: 1)
        #expect(atOne?.path == first.path + "/icon.png" && atOne?.scale == 1)
    }
}
