import Foundation

extension UIImage {
    /// UIImage(named:): an image of the app's, which for a library is its own: a PNG in a
    /// SwiftPM resource bundle beside the library's file (`Package_Target.resources`, what
    /// `resources: [.process("Images")]` builds), or beside the file itself, then in the
    /// main bundle. Copy the `.resources` folder along with the library to install it.
    public convenience init?(named name: String) {
        guard let (path, scale) = Self.find(named: name, in: Self.libraryFolders + Self.searchFolders(.main),
                                            screenScale: nil) else { return nil }
        self.init(contentsOfFile: path, scale: scale)
    }

    /// The folder of the library this code is part of (the plugin: AnimatorKit is linked
    /// into it) and the SwiftPM resource bundles in it.
    static let libraryFolders: [String] = {
        guard let file = UIImage.fileMapped(at: UInt(bitPattern: #dsohandle)), let slash = file.lastIndex(of: "/") else {
            return []
        }
        let folder = String(file[..<slash])
        let bundles = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasSuffix(".resources") }.sorted().map { folder + "/" + $0 }
        return bundles + [folder]
    }()

    /// The file mapped at `address` in this process (/proc/self/maps: "start-end perms
    /// offset device inode path").
    private static func fileMapped(at address: UInt) -> String? {
        guard let maps = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8) else { return nil }
        for line in maps.split(separator: "\n") {
            let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
            guard fields.count == 6 else { continue }
            let path = fields[5].trimmingCharacters(in: .whitespaces)
            let range = fields[0].split(separator: "-")
            guard path.hasPrefix("/"), range.count == 2, let start = UInt(range[0], radix: 16),
                  let end = UInt(range[1], radix: 16), start <= address, address < end else { continue }
            return path
        }
        return nil
    }

    /// UIImage(named:in:compatibleWith:): a PNG in `bundle` (nil: the main bundle) called
    /// `name` (with or without ".png"), as UIKit picks among scale variants: the variant for
    /// the screen's scale (`name@3x.png` on the host's 3x screen) first, then the nearest
    /// smaller ones, then the largest; its `scale` is the variant's, so its `size` is in
    /// points. A SwiftPM target's resources (`resources: [.process("Images")]`) are its
    /// `Bundle.module`. Asset catalogs are not read; nil when no file is there.
    public convenience init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: UITraitCollection?) {
        guard let (path, scale) = Self.find(named: name, in: Self.searchFolders(bundle ?? .main),
                                            screenScale: traitCollection?.displayScale) else { return nil }
        self.init(contentsOfFile: path, scale: scale)
    }

    /// The file UIKit would take for `name` in `folders` (searched in order for each scale
    /// variant): the screen's scale first, then the nearest smaller ones, then the larger.
    static func find(named name: String, in folders: [String], screenScale: CGFloat?) -> (path: String, scale: CGFloat)? {
        let base = name.hasSuffix(".png") ? String(name.dropLast(4)) : name
        guard !base.isEmpty else { return nil }
        let screen = min(max(Int((screenScale ?? UIScreen.main.scale).rounded()), 1), 3)
        let scales = (1...3).sorted { a, b in
            let rank = { (s: Int) in s == screen ? 0 : s < screen ? screen - s : 3 + s }
            return rank(a) < rank(b)
        }
        for scale in scales {
            let file = scale == 1 ? base + ".png" : "\(base)@\(scale)x.png"
            for folder in folders where FileManager.default.fileExists(atPath: folder + "/" + file) {
                return (folder + "/" + file, CGFloat(scale))
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
