/// Hands a painter a shape's spans and partly covered pixels a band of rows at a time,
/// one strip of columns after another, instead of row after row: for a painter that reads
/// a bitmap along a rotated path (a turned snapshot), a tile's texels are few enough to
/// stay in the first-level cache, where a whole row's are not. Each pixel is still
/// painted once, by the same call it would have had (a span cut at the strips' edges is
/// the same pixels), so the picture is the same.
final class TiledSpans<Base: SpanPainter>: SpanPainter {
    /// A recorded call: a span (`coverage` 0) or a pixel (`x1` = `x0` + 1).
    private struct Call {
        let y: Int32, x0: Int32, x1: Int32
        let coverage: UInt32
    }

    private let base: Base
    /// Rows per band and columns per strip.
    private let bandHeight: Int, stripWidth: Int
    private var calls: [Call] = []
    private var bandStart = 0
    private var left = Int.max, right = Int.min

    /// Tiles of `stripWidth` columns by `bandHeight` rows.
    init(_ base: Base, bandHeight: Int = 16, stripWidth: Int = 64) {
        self.base = base
        self.bandHeight = bandHeight
        self.stripWidth = stripWidth
        calls.reserveCapacity(256)
    }

    @inline(__always)
    func span(y: Int, x0: Int, x1: Int) {
        record(Call(y: Int32(y), x0: Int32(x0), x1: Int32(x1), coverage: 0))
    }

    @inline(__always)
    func pixel(y: Int, x: Int, coverage: UInt32) {
        record(Call(y: Int32(y), x0: Int32(x), x1: Int32(x + 1), coverage: coverage))
    }

    @inline(__always)
    private func record(_ call: Call) {
        let y = Int(call.y)
        if calls.isEmpty {
            bandStart = y
        } else if y < bandStart || y >= bandStart + bandHeight {
            finish()
            bandStart = y
        }
        calls.append(call)
        left = min(left, Int(call.x0))
        right = max(right, Int(call.x1))
    }

    /// Paints what is recorded; call it once the shape is rasterized.
    func finish() {
        guard !calls.isEmpty else { return }
        var stripStart = left
        while stripStart < right {
            let stripEnd = stripStart + stripWidth
            for call in calls {
                let x0 = max(Int(call.x0), stripStart), x1 = min(Int(call.x1), stripEnd)
                guard x0 < x1 else { continue }
                if call.coverage == 0 {
                    base.span(y: Int(call.y), x0: x0, x1: x1)
                } else {
                    base.pixel(y: Int(call.y), x: x0, coverage: call.coverage)
                }
            }
            stripStart = stripEnd
        }
        calls.removeAll(keepingCapacity: true)
        left = .max
        right = .min
    }
}
