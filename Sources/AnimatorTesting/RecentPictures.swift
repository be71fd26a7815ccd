import AnimatorRendering
import Glibc
import Synchronization

/// The filtered rows of the scrubber's latest pictures (`PNGEncoder.Filtered`), so that a
/// frame that draws exactly what one a little before it drew (a layer swinging on beyond
/// the screen's edge, the same screen at the end of the golden and of the actual run) is
/// found before it is compressed, and shown with that one's picture. Two pictures' files
/// are equal exactly when their filtered rows are (and their size and kind): found by the
/// rows' Adler-32, which filtering works out anyway, then compared whole. At most `budget`
/// bytes of rows are kept, the oldest let go first; a picture equal to one let go is still
/// found once encoded, by its file (`ScrubberPictures`).
///
/// Safe to use from several threads at once.
final class RecentPictures: Sendable {
    private struct Key: Hashable {
        let width: Int, height: Int, opaque: Bool, adler: UInt32
    }

    private struct Kept {
        let job: Int
        let rows: [UInt8]
    }

    private struct State {
        var kept: [Key: [Kept]] = [:]
        /// The keys of the pictures kept, oldest first, from `first`.
        var order: [(key: Key, job: Int)] = []
        var first = 0
        var bytes = 0
    }

    private let state = Mutex(State())
    private let budget: Int

    /// Keeps at most `budget` bytes of rows.
    init(budget: Int = 32 << 20) {
        self.budget = budget
    }

    /// The earliest job before `job` whose picture's rows are exactly `filtered`'s, if one
    /// is kept; when there is none, keeps `filtered`'s rows as job `job`'s for the jobs
    /// after it.
    func earlier(than job: Int, _ filtered: PNGEncoder.Filtered) -> Int? {
        let key = Key(width: filtered.width, height: filtered.height, opaque: filtered.opaque, adler: filtered.adler)
        // The earliest first (jobs are drawn in no fixed order: a later one may be kept first).
        let candidates = state.withLock { $0.kept[key] ?? [] }.sorted { $0.job < $1.job }
        for candidate in candidates where candidate.job < job && candidate.rows.count == filtered.rows.count {
            let same = candidate.rows.withUnsafeBytes { theirs in
                filtered.rows.withUnsafeBytes { ours in
                    guard let theirs = theirs.baseAddress, let ours = ours.baseAddress else { return true }  // no rows
                    return memcmp(theirs, ours, filtered.rows.count) == 0
                }
            }
            if same { return candidate.job }
        }
        guard filtered.rows.count <= budget else { return nil }
        state.withLock { state in
            state.kept[key, default: []].append(Kept(job: job, rows: filtered.rows))
            state.order.append((key, job))
            state.bytes += filtered.rows.count
            while state.bytes > budget, state.first < state.order.count {
                let (oldKey, oldJob) = state.order[state.first]
                state.first += 1
                if let index = state.kept[oldKey]?.firstIndex(where: { $0.job == oldJob }) {
                    state.bytes -= state.kept[oldKey]![index].rows.count
                    state.kept[oldKey]!.remove(at: index)
                    if state.kept[oldKey]!.isEmpty { state.kept[oldKey] = nil }
                }
            }
            if state.first > 1024, state.first * 2 > state.order.count {
                state.order.removeFirst(state.first)
                state.first = 0
            }
        }
        return nil
    }
}
