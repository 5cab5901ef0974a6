import Foundation
import Testing

@testable import SegueDriver

/// Segue's own conformance suite (conformance/, one case per rule of docs/semantics.md): every transcript is
/// replayed and must be observed exactly.
@Suite struct ConformanceSuiteTests {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("conformance").path

    static var cases: [String] { ConformanceCase.all(in: directory).map(\.flowPath) }

    @Test func theSuiteHasACaseForEveryRule() {
        #expect(Self.cases.count >= 12)
    }

    @Test(arguments: cases)
    func caseIsObservedExactly(flowPath: String) throws {
        let result = try ConformanceCase(flowPath: flowPath).run()
        let name = (flowPath as NSString).lastPathComponent
        let observed = result.observed.joined(separator: "\n")
        #expect(result.passed, "\(name): \(result.firstDifference ?? "")\nobserved:\n\(observed)")
    }

    @Test func aWrongExpectationFails() throws {
        let directory = NSTemporaryDirectory() + "segue-conformance-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let source = Self.directory + "/06-microstep-order"
        try FileManager.default.copyItem(atPath: source + ".yaml", toPath: directory + "/case.yaml")
        let swapped = try String(contentsOfFile: source + ".trace", encoding: .utf8)
            .replacingOccurrences(of: "exit idle\nemit action", with: "emit action\nexit idle")
        try swapped.write(toFile: directory + "/case.trace", atomically: true, encoding: .utf8)
        let result = try ConformanceCase(flowPath: directory + "/case.yaml").run()
        #expect(!result.passed)
        #expect(result.firstDifference == "line 6: expected `emit action`, observed `exit idle`")
    }
}
