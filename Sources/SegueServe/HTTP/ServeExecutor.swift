import Foundation

/// Runs the server's handlers on threads of its own, so a request is answered in milliseconds even while CPU-bound
/// work holds every thread of Swift's cooperative pool: a task started with this executor preference runs here,
/// and so do the nonisolated async functions and default actors it calls (SE-0417).
///
///     let executor = ServeExecutor(name: "segue-serve-handler")
///     Task(executorPreference: executor) { await handler(request) }
///
/// Threads start when jobs arrive (at most `width`) and end after a second with nothing to run, so a stopped
/// server leaves none behind.
final class ServeExecutor: TaskExecutor, @unchecked Sendable {
    private let name: String
    private let width: Int
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var next = 0
    private var threads = 0
    private var idle = 0

    init(name: String, width: Int = 2) {
        self.name = name
        self.width = max(width, 1)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        defer { condition.unlock() }
        jobs.append(job)
        if idle > 0 {
            condition.signal()
        } else if threads < width {
            threads += 1
            let thread = Thread { [self] in work() }
            thread.name = name
            thread.start()
        }
    }

    /// Runs jobs as they come; returns after a second without one.
    private func work() {
        condition.lock()
        while true {
            if next < jobs.count {
                let job = jobs[next]
                next += 1
                if next == jobs.count {
                    jobs.removeAll(keepingCapacity: true)
                    next = 0
                }
                condition.unlock()
                job.runSynchronously(on: asUnownedTaskExecutor())
                condition.lock()
                continue
            }
            idle += 1
            let signalled = condition.wait(until: Date(timeIntervalSinceNow: 1))
            idle -= 1
            if !signalled, next >= jobs.count {
                threads -= 1
                condition.unlock()
                return
            }
        }
    }
}
