import Foundation

/// Wall-clock time of `body`, in seconds.
func time(_ body: () throws -> Void) rethrows -> Double {
    let start = ContinuousClock.now
    try body()
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
}

/// The best (smallest) of `runs` timings: on a shared machine the minimum is the least noisy estimate.
func best(of runs: Int, _ body: () throws -> Void) rethrows -> Double {
    var fastest = Double.infinity
    for _ in 0..<max(1, runs) { fastest = min(fastest, try time(body)) }
    return fastest
}

/// This process's peak resident set, in MiB (Linux reports KiB, macOS bytes).
func peakRSSMiB() -> Double {
    var usage = rusage()
    #if os(macOS)
        getrusage(RUSAGE_SELF, &usage)
        return Double(usage.ru_maxrss) / 1_048_576
    #else
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_maxrss) / 1024
    #endif
}

/// `0.1234` → `"0.123"`: fixed decimals for tables and JSON.
func fixed(_ value: Double, _ decimals: Int = 3) -> String { String(format: "%.\(decimals)f", value) }
