import Foundation

/// How far an exploration may go: states, steps from launch, memory, and how many copies of one call may be
/// pending at once.
///
///     ExplorationBounds(maxStates: 200_000, maxDepth: 12)
public struct ExplorationBounds: Sendable {
    public var maxStates: Int
    public var maxDepth: Int?
    /// Bytes the process may grow by while it explores (resident memory, measured): 2 GiB unless told.
    public var maxMemory: Int
    /// A step that leaves more pending calls started by the same `call` than this is not followed: by default a
    /// button tapped again while its request is in flight is not explored (docs/check.md, "Calls").
    public var maxSameCall: Int

    /// The most items a list the flow grows itself may hold (`--scope`; counters follow from the flow,
    /// `CheckScope`); nil explores without a scope, until a bound stops it (`--scope none`).
    public var scopeListItems: Int? = CheckScope.defaultListItems
    /// Wall-clock seconds the exploration may take (`--max-time`); nil: no limit.
    public var maxSeconds: Double? = nil

    /// Whether every input is tried while a call is pending (`--interleave`), or only leaving the screen (back,
    /// swipe to dismiss), the next due timer and restart (docs/check.md, "Calls").
    public var interleave: Bool

    /// Whether states are expanded a batch ahead on a second thread while this one merges (`ExpansionBatch`): on
    /// by default where there is more than one core. The graph and the findings are the same either way.
    public var expandAhead = ProcessInfo.processInfo.activeProcessorCount > 1

    public init(
        maxStates: Int = 1_000_000, maxDepth: Int? = nil, maxMemory: Int = 2 << 30, maxSameCall: Int = 1,
        interleave: Bool = false
    ) {
        self.maxStates = maxStates
        self.maxDepth = maxDepth
        self.maxMemory = maxMemory
        self.maxSameCall = maxSameCall
        self.interleave = interleave
    }

    /// `90 s`, `1.5 s`: a time bound as the result states it.
    static func seconds(_ value: Double) -> String {
        value.rounded() == value ? "\(Int(value)) s" : "\(value) s"
    }

    /// Reads a size such as `512M`, `2G` or `1500000000` (bytes); nil when it is not one.
    public static func bytes(_ text: String) -> Int? {
        let units: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
        let upper = text.uppercased().replacingOccurrences(of: "IB", with: "").replacingOccurrences(of: "B", with: "")
        if let last = upper.last, let unit = units[last] {
            guard let value = Double(upper.dropLast()), value > 0 else { return nil }
            return Int(value * Double(unit))
        }
        guard let value = Int(upper), value > 0 else { return nil }
        return value
    }
}

/// The resident memory of this process, for the memory bound and the benchmark's bytes per state.
enum ResidentMemory {
    /// Bytes resident now (Linux: /proc/self/statm); 0 where that cannot be read.
    static func current() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
