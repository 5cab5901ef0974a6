import Foundation
import SegueDiagnostics
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading a file someone else named never waits on a FIFO, a socket or a device, and a scan never opens one.
@Suite struct SafeFileTests {
    /// A fresh folder, removed after `body` ran with its path.
    private func inFolder(_ body: (String) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-safe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try body(folder.path)
    }

    /// A listening Unix socket at `path` (closed when `body` returns).
    private func withSocket(at path: String, _ body: () throws -> Void) throws {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        #expect(descriptor >= 0)
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in path.utf8.prefix(raw.count - 1).enumerated() { raw[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        #expect(bound == 0)
        try body()
    }

    @Test func aFIFOIsRefusedAtOnceWithoutAWriter() throws {
        try inFolder { folder in
            let fifo = folder + "/x.yaml"
            #expect(mkfifo(fifo, 0o600) == 0)
            // No writer ever comes: a read that waited would block here for good, so returning at all is the proof.
            for links in [SafeFile.Links.refused, .followed] {
                #expect(throws: SafeFile.ReadError(path: fifo, reason: "it is a FIFO, not a regular file")) {
                    try SafeFile.read(fifo, limit: 1 << 20, links: links)
                }
                #expect(throws: SafeFile.ReadError(path: fifo, reason: "it is a FIFO, not a regular file")) {
                    try SafeFile.head(fifo, count: 16, links: links)
                }
                #expect(SafeFile.problem(fifo, links: links) == "it is a FIFO, not a regular file")
            }
        }
    }

    @Test func aSocketADeviceAndAFolderAreNotRegularFiles() throws {
        try inFolder { folder in
            let socketPath = folder + "/s.yaml"
            try withSocket(at: socketPath) {
                #expect(SafeFile.problem(socketPath) == "it is a socket, not a regular file")
                #expect(throws: SafeFile.ReadError.self) { try SafeFile.read(socketPath, limit: 10) }
            }
            #expect(throws: SafeFile.ReadError(path: "/dev/null", reason: "it is a device, not a regular file")) {
                try SafeFile.read("/dev/null", limit: 10, links: .followed)
            }
            #expect(SafeFile.problem(folder, links: .followed) == "it is a directory")
            #expect(SafeFile.problem(folder + "/none") == "no such file")
        }
    }

    @Test func aLinkIsFollowedOnlyWhenAskedAndTheSizeIsCheckedBeforeReading() throws {
        try inFolder { folder in
            try Data("segue: 1\n".utf8).write(to: URL(fileURLWithPath: folder + "/flow.yaml"))
            try FileManager.default.createSymbolicLink(atPath: folder + "/l.yaml", withDestinationPath: "flow.yaml")
            #expect(throws: SafeFile.ReadError.self) { try SafeFile.read(folder + "/l.yaml", limit: 100) }
            #expect(try SafeFile.read(folder + "/l.yaml", limit: 100, links: .followed) == Data("segue: 1\n".utf8))
            #expect(try SafeFile.head(folder + "/flow.yaml", count: 5) == Data("segue".utf8))
            #expect(try SafeFile.head(folder + "/flow.yaml", count: 500) == Data("segue: 1\n".utf8))
            // 200 MB of holes: refused by its size, never read.
            let sparse = folder + "/big.yaml"
            #expect(FileManager.default.createFile(atPath: sparse, contents: nil))
            #expect(truncate(sparse, 200_000_000) == 0)
            let read = try Self.bytesReadByThisThread {
                #expect(
                    throws: SafeFile.ReadError(
                        path: sparse, reason: "it is 200000000 bytes, more than the 8388608 allowed", size: 200_000_000)
                ) { try SafeFile.read(sparse, limit: 8 << 20) }
            }
            #expect(read < 4096, "\(read) bytes read")
            // The counter counts: the allowed file's bytes are in it.
            #expect(try Self.bytesReadByThisThread { _ = try SafeFile.read(folder + "/flow.yaml", limit: 100) } >= 9)
        }
    }

    /// The bytes `read` calls returned to this thread while `body` ran (Linux's `rchar`, from
    /// /proc/thread-self/io): work counted, not timed, so a loaded machine cannot make it fail.
    static func bytesReadByThisThread(_ body: () throws -> Void) throws -> Int {
        func characters() throws -> Int {
            let io = try String(contentsOfFile: "/proc/thread-self/io", encoding: .utf8)
            let line = io.split(separator: "\n").first { $0.hasPrefix("rchar:") } ?? ""
            return Int(line.dropFirst("rchar:".count).trimmingCharacters(in: .whitespaces)) ?? 0
        }
        let before = try characters()
        try body()
        return try characters() - before
    }

    @Test func aScanPassesOverWhatIsNotARegularFileWithoutOpeningIt() throws {
        try inFolder { folder in
            try FileManager.default.createDirectory(atPath: folder + "/sub/dir.yaml", withIntermediateDirectories: true)
            try Data("a: 1\n".utf8).write(to: URL(fileURLWithPath: folder + "/sub/a.yml"))
            try Data("b: 1\n".utf8).write(to: URL(fileURLWithPath: folder + "/B.YAML"))
            try Data("c: 1\n".utf8).write(to: URL(fileURLWithPath: folder + "/c.txt"))
            try FileManager.default.createDirectory(atPath: folder + "/.hidden", withIntermediateDirectories: true)
            try Data("h: 1\n".utf8).write(to: URL(fileURLWithPath: folder + "/.hidden/h.yaml"))
            #expect(mkfifo(folder + "/x.yaml", 0o600) == 0)
            try FileManager.default.createSymbolicLink(atPath: folder + "/gone.yaml", withDestinationPath: "nowhere")
            try withSocket(at: folder + "/s.yaml") {
                let scan = try FileScan.walk(folder, endings: [".yaml", ".yml"], skippingHidden: true)
                #expect(scan.files == [folder + "/B.YAML", folder + "/sub/a.yml"])
                #expect(
                    scan.passedOver.map(\.description) == [
                        "skipped \(folder)/gone.yaml: no such file",
                        "skipped \(folder)/s.yaml: it is a socket, not a regular file",
                        "skipped \(folder)/x.yaml: it is a FIFO, not a regular file",
                    ])
                let all = try FileScan.walk(folder, endings: [".yaml"], skippingHidden: false)
                #expect(all.files == [folder + "/.hidden/h.yaml", folder + "/B.YAML"])
            }
            #expect(throws: FileScan.WalkError.self) {
                try FileScan.walk(folder + "/c.txt", endings: [".yaml"], skippingHidden: true)
            }
        }
    }
}
