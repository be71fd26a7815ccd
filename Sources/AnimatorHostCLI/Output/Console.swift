import Glibc

/// Where a command writes: standard output and standard error, collected and written in
/// one call each so output stays fast and unmixed.
final class Console {
    private(set) var standardOutput = ""
    private(set) var standardError = ""

    /// Appends a line (or lines the tool wrote) to standard output; control characters
    /// other than line breaks and tabs are escaped (`TerminalText`).
    func out(_ line: String = "", terminator: String = "\n") {
        standardOutput += TerminalText.escaped(line, keepingLines: true)
        standardOutput += terminator
    }

    /// Appends a line to standard error, control characters escaped as in `out`.
    func error(_ line: String) {
        standardError += TerminalText.escaped(line, keepingLines: true)
        standardError += "\n"
    }

    /// Writes what was collected so far, then what `produce` hands over a piece at a time
    /// straight to standard output (escaped as in `out`), in blocks of about 1 MiB: for
    /// output too large to collect (a long run's timeline).
    func streamOut(_ produce: ((String) -> Void) -> Void) {
        flush()
        var block = ""
        produce { piece in
            block += TerminalText.escaped(piece, keepingLines: true)
            if block.utf8.count >= 1 << 20 {
                write(block, to: STDOUT_FILENO)
                block = ""
            }
        }
        write(block, to: STDOUT_FILENO)
    }

    /// Writes what was collected to the real streams.
    func flush() {
        write(standardOutput, to: STDOUT_FILENO)
        write(standardError, to: STDERR_FILENO)
        standardOutput = ""
        standardError = ""
    }

    private func write(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let count = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return }
            bytes = bytes.dropFirst(count)
        }
    }
}
