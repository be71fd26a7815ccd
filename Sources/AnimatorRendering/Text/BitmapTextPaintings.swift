import AnimatorEngine

/// What the built-in font's texts painted, kept by a renderer: for a text in an unrotated
/// view, the runs of full pixels and the single pixels with their coverage its glyphs' runs
/// handed to the painter, in order, found by everything that decides them except the color.
/// A label drawn again exactly where it was (a still screen under a transition, frame after
/// frame) repeats those calls instead of rasterizing its runs again: the same calls in the
/// same order on the same pixels, so the same picture.
///
/// Not thread-safe: one per renderer.
final class BitmapTextPaintings {
    /// Everything a text's painting depends on besides its color: the text, its size and
    /// alignment, its layer's bounds, the map's factors and the clip.
    struct Key: Hashable {
        let string: String
        let size: Double
        let alignment: LayerText.Alignment
        let bounds: Rect
        let sx: Double, sy: Double, tx: Double, ty: Double
        let clip: PixelRect

        init(_ text: LayerText, bounds: Rect, map: ShapeRasterizer.AlignedMap, clip: PixelRect) {
            string = text.string
            size = text.size
            alignment = text.alignment
            self.bounds = bounds
            (sx, sy, tx, ty) = (map.sx, map.sy, map.tx, map.ty)
            self.clip = clip
        }
    }

    /// One call to a painter: pixels `x0 ..< x1` of row `y` in full (`coverage` 0), or
    /// pixel `x0` of row `y` at `coverage` / 256.
    struct Stroke {
        let y: Int32, x0: Int32, x1: Int32
        let coverage: UInt32
    }

    /// A painter that passes every call on and writes it down.
    struct Recorder<Painter: SpanPainter>: SpanPainter {
        let painter: Painter
        let log: Log

        @inline(__always)
        func span(y: Int, x0: Int, x1: Int) {
            painter.span(y: y, x0: x0, x1: x1)
            log.strokes.append(Stroke(y: Int32(truncatingIfNeeded: y), x0: Int32(truncatingIfNeeded: x0),
                                      x1: Int32(truncatingIfNeeded: x1), coverage: 0))
        }

        @inline(__always)
        func pixel(y: Int, x: Int, coverage: UInt32) {
            painter.pixel(y: y, x: x, coverage: coverage)
            log.strokes.append(Stroke(y: Int32(truncatingIfNeeded: y), x0: Int32(truncatingIfNeeded: x),
                                      x1: Int32(truncatingIfNeeded: x) + 1, coverage: coverage))
        }
    }

    /// The calls a recorder wrote down.
    final class Log {
        var strokes: [Stroke] = []
    }

    /// At most this many strokes are kept in all (16 bytes each: 4 MiB); past it the
    /// paintings are forgotten and kept again from the next text on. A label of a dozen
    /// characters takes about a thousand, so a few screens' labels fit.
    static let strokeLimit = 1 << 18

    private var paintings: [Key: [Stroke]] = [:]
    private var strokes = 0

    /// The painting kept for `key`, if any.
    func painting(for key: Key) -> [Stroke]? {
        paintings[key]
    }

    /// Keeps `painting` for `key`.
    func keep(_ painting: [Stroke], for key: Key) {
        if strokes + painting.count > Self.strokeLimit {
            paintings.removeAll(keepingCapacity: true)
            strokes = 0
        }
        guard painting.count <= Self.strokeLimit else { return }
        paintings[key] = painting
        strokes += painting.count
    }

    /// Makes on `painter` the calls of `painting`, in order.
    static func replay<Painter: SpanPainter>(_ painting: [Stroke], on painter: Painter) {
        for stroke in painting {
            if stroke.coverage == 0 {
                painter.span(y: Int(stroke.y), x0: Int(stroke.x0), x1: Int(stroke.x1))
            } else {
                painter.pixel(y: Int(stroke.y), x: Int(stroke.x0), coverage: stroke.coverage)
            }
        }
    }
}
