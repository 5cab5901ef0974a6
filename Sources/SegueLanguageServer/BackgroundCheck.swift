import Foundation
import SegueCheck
import SegueDiagnostics
import SegueExplore
import SegueMachine

/// How far `segue lsp` explores a flow in the background after its diagnostics are published (docs/editors.md,
/// "Proof as you type"): `segue check`'s exploration, bounded so an editor never waits on it or runs out of memory.
public struct BackgroundCheckSettings: Sendable, Equatable {
    /// Wall-clock seconds one exploration may take.
    public var seconds: Double
    /// States one exploration may keep.
    public var maxStates: Int
    /// Bytes the server may grow by while it explores.
    public var maxMemory: Int

    public init(seconds: Double = 5, maxStates: Int = 300_000, maxMemory: Int = 512 << 20) {
        self.seconds = seconds
        self.maxStates = maxStates
        self.maxMemory = maxMemory
    }
}

/// One exploration of a document's flow as it stood at one version, on a thread of its own: compiled, explored
/// within `BackgroundCheckSettings`, its findings kept as diagnostics (`CheckFinding.diagnostic`). The next edit
/// cancels it; a finished one calls `finished` (the serving loop wakes up and publishes).
///
///     let check = BackgroundCheck(loaded, version: 3, settings: BackgroundCheckSettings()) { wake() }
///     check.findings  // nil while it runs
final class BackgroundCheck: @unchecked Sendable {
    let version: Int
    /// Guards the state below; signalled when the exploration finishes.
    private let lock = NSCondition()
    private var isCancelled = false
    private var outcome: [Diagnostic]?

    init(
        _ loaded: FlowLoadResult, version: Int, settings: BackgroundCheckSettings,
        finished: @escaping @Sendable () -> Void
    ) {
        self.version = version
        let thread = Thread { [self] in
            let found = Self.explore(loaded, settings: settings, shouldStop: { self.cancelled })
            lock.withLock {
                outcome = found
                lock.broadcast()
            }
            if !cancelled { finished() }
        }
        // Expressions are evaluated recursively: more stack than a secondary thread's default.
        thread.stackSize = 16 << 20
        thread.name = "segue-lsp-check"
        thread.start()
    }

    /// The findings once the exploration has finished (those a cut-short run proves, when a bound stopped it).
    var findings: [Diagnostic]? { lock.withLock { outcome } }

    var isFinished: Bool { findings != nil }

    /// Waits for the exploration to finish, until `deadline` at the latest; whether it has. Blocks the thread.
    func waitUntilFinished(deadline: Date) -> Bool {
        lock.withLock {
            while outcome == nil, lock.wait(until: deadline) {}
            return outcome != nil
        }
    }

    private var cancelled: Bool { lock.withLock { isCancelled } }

    /// Stops the exploration at its next state; its findings are never published.
    func cancel() {
        lock.withLock { isCancelled = true }
    }

    /// What `segue check` finds in the flow within the settings' bounds; none when it does not compile.
    static func explore(
        _ loaded: FlowLoadResult, settings: BackgroundCheckSettings, shouldStop: () -> Bool
    ) -> [Diagnostic] {
        guard let flow = loaded.flow, !loaded.hasErrors, let program = try? Compiler.compile(loaded) else { return [] }
        var bounds = ExplorationBounds(maxStates: settings.maxStates, maxMemory: settings.maxMemory)
        bounds.maxSeconds = settings.seconds
        let exploration = FlowExplorer(flow: flow, program: program).explore(bounds, shouldStop: shouldStop)
        return exploration.findings.map(\.diagnostic)
    }
}
