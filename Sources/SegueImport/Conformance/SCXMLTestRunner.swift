import Foundation
import SegueDiagnostics
import SegueDriver
import SegueMachine
import SegueModel
import SegueRuntime

/// Runs W3C IRP tests (`.txml`, or `.scxml`) as they are: each is imported, compiled and driven on a virtual clock
/// until it enters its `pass` or `fail` state. A test fails on `fail`, an import or validation error, no timer left
/// to wait for, or more than `timeLimit` seconds of virtual time; the ones `SCXMLSkippedTests` lists are skipped.
///
///     let outcome = await SCXMLTestRunner.run(path: "test/w3c/txml/test144.txml")
///     outcome.line  // "pass 144"
public enum SCXMLTestRunner {
    /// Virtual seconds a test may wait for timers (the suite's longest timeout is a few seconds).
    public static let timeLimit = ClockDuration(seconds: 60)
    /// Clock advances per test, so a chart re-arming a timer forever still ends.
    public static let advanceLimit = 1000

    public struct Outcome: Sendable, Hashable {
        public enum Status: String, Sendable, Hashable { case pass, fail, skip }
        /// The test's number (`144` for `test144.txml`), or the file's name.
        public var test: String
        public var status: Status
        /// Why it failed or was skipped; empty for a pass.
        public var reason: String

        /// One line of `segue import scxml --test`; the file's name and the reason are outside text, escaped by the
        /// one rule (`TerminalText`).
        public var line: String {
            TerminalText.escaped(
                reason.isEmpty ? "\(status.rawValue) \(test)" : "\(status.rawValue) \(test): \(reason)",
                lineBreaks: false)
        }
    }

    /// The `.txml` and `.scxml` files of `directory` and the folders in it (SCION's suite keeps a folder per
    /// topic) in test-number order, optionally only those in `only`.
    public static func tests(in directory: String, only: Set<String>? = nil) throws -> [String] {
        _ = try FileManager.default.contentsOfDirectory(atPath: directory)  // a folder that cannot be read says so
        let names = (FileManager.default.enumerator(atPath: directory)?.allObjects as? [String]) ?? []
        return names.filter { $0.hasSuffix(".txml") || $0.hasSuffix(".scxml") }
            .filter { name in
                let test = testNumber(name)
                // test403a, b and c are the three files of test 403; test216sub1 is a document test 216 invokes.
                let number = String(test.prefix { $0.isNumber })
                let part = test.count == number.count + 1 && test.last?.isLetter == true
                return only.map { $0.contains(test) || part && $0.contains(number) } ?? true
            }
            .sorted { (leadingNumber(testNumber($0)), $0) < (leadingNumber(testNumber($1)), $1) }
            .map { directory.hasSuffix("/") ? directory + $0 : directory + "/" + $0 }
    }

    /// `test144.txml` → `144`, `test403a.txml` → `403a`; another name is its own.
    public static func testNumber(_ path: String) -> String {
        let base = SCXMLImporter.defaultName(path)
        guard base.hasPrefix("test"), base.dropFirst(4).first?.isNumber == true else { return base }
        return String(base.dropFirst(4))
    }

    private static func leadingNumber(_ test: String) -> Int { Int(test.prefix { $0.isNumber }) ?? .max }

    /// `skipping`: the tests not run, with why (`SCXMLSkippedTests`).
    public static func run(path: String, skipping: [String: String] = SCXMLSkippedTests.reason) async -> Outcome {
        let test = testNumber(path)
        if let reason = skipping[test] { return Outcome(test: test, status: .skip, reason: reason) }
        let source: SourceFile
        do {
            source = try XMLDocumentReader.load(path: path)
        } catch {
            return Outcome(test: test, status: .fail, reason: "cannot read \(path): \(error.message)")
        }
        let imported = SCXMLImporter.translate(source)
        guard let yaml = imported.yaml else {
            let first = imported.diagnostics.first { $0.severity == .error }
            return Outcome(test: test, status: .fail, reason: "import: " + (first.map(describe) ?? "failed"))
        }
        let program: Program
        do {
            program = try Compiler.compile(SourceFile(path: SCXMLImporter.defaultName(path) + ".yaml", text: yaml))
        } catch {
            let first = error.diagnostics.first { $0.severity == .error }
            return Outcome(test: test, status: .fail, reason: "validate: " + (first.map(describe) ?? "failed"))
        }
        return await drive(program, test: test)
    }

    /// Launches the chart and moves the clock to each next timer until `pass` or `fail` is entered.
    static func drive(_ program: Program, test: String) async -> Outcome {
        let driver = FlowDriver(program: program, services: [:], persistence: MemoryPersistence())
        var steps = await driver.launch()
        for _ in 0..<advanceLimit {
            if let verdict = verdict(steps) {
                return Outcome(test: test, status: verdict ? .pass : .fail, reason: verdict ? "" : "entered fail")
            }
            guard let next = driver.state.nextDeadline else {
                return Outcome(test: test, status: .fail, reason: "stopped in \(active(driver)) with no timer pending")
            }
            guard next <= timeLimit else {
                return Outcome(
                    test: test, status: .fail, reason: "timeout: nothing happened within \(timeLimit)")
            }
            steps = await driver.advance(by: max(.zero, next - driver.state.now))
        }
        return Outcome(test: test, status: .fail, reason: "still running after \(advanceLimit) clock advances")
    }

    /// true on entering `pass`, false on `fail`, nil while neither.
    private static func verdict(_ steps: [Step]) -> Bool? {
        for step in steps {
            for entry in step.trace {
                if case .stateEntered(_, let state) = entry, state == "pass" || state == "fail" {
                    return state == "pass"
                }
            }
        }
        return nil
    }

    private static func active(_ driver: FlowDriver) -> String {
        guard let top = driver.state.topInstance else { return "no screen" }
        let screen = driver.program.screens[top.screen]
        let names = top.states.compactMap { $0 < screen.states.count ? screen.states[$0].name : nil }
        return names.isEmpty ? "the chart" : names.joined(separator: ", ")
    }

    static func describe(_ diagnostic: Diagnostic) -> String {
        "\(diagnostic.code) at \(diagnostic.range.start.line):\(diagnostic.range.start.column): \(diagnostic.message)"
    }
}
