import Foundation
import Synchronization

/// The one thread a search expands its batches ahead on (`ExpansionBatch`): each batch's states are expanded, and
/// what merging an earlier batch left over is freed, on this same thread, so memory goes back to the allocator of
/// the thread that took it. Batches sent to the global queue ran on whichever of its threads was free, a different
/// one from batch to batch, and freeing memory another thread allocated waits on that thread's allocator lock.
final class ExpansionWorker: Sendable {
    /// The jobs not started yet, in order; nil ends the thread.
    private let jobs = Mutex<[(@Sendable () -> Void)?]>([])
    private let waiting = DispatchSemaphore(value: 0)

    init() {
        let thread = Thread { [self] in
            while true {
                waiting.wait()
                guard let job = jobs.withLock({ $0.removeFirst() }) else { return }
                job()
            }
        }
        thread.name = "segue-check-expand"
        thread.qualityOfService = .userInitiated
        thread.start()
    }

    /// Runs `job` on the worker's thread after the jobs given before it.
    func run(_ job: @escaping @Sendable () -> Void) { enqueue(job) }

    /// Ends the worker's thread once the jobs given before are done.
    func stop() { enqueue(nil) }

    private func enqueue(_ job: (@Sendable () -> Void)?) {
        jobs.withLock { $0.append(job) }
        waiting.signal()
    }
}
