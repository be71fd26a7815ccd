import Foundation

extension UIImage {
    /// UIImage(named:): an image file of the app's main bundle (the host's folder here; a
    /// library's own images are found with `UIImage(named:in:compatibleWith:)` and its
    /// `Bundle.module`).
    public convenience init?(named name: String) {
        self.init(named: name, in: nil, compatibleWith: nil)
    }

    /// UIImage(named:in:compatibleWith:): a PNG in `bundle` (nil: the main bundle) called
    /// `name` (with or without ".png"), as UIKit picks among scale variants: the variant for
    /// the screen's scale (`name@3x.png` on the host's 3x screen) first, then the nearest
    /// smaller ones, then the largest; its `scale` is the variant's, so its `size` is in
    /// points. A SwiftPM target's resources (`resources: [.process("Images")]`) are its
    /// `Bundle.module`. Asset catalogs are not read; nil when no file is there.
    public convenience init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: UITraitCollection?) {
        let base = name.hasSuffix(".png") ? String(name.dropLast(4)) : name
        guard !base.isEmpty else { return nil }
        let screenScale = min(max(Int((traitCollection?.displayScale ?? UIScreen.main.scale).rounded()), 1), 3)
        let scales = (1...3).sorted { a, b in
            // The screen's first, then smaller ones from the nearest, then larger ones.
            let rank = { (s: Int) in s == screenScale ? 0 : s < screenScale ? screenScale - s : 3 + s }
            return rank(a) < rank(b)
        }
        let folders = Self.searchFolders(bundle ?? .main)
        for scale in scales {
            let file = scale == 1 ? base + ".png" : "\(base)@\(scale)x.png"
            for folder in folders where FileManager.default.fileExists(atPath: folder + "/" + file) {
                self.init(contentsOfFile: folder + "/" + file, scale: CGFloat(scale))
                return
            }
        }
        return nil
    }

    /// Where a bundle's resources may be: its resource folder, then the bundle's own.
    private static func searchFolders(_ bundle: Bundle) -> [String] {
        var folders: [String] = []
        if let resources = bundle.resourcePath { folders.append(resources) }
        if !folders.contains(bundle.bundlePath) { folders.append(bundle.bundlePath) }
        return folders
    }
}
