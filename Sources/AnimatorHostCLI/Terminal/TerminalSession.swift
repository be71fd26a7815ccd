import Glibc

/// The interactive terminal while `play` runs: raw keyboard input (no echo, no line
/// buffering), the alternate screen, a hidden cursor; everything put back by `restore`,
/// also after Ctrl-C.
final class TerminalSession {
    private var saved = termios()
    private var rawInput = false

    /// Whether Ctrl-C (SIGINT) or SIGTERM arrived.
    static var interrupted: Bool { interruptFlag != 0 }
    nonisolated(unsafe) private static var interruptFlag: sig_atomic_t = 0
    nonisolated(unsafe) private static var resizeFlag: sig_atomic_t = 0

    /// Whether the terminal changed size (SIGWINCH) since the last call.
    func takeResize() -> Bool {
        guard TerminalSession.resizeFlag != 0 else { return false }
        TerminalSession.resizeFlag = 0
        return true
    }

    /// The terminal's size in character cells, or nil when standard output is not one.
    static func size() -> (columns: Int, rows: Int)? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    /// Takes over the terminal.
    init() {
        TerminalSession.interruptFlag = 0
        signal(SIGINT) { _ in TerminalSession.interruptFlag = 1 }
        signal(SIGTERM) { _ in TerminalSession.interruptFlag = 1 }
        TerminalSession.resizeFlag = 0
        signal(SIGWINCH) { _ in TerminalSession.resizeFlag = 1 }
        // A parent may have left them blocked (the mask survives exec): Ctrl-C and resizes must work.
        var interrupts = sigset_t()
        sigemptyset(&interrupts)
        sigaddset(&interrupts, SIGINT)
        sigaddset(&interrupts, SIGTERM)
        sigaddset(&interrupts, SIGWINCH)
        pthread_sigmask(SIG_UNBLOCK, &interrupts, nil)
        if isatty(STDIN_FILENO) == 1, tcgetattr(STDIN_FILENO, &saved) == 0 {
            var raw = saved
            raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
            withUnsafeMutableBytes(of: &raw.c_cc) { cc in
                cc[Int(VMIN)] = 0
                cc[Int(VTIME)] = 0
            }
            rawInput = tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0
        }
        write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J")
    }

    /// Puts the terminal back as it was.
    func restore() {
        write("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l")
        if rawInput { tcsetattr(STDIN_FILENO, TCSANOW, &saved) }
        rawInput = false
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
        signal(SIGWINCH, SIG_DFL)
    }

    /// A key the player acts on.
    enum Key: Equatable {
        /// q, Q, Escape, or an interrupt.
        case quit
        /// Space: pause or play.
        case pause
        /// → and ←: a frame forward or back.
        case forward, back
        /// + (or =) and - (or _): faster, slower.
        case faster, slower
        /// r: from the start.
        case restart
    }

    /// Waits up to `seconds` for a key the player acts on; nil when the time ran out or
    /// the terminal changed size (the next frame is then drawn to the new size).
    func waitForKey(_ seconds: Double) -> Key? {
        var remaining = max(seconds, 0)
        let deadline = ProgressBar.now() + remaining
        repeat {
            if TerminalSession.interrupted { return .quit }
            if TerminalSession.resizeFlag != 0 { return nil }
            var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            let ready = rawInput ? poll(&descriptor, 1, Int32(min(remaining * 1000, 1_000_000).rounded(.up))) : -2
            if ready == -2 {
                var pause = timespec(tv_sec: Int(remaining), tv_nsec: Int((remaining - remaining.rounded(.down)) * 1e9))
                _ = nanosleep(&pause, nil)
            } else if ready > 0, let key = readKey() {
                return key
            }
            remaining = deadline - ProgressBar.now()
        } while remaining > 0
        return TerminalSession.interrupted ? .quit : nil
    }

    /// One key from the terminal: an arrow's escape sequence read whole; Escape alone
    /// (nothing following within 30 ms) quits. Nil for a key the player ignores.
    private func readKey() -> Key? {
        var byte: UInt8 = 0
        guard read(STDIN_FILENO, &byte, 1) == 1 else { return nil }
        switch byte {
        case UInt8(ascii: "q"), UInt8(ascii: "Q"): return .quit
        case UInt8(ascii: " "): return .pause
        case UInt8(ascii: "+"), UInt8(ascii: "="): return .faster
        case UInt8(ascii: "-"), UInt8(ascii: "_"): return .slower
        case UInt8(ascii: "r"), UInt8(ascii: "R"): return .restart
        case 27:
            var sequence: [UInt8] = []
            while sequence.count < 2 {
                var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
                guard poll(&descriptor, 1, 30) > 0, read(STDIN_FILENO, &byte, 1) == 1 else { break }
                sequence.append(byte)
            }
            if sequence.isEmpty { return .quit }
            if sequence == [UInt8(ascii: "["), UInt8(ascii: "C")] || sequence == [UInt8(ascii: "O"), UInt8(ascii: "C")] { return .forward }
            if sequence == [UInt8(ascii: "["), UInt8(ascii: "D")] || sequence == [UInt8(ascii: "O"), UInt8(ascii: "D")] { return .back }
            return nil
        default:
            return nil
        }
    }

    /// Writes text straight to the terminal.
    func write(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let count = bytes.withUnsafeBytes { Glibc.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { return }
            bytes = bytes.dropFirst(count)
        }
    }
}
