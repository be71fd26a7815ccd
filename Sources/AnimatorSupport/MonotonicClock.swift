import Glibc

/// Wall-clock seconds for watchdogs and timings of processes (never for the engine, whose
/// time is a value the host steps).
public enum MonotonicClock {
    /// CLOCK_MONOTONIC in seconds.
    public static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
