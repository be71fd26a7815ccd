import Foundation

/// Compares, through Pillow, the top left corner of a picture with a smaller (or equal)
/// one: how a run whose window changed size mid-way (a turn, a split view share) is checked
/// against the same screens made at the new size from the start, on a canvas that holds
/// every size.
public struct CornerComparison: Equatable, CustomStringConvertible {
    /// The largest channel difference between `a`'s corner the size of `b` and `b`.
    public var difference: Int
    /// `a`'s size in pixels.
    public var size: [Int]
    /// The largest channel anywhere in `a` outside that corner (the canvas beside and
    /// below the window: 0 when nothing is drawn there).
    public var outside: Int

    public var description: String { "difference \(difference), size \(size), outside \(outside)" }

    /// Compares `a`'s top left corner with all of `b`.
    ///
    /// - Throws: when Python cannot run; a script failure gives -1 figures.
    public init(_ a: String, _ b: String) throws {
        let script = """
            import json, sys
            from PIL import Image, ImageChops
            a = Image.open(sys.argv[1]).convert('RGB'); b = Image.open(sys.argv[2]).convert('RGB')
            diff = ImageChops.difference(a.crop((0, 0) + b.size), b).getextrema()
            rest = [0]
            if a.size[0] > b.size[0]:
                rest += [m for _, m in a.crop((b.size[0], 0, a.size[0], a.size[1])).getextrema()]
            if a.size[1] > b.size[1]:
                rest += [m for _, m in a.crop((0, b.size[1], a.size[0], a.size[1])).getextrema()]
            print(json.dumps([max(m for _, m in diff), list(a.size), max(rest)]))
            """
        let result = try Python.run(script, [a, b])
        let values = (try? JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))) as? [Any] ?? []
        difference = values.first as? Int ?? -1
        size = values.dropFirst().first as? [Int] ?? []
        outside = values.count == 3 ? values[2] as? Int ?? -1 : -1
    }
}
