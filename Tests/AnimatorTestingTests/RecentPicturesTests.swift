import AnimatorRendering
import Testing
@testable import AnimatorTesting

/// The report's check for a frame drawn exactly as one a little before it, before its
/// picture is compressed: found by the rows' Adler-32, kept only when the rows are equal.
@Suite struct RecentPicturesTests {
    /// A picture one row high, its pixels given as 0xAABBGGRR.
    func rows(_ pixels: [UInt32]) -> PNGEncoder.Filtered {
        pixels.withUnsafeBufferPointer { PNGEncoder.Filtered($0, width: pixels.count, height: 1) }
    }

    @Test func anEqualPictureIsFoundAndOneWithTheSameChecksumIsNot() {
        // (1, 0, 0)(0, 0, 1) and (0, 1, 0)(0, 1, 0): rows 0 1 0 0 0 0 1 and 0 0 1 0 0 1 0,
        // both a = 3 and b = 14 (worked by hand: a = 1 + Σ bytes, b = Σ of the running a),
        // so both have the checksum 14 << 16 | 3.
        let first = rows([0xFF00_0001, 0xFF01_0000]), second = rows([0xFF00_0100, 0xFF00_0100])
        #expect(first.adler == 14 << 16 | 3 && second.adler == first.adler && first.rows != second.rows)
        let recent = RecentPictures()
        #expect(recent.earlier(than: 0, first) == nil)
        #expect(recent.earlier(than: 1, rows([0xFF00_0001, 0xFF01_0000])) == 0)
        // The same checksum, other rows: not the same picture, kept as its own.
        #expect(recent.earlier(than: 2, second) == nil)
        #expect(recent.earlier(than: 3, rows([0xFF00_0100, 0xFF00_0100])) == 2)
        // Only a job before the one asking counts; another size is another picture.
        let later = rows([0xFF12_3456])
        #expect(recent.earlier(than: 10, later) == nil)
        #expect(recent.earlier(than: 5, later) == nil)
        #expect(recent.earlier(than: 11, later) == 5)
        let tall = [UInt32](repeating: 0xFF00_0001, count: 2)
        let column = tall.withUnsafeBufferPointer { PNGEncoder.Filtered($0, width: 1, height: 2) }
        let row = rows(tall)
        #expect(recent.earlier(than: 12, row) == nil && recent.earlier(than: 13, column) == nil)
    }

    @Test func theOldestRowsAreLetGoPastTheBudget() {
        // Rows of 7 bytes (a filter byte and two pixels): a budget of 14 keeps two.
        let recent = RecentPictures(budget: 14)
        let a = rows([0xFF00_0001, 0xFF00_0002]), b = rows([0xFF00_0003, 0xFF00_0004]), c = rows([0xFF00_0005, 0xFF00_0006])
        #expect(a.rows.count == 7)
        #expect(recent.earlier(than: 0, a) == nil && recent.earlier(than: 1, b) == nil)
        #expect(recent.earlier(than: 2, a) == 0)
        #expect(recent.earlier(than: 3, c) == nil)          // a, the oldest, let go
        #expect(recent.earlier(than: 4, b) == 1 && recent.earlier(than: 5, c) == 3)
        #expect(recent.earlier(than: 6, a) == nil)          // kept again, b let go
        #expect(recent.earlier(than: 7, b) == nil)
    }
}
