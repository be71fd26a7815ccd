import AnimatorRendering
import AnimatorSupport

/// What a case's golden pictures were drawn with: the renderer's version and the font.
/// Recorded beside them (`drawing.json`); a verification that would draw them otherwise
/// says so in one line instead of comparing pixels that cannot match.
public struct SnapshotDrawing: Equatable, Sendable {
    /// `SceneRenderer.drawingVersion` when the pictures were drawn.
    public var renderer: Int
    /// The font: "the built-in bitmap font", or a file's name, size and CRC-32.
    public var font: String

    /// The golden file's name, in the case's folder.
    public static let fileName = "drawing.json"

    /// What the built-in font is called.
    public static let builtInFont = "the built-in bitmap font"

    /// Creates a description.
    public init(renderer: Int, font: String) {
        self.renderer = renderer
        self.font = font
    }

    /// What this build draws with the fonts of `library` (by default the one renderers use
    /// now: under `snapshot`, the manifest's font or none).
    ///
    /// - Throws: `SnapshotError` when the font file cannot be read.
    public static func current(_ library: FontLibrary = .system) throws(SnapshotError) -> SnapshotDrawing {
        guard let fontFile = library.files[.regular] else {
            return SnapshotDrawing(renderer: SceneRenderer.drawingVersion, font: builtInFont)
        }
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.read(fontFile, limit: FileLimits.font)
        } catch {
            throw SnapshotError(fontFile, error.reason)
        }
        let checksum = String(Checksums.crc32(bytes), radix: 16)
        return SnapshotDrawing(renderer: SceneRenderer.drawingVersion,
                               font: "\(FileSystem.baseName(fontFile)) (\(bytes.count) bytes, CRC-32 \(checksum))")
    }

    /// The golden file's text.
    public var json: String {
        JSONValue.object([("renderer", .number(Double(renderer))), ("font", .string(font))]).serialized() + "\n"
    }

    /// Reads a golden file's text; nil when it is not one.
    public init?(json text: [UInt8]) {
        guard let value = try? JSONValue.parse(bytes: text), let renderer = value["renderer"]?.intValue,
              let font = value["font"]?.stringValue else { return nil }
        self.init(renderer: renderer, font: font)
    }

    /// "renderer 1, the built-in bitmap font".
    public var description: String { "renderer \(renderer), \(font)" }
}
