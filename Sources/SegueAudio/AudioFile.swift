#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An open file descriptor with positioned reads and writes that report failures as `AudioError`.
///
/// Plain POSIX calls into reused buffers keep block processing allocation-free and memory constant.
final class AudioFile {
    let path: String
    private(set) var descriptor: Int32

    enum Mode {
        case read
        /// Create or truncate, then read and write.
        case create
        /// Read and write an existing file.
        case update
    }

    init(path: String, mode: Mode) throws(AudioError) {
        self.path = path
        let flags: Int32
        switch mode {
        case .read: flags = O_RDONLY
        // A take is never written through a symlink: it could lead out of the data directory.
        case .create: flags = O_RDWR | O_CREAT | O_TRUNC | O_NOFOLLOW
        case .update: flags = O_RDWR | O_NOFOLLOW
        }
        let fd = open(path, flags | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            if errno == ELOOP, mode != .read {
                throw .io(
                    path: path, operation: "open for writing", reason: "it is a symbolic link (not written through)")
            }
            throw AudioFile.failure(path, mode == .read ? "open" : "open for writing")
        }
        descriptor = fd
    }

    /// Wraps a descriptor Segue does not own (stdin, a pipe); it is not closed.
    init(borrowing fd: Int32, name: String) {
        path = name
        descriptor = fd
        owned = false
    }

    private var owned = true

    deinit {
        if owned, descriptor >= 0 { _ = systemClose(descriptor) }
    }

    func close() throws(AudioError) {
        guard owned, descriptor >= 0 else { return }
        let result = systemClose(descriptor)
        descriptor = -1
        if result != 0 { throw AudioFile.failure(path, "close") }
    }

    /// The file's size in bytes.
    func size() throws(AudioError) -> Int {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw AudioFile.failure(path, "stat") }
        return Int(info.st_size)
    }

    /// Reads up to `count` bytes at `offset`; fewer only at the end of the file.
    func read(into buffer: UnsafeMutableRawPointer, count: Int, at offset: Int) throws(AudioError) -> Int {
        var done = 0
        while done < count {
            let n = pread(descriptor, buffer + done, count - done, off_t(offset + done))
            if n < 0 {
                if errno == EINTR { continue }
                throw AudioFile.failure(path, "read")
            }
            if n == 0 { break }
            done += n
        }
        return done
    }

    /// Reads up to `count` bytes from the current position (for pipes); fewer only at end of stream.
    func readSequential(into buffer: UnsafeMutableRawPointer, count: Int) throws(AudioError) -> Int {
        var done = 0
        while done < count {
            let n = systemRead(descriptor, buffer + done, count - done)
            if n < 0 {
                if errno == EINTR { continue }
                throw AudioFile.failure(path, "read")
            }
            if n == 0 { break }
            done += n
        }
        return done
    }

    /// Writes all `count` bytes at `offset`.
    func write(_ buffer: UnsafeRawPointer, count: Int, at offset: Int) throws(AudioError) {
        var done = 0
        while done < count {
            let n = pwrite(descriptor, buffer + done, count - done, off_t(offset + done))
            if n < 0 {
                if errno == EINTR { continue }
                throw AudioFile.failure(path, "write")
            }
            done += n
        }
    }

    func write(_ bytes: [UInt8], at offset: Int) throws(AudioError) {
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: max(1, bytes.count), alignment: 8)
        defer { buffer.deallocate() }
        buffer.copyMemory(from: bytes, byteCount: bytes.count)
        try write(buffer, count: bytes.count, at: offset)
    }

    /// Reads up to `count` bytes at `offset` into a new array (shorter only at the end of the file).
    func readBytes(_ count: Int, at offset: Int) throws(AudioError) -> [UInt8] {
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: max(1, count), alignment: 8)
        defer { buffer.deallocate() }
        let got = try read(into: buffer, count: count, at: offset)
        return Array(UnsafeRawBufferPointer(start: buffer, count: got))
    }

    /// Copies `count` bytes at `sourceOffset` of `source` to `offset` of this file, in the kernel where it can
    /// (`sendfile` on Linux), so a trim never passes the audio through user space.
    func copy(from source: AudioFile, at sourceOffset: Int, count: Int, to offset: Int) throws(AudioError) {
        var done = 0
        #if os(Linux)
            if lseek(descriptor, off_t(offset), SEEK_SET) == off_t(offset) {
                var input = off_t(sourceOffset)
                while done < count {
                    let n = sendfile(descriptor, source.descriptor, &input, count - done)
                    if n < 0, errno == EINTR { continue }
                    if n <= 0 { break }
                    done += n
                }
            }
        #endif
        guard done < count else { return }
        // No kernel copy here (or it stopped early): finish through a buffer.
        let chunk = 1 << 20
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: chunk, alignment: 16)
        defer { buffer.deallocate() }
        while done < count {
            let got = try source.read(into: buffer, count: min(chunk, count - done), at: sourceOffset + done)
            guard got > 0 else { throw .io(path: source.path, operation: "read", reason: "unexpected end of file") }
            try write(buffer, count: got, at: offset + done)
            done += got
        }
    }

    func truncate(to length: Int) throws(AudioError) {
        guard ftruncate(descriptor, off_t(length)) == 0 else { throw AudioFile.failure(path, "truncate") }
    }

    /// Flushes written data to the disk so a rename that follows publishes complete bytes.
    func synchronize() throws(AudioError) {
        guard fsync(descriptor) == 0 else { throw AudioFile.failure(path, "sync") }
    }

    static func failure(_ path: String, _ operation: String) -> AudioError {
        .io(path: path, operation: operation, reason: String(cString: strerror(errno)))
    }

    /// Atomically replaces `destination` with `source` (same directory, same file system).
    static func rename(_ source: String, to destination: String) throws(AudioError) {
        guard renameFile(source, destination) == 0 else { throw failure(source, "rename to \(destination)") }
    }

    static func remove(_ path: String) throws(AudioError) {
        guard unlink(path) == 0 || errno == ENOENT else { throw failure(path, "delete") }
    }

    static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }
}

private func systemClose(_ fd: Int32) -> Int32 { close(fd) }
private func renameFile(_ a: String, _ b: String) -> Int32 { rename(a, b) }
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int { read(fd, buffer, count) }
