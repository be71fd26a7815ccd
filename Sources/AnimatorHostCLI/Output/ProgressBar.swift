import Glibc

/// A progress bar on standard error for long renders: shown only when standard error is
/// a terminal and the work has taken more than half a second, erased when done.
final class ProgressBar {
    private let label: String
    private let started = ProgressBar.now()
    private let enabled = isatty(STDERR_FILENO) == 1
    private var shown = false

    init(label: String) {
        self.label = label
    }

    /// Reports the fraction done (0...1).
    func update(_ fraction: Double) {
        guard enabled, shown || ProgressBar.now() - started > 0.5 else { return }
        shown = true
        let width = 30
        let filled = Int((min(max(fraction, 0), 1) * Double(width)).rounded())
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        write("\r\(label) \(bar) \(Int((fraction * 100).rounded()))%")
    }

    /// Erases the bar if it was shown.
    func finish() {
        if shown { write("\r\u{1B}[2K") }
        shown = false
    }

    private func write(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }

    /// Seconds on the monotonic clock (for the user's display only; the engine never reads it).
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
