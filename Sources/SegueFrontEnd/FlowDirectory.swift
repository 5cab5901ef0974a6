import Foundation
import SegueDiagnostics

/// The flow files under a directory: every `*.yaml` / `*.yml` whose first line of content is `segue: …`.
///
///     let scan = try FlowDirectory.scan("flows")
///     scan.flows     // ["flows/donate.yaml", "flows/lib/cards.yaml"]
///     scan.skipped   // ["flows/scenarios/buy.yaml"]: YAML, but not flows (scenarios, configuration)
public struct FlowDirectory: Sendable {
    /// Flow and library files, sorted by path.
    public var flows: [String]
    /// Other YAML files, sorted by path; `segue validate --verbose` lists them.
    public var skipped: [String]

    /// Why a directory could not be walked.
    public struct ScanError: Error, Sendable, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "cannot read directory `\(path)`: \(reason)" }
    }

    /// Walks `directory` recursively (hidden files and directories are skipped).
    public static func scan(_ directory: String) throws(ScanError) -> FlowDirectory {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ScanError(path: directory, reason: "no such directory")
        }
        guard let enumerator = FileManager.default.enumerator(atPath: directory) else {
            throw ScanError(path: directory, reason: "it cannot be listed")
        }
        var flows: [String] = []
        var skipped: [String] = []
        while let relative = enumerator.nextObject() as? String {
            if relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
            let lowered = relative.lowercased()
            guard lowered.hasSuffix(".yaml") || lowered.hasSuffix(".yml") else { continue }
            let path = PathName.appending(relative, to: directory)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue else {
                continue
            }
            if isFlow(path) { flows.append(path) } else { skipped.append(path) }
        }
        return FlowDirectory(flows: flows.sorted(), skipped: skipped.sorted())
    }

    /// Whether the file's first line that is not blank, a comment or a directive starts with `segue:`.
    ///
    /// An unreadable file counts as a flow, so loading it reports why it cannot be read.
    public static func isFlow(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return true }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 64 * 1024)) ?? Data()
        return isFlowText(String(decoding: head, as: UTF8.self))
    }

    /// The test behind `isFlow`, on the file's first bytes as text.
    public static func isFlowText(_ head: String) -> Bool {
        var text = head
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        for line in text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r" }) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.isEmpty || trimmed.hasPrefix("#") || trimmed.hasPrefix("%") || trimmed.hasPrefix("---") {
                continue
            }
            return line.hasPrefix("segue:")
        }
        return false
    }
}
