import Foundation

/// The files under a folder with given endings (`.yaml`, `.yml`), walked without opening any of them: what is not a
/// regular file (a FIFO, a device, a socket, a link to nothing) is passed over with the reason, so a scan never waits
/// on a FIFO named `x.yaml`. A folder whose name has the ending is walked into, not taken.
///
///     let scan = try FileScan.walk("flows", endings: [".yaml", ".yml"], skippingHidden: true)
///     scan.files        // ["flows/donate.yaml", "flows/lib/cards.yaml"]
///     scan.passedOver   // [flows/x.yaml: it is a FIFO, not a regular file]
public struct FileScan: Sendable {
    /// A file the walk left alone, and why.
    public struct PassedOver: Sendable, Hashable, CustomStringConvertible {
        public var path: String
        public var reason: String

        public init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }

        public var description: String { "skipped \(path): \(reason)" }
    }

    /// Regular files (or links to one), sorted by path.
    public var files: [String]
    /// Everything else with a matching name, sorted by path.
    public var passedOver: [PassedOver]

    public init(files: [String] = [], passedOver: [PassedOver] = []) {
        self.files = files
        self.passedOver = passedOver
    }

    /// Why a folder could not be walked.
    public struct WalkError: Error, Sendable, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "cannot read directory `\(path)`: \(reason)" }
    }

    /// Walks `directory` recursively for names ending (case-insensitively) with one of `endings`; with
    /// `skippingHidden`, nothing under a name starting with `.` is taken.
    public static func walk(_ directory: String, endings: [String], skippingHidden: Bool) throws(WalkError) -> FileScan
    {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw WalkError(path: directory, reason: "no such directory")
        }
        guard let enumerator = FileManager.default.enumerator(atPath: directory) else {
            throw WalkError(path: directory, reason: "it cannot be listed")
        }
        var scan = FileScan()
        while let relative = enumerator.nextObject() as? String {
            if skippingHidden, relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
            let lowered = relative.lowercased()
            guard endings.contains(where: { lowered.hasSuffix($0) }) else { continue }
            let path = PathName.appending(relative, to: directory)
            switch SafeFile.problem(path, links: .followed) {
            case nil: scan.files.append(path)
            case SafeFile.directoryReason?: continue
            case let reason?: scan.passedOver.append(PassedOver(path: path, reason: reason))
            }
        }
        scan.files.sort()
        scan.passedOver.sort { $0.path < $1.path }
        return scan
    }
}
