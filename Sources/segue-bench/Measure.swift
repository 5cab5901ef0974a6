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

/// What the kernel counted for this process (every thread) or, with `children`, its finished children.
private func usage(children: Bool = false) -> rusage {
    var usage = rusage()
    #if os(macOS)
        getrusage(children ? RUSAGE_CHILDREN : RUSAGE_SELF, &usage)
    #else
        getrusage(children ? RUSAGE_CHILDREN.rawValue : RUSAGE_SELF.rawValue, &usage)
    #endif
    return usage
}

/// This process's peak resident set, in MiB (Linux reports KiB, macOS bytes).
func peakRSSMiB() -> Double {
    #if os(macOS)
        Double(usage().ru_maxrss) / 1_048_576
    #else
        Double(usage().ru_maxrss) / 1024
    #endif
}

/// CPU time (user and system) of this process, every thread, or of its finished children.
func cpuSeconds(children: Bool = false) -> Double {
    let counted = usage(children: children)
    let seconds = { (time: timeval) in Double(time.tv_sec) + Double(time.tv_usec) * 1e-6 }
    return seconds(counted.ru_utime) + seconds(counted.ru_stime)
}

/// `0.1234` → `"0.123"`: fixed decimals for tables and JSON.
func fixed(_ value: Double, _ decimals: Int = 3) -> String { String(format: "%.\(decimals)f", value) }
