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

    /// What is not a regular file (a FIFO, a device, a socket), never opened; `segue validate` names each.
    public var passedOver: [FileScan.PassedOver] = []

    /// Why a directory could not be walked.
    public typealias ScanError = FileScan.WalkError

    /// Walks `directory` recursively (hidden files and directories are skipped).
    public static func scan(_ directory: String) throws(ScanError) -> FlowDirectory {
        let scan = try FileScan.walk(directory, endings: [".yaml", ".yml"], skippingHidden: true)
        var flows: [String] = []
        var skipped: [String] = []
        for path in scan.files {
            if isFlow(path) { flows.append(path) } else { skipped.append(path) }
        }
        return FlowDirectory(flows: flows, skipped: skipped, passedOver: scan.passedOver)
    }

    /// Whether the file's first line that is not blank, a comment or a directive starts with `segue:`.
    ///
    /// A file that cannot be read counts as a flow, so loading it reports why; only its first 64 KiB are read, and
    /// only from a regular file.
    public static func isFlow(_ path: String) -> Bool {
        guard let head = try? SafeFile.head(path, count: 64 * 1024, links: .followed) else { return true }
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
