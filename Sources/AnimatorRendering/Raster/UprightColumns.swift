/// The texel column and horizontal weight of each pixel of an upright row of an image
/// (`ImagePainter`): along a row they depend on where the row starts and on the texel
/// coordinate there, not on the row, so the rows of a rectangle (all starting at one
/// pixel and one coordinate) share them, worked out once. Each entry is computed as the
/// row's own loop would (the coordinate clamped to the image, its whole part the column,
/// its fraction in 256ths the weight, then one step added), so the pixels are the same.
final class UprightColumns {
    private var start = Int.min
    private var startU: UInt64 = 0
    private var step: UInt64 = 0
    /// The coordinate of the pixel after the last entry.
    private var next = 0.0
    /// Column << 16 | weight, by pixel from `start`: `count` of `capacity` made.
    private var storage = UnsafeMutablePointer<UInt64>.allocate(capacity: 64)
    private var capacity = 64
    private var count = 0

    deinit { storage.deallocate() }

    /// The entries of the `count` pixels from `x`, whose texel coordinate is `u` at `x`
    /// and grows by `step` a pixel, for an image whose last column is `last`; valid until
    /// the next call.
    func entries(from x: Int, count wanted: Int, u: Double, step: Double, last: Int) -> UnsafePointer<UInt64> {
        if x != start || u.bitPattern != startU || step.bitPattern != self.step {
            start = x
            startU = u.bitPattern
            self.step = step.bitPattern
            next = u
            count = 0
        }
        if wanted > capacity {
            let larger = UnsafeMutablePointer<UInt64>.allocate(capacity: max(wanted, 2 * capacity))
            larger.update(from: storage, count: count)
            storage.deallocate()
            storage = larger
            capacity = max(wanted, 2 * capacity)
        }
        let limit = Double(last)
        while count < wanted {
            let clamped = min(max(next, 0), limit)
            let column = Int(clamped)
            storage[count] = UInt64(column) << 16 | UInt64((clamped - Double(column)) * 256)
            count += 1
            next += step
        }
        return UnsafePointer(storage)
    }
}
