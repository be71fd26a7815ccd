import AnimatorEngine
import AnimatorRendering

/// Several frames side by side on one picture, each with its time under it.
enum ContactSheet {
    /// The indices of `count` frames spread evenly over `total`, first and last included.
    static func pick(_ count: Int, of total: Int) -> [Int] {
        guard total > 0 else { return [] }
        guard count > 1, total > 1 else { return [0] }
        let n = min(count, total)
        return (0..<n).map { Int((Double($0) * Double(total - 1) / Double(n - 1)).rounded()) }
    }

    /// Lays `images` out in rows of up to five, on dark grey, labelled with `labels`.
    static func compose(_ images: [Image], labels: [String], scale: Double) -> Image {
        guard let first = images.first else { return Image(width: 1, height: 1, fill: 0xFF00_0000) }
        let columns = min(images.count, 5), rows = (images.count + columns - 1) / columns
        let gap = Int((12 * scale).rounded()), label = Int((22 * scale).rounded())
        let width = columns * first.width + (columns + 1) * gap
        let height = rows * (first.height + label) + (rows + 1) * gap
        let canvas = Canvas(width: width, height: height)
        canvas.fill(canvas.bounds, with: 0xFF26_2626)
        for (index, image) in images.enumerated() {
            let x0 = gap + (index % columns) * (first.width + gap)
            let y0 = gap + (index / columns) * (first.height + label + gap)
            image.pixels.withUnsafeBufferPointer { pixels in
                for y in 0..<image.height {
                    (canvas.pixels + (y0 + y) * width + x0).update(from: pixels.baseAddress! + y * image.width, count: image.width)
                }
            }
            let text = labels[index]
            let size = 10 * scale, pixel = size / Double(BitmapFont.rows)
            let textWidth = Double(BitmapFont.width(of: text)) * pixel
            let left = Double(x0) + (Double(image.width) - textWidth) / 2
            let top = Double(y0 + image.height) + (Double(label) - size) / 2
            let painter = SolidPainter(canvas: canvas, color: 0xFFE5_E5E5)
            for (offset, character) in text.enumerated() {
                let bits = BitmapFont.glyph(character)
                for row in 0..<BitmapFont.rows {
                    for column in 0..<BitmapFont.columns where BitmapFont.ink(bits, column: column, row: row) {
                        ShapeRasterizer.fillAligned(left: left + Double(offset * BitmapFont.advance + column) * pixel,
                                                    top: top + Double(row) * pixel,
                                                    right: left + Double(offset * BitmapFont.advance + column + 1) * pixel,
                                                    bottom: top + Double(row + 1) * pixel, radius: 0,
                                                    clip: canvas.bounds, painter: painter)
                    }
                }
            }
        }
        return canvas.image()
    }
}
