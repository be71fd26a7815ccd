import AnimatorRuns

/// The options that shape pictures, read the same way by `run`, `render`, `compare` and
/// `watch`: `--scale`, `--at`, `--sheet`.
enum OutputOptions {
    /// `--scale 1|2|3`, default 1.
    static func scale(_ arguments: ParsedArguments) throws(UsageError) -> Double {
        let text = arguments.value("--scale") ?? "1"
        guard let scale = Double(text), [1.0, 2, 3].contains(scale) else {
            throw UsageError("--scale: '\(text)' is not 1, 2 or 3")
        }
        return scale
    }

    /// `--at S`: a time in seconds, 0 or more, or nil.
    static func at(_ arguments: ParsedArguments) throws(UsageError) -> Double? {
        guard let text = arguments.value("--at") else { return nil }
        guard let value = Double(text), value >= 0, value.isFinite else {
            throw UsageError("--at: '\(text)' is not a time in seconds (0 or more)")
        }
        return value
    }

    /// `--sheet N`: a number of frames from 1 to 100, or nil.
    static func sheet(_ arguments: ParsedArguments) throws(UsageError) -> Int? {
        guard let text = arguments.value("--sheet") else { return nil }
        guard let value = Int(text), (1...RunOutput.maximumSheet).contains(value) else {
            throw UsageError("--sheet: '\(text)' is not a number of frames from 1 to \(RunOutput.maximumSheet)")
        }
        return value
    }
}
