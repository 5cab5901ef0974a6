import Foundation
import SegueDiagnostics

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Says when the files `segue serve` runs may have changed, as the system reports it rather than by reading them
/// on a timer: inotify on the folders that hold them (so a file an editor saves by writing a new one and renaming it
/// over the old is seen, and a deleted import coming back), and on the folders their links resolve into.
///
///     let watch = FileWatch()
///     watch?.watch(["/p/flows/donate.yaml"])
///     while watch?.next() == true { /* compare the files with what was read */ }
///
/// Linux only (nil elsewhere, and when the system has no inotify descriptor to give: the caller then compares the
/// files on a timer).
final class FileWatch: @unchecked Sendable {
    private let inotify: Int32
    /// `stop` writes to it to end a `next` that waits.
    private let wake: (read: Int32, write: Int32)
    private let lock = NSLock()
    private var folders: Set<String> = []
    private var stopped = false

    init?() {
        #if os(Linux)
            let descriptor = inotify_init1(Int32(IN_CLOEXEC))
            guard descriptor >= 0 else { return nil }
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0 else {
                close(descriptor)
                return nil
            }
            inotify = descriptor
            wake = (ends[0], ends[1])
        #else
            return nil
        #endif
    }

    deinit {
        close(inotify)
        close(wake.read)
        close(wake.write)
    }

    /// Watches the folders holding `paths` (and, for a link, the folder it resolves into) from now on.
    func watch(_ paths: [String]) {
        #if os(Linux)
            let wanted = Set(
                paths.flatMap { path in
                    [path, URL(fileURLWithPath: path).resolvingSymlinksInPath().path].map(PathName.directory(of:))
                })
            lock.withLock {
                for folder in wanted.subtracting(folders) {
                    let events = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MODIFY | IN_ATTRIB)
                    if inotify_add_watch(inotify, folder, events) >= 0 { folders.insert(folder) }
                }
            }
        #endif
    }

    /// Waits until something changed in a watched folder; false once `stop` was called (or the descriptor failed).
    /// What changed is not said: the caller compares the files it cares about.
    func next() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !isStopped {
            var ready = [
                pollfd(fd: inotify, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0),
            ]
            let result = poll(&ready, 2, -1)
            if result < 0, errno == EINTR { continue }
            guard result > 0, ready[1].revents == 0, !isStopped else { return false }
            guard ready[0].revents & Int16(POLLIN) != 0 else { return false }
            // The events themselves are read off and dropped.
            _ = buffer.withUnsafeMutableBytes { read(inotify, $0.baseAddress, $0.count) }
            return true
        }
        return false
    }

    /// Ends a `next` that waits, and every later one.
    func stop() {
        lock.withLock { stopped = true }
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
    }

    private var isStopped: Bool { lock.withLock { stopped } }
}
