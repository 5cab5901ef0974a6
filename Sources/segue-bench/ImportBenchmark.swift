import Foundation
import SegueDiagnostics
import SegueImport
import SegueMachine

/// `segue-bench import`: `segue import scxml`'s time on generated charts of two sizes, per state, and on one long
/// expression of two sizes, per character; the ratio of the large size's per-unit time to the small one's says
/// whether import time grows in proportion to the chart (about 1) or faster (a quadratic part: about the ratio of
/// the sizes). Each row times reading the XML and translating it, then checking and compiling the flow it wrote,
/// as the command does before writing anything.
enum ImportBenchmark {
    static func main(_ arguments: [String]) -> Int32 {
        let json: Bool
        let runs: Int
        let small: Int
        let large: Int
        do throws(BenchOptions.Misuse) {
            let options = try BenchOptions(
                arguments, suite: "import", flags: ["--json"],
                values: ["--runs": "N", "--small": "STATES", "--large": "STATES"])
            json = options.has("--json")
            runs = try options.positiveInt("--runs", default: 3)
            small = try options.positiveInt("--small", default: 512)
            large = try options.positiveInt("--large", default: 8_192)
            guard small < large else { throw options.misuse("--small must be fewer states than --large") }
        } catch {
            return error.report()
        }
        var rows: [String: Any] = ["suite": "import", "runs": runs]
        var lines: [String] = []
        func measure(_ what: String, unit: String, sizes: (Int, Int), chart: (Int) -> String) -> Bool {
            var perUnit: [Double] = []
            for size in [sizes.0, sizes.1] {
                let text = chart(size)
                let file = SourceFile(path: "bench.scxml", text: text)
                guard let yaml = SCXMLImporter.translate(file).yaml else {
                    FileHandle.standardError.write(Data("segue-bench: the generated \(what) does not import\n".utf8))
                    return false
                }
                let translate = best(of: runs) { _ = SCXMLImporter.translate(file) }
                let check = best(of: runs) { _ = try? Compiler.compile(SourceFile(path: "bench.yaml", text: yaml)) }
                let total = translate + check
                perUnit.append(total / Double(size))
                lines.append(
                    "\(what) \(size) \(unit)s (\(text.utf8.count / 1024) KiB): translate \(fixed(translate * 1000, 1)) ms, "
                        + "check and compile \(fixed(check * 1000, 1)) ms, \(fixed(total / Double(size) * 1e6, 2)) µs per \(unit)")
                rows["\(what)_\(size)_translate_ms"] = round3(translate * 1000)
                rows["\(what)_\(size)_check_ms"] = round3(check * 1000)
            }
            let ratio = perUnit[1] / perUnit[0]
            lines.append(
                "\(what): per-\(unit) time at \(sizes.1) over \(sizes.0): \(fixed(ratio, 2)) (1 is linear, "
                    + "\(fixed(Double(sizes.1) / Double(sizes.0), 0)) quadratic)")
            rows["\(what)_ratio"] = round3(ratio)
            return true
        }
        guard measure("chart", unit: "state", sizes: (small, large), chart: Self.chart),
            measure("expression", unit: "character", sizes: (6_000, 60_000), chart: Self.expression)
        else { return 1 }
        if json {
            let data = (try? JSONSerialization.data(withJSONObject: rows, options: [.sortedKeys])) ?? Data("{}".utf8)
            print(String(decoding: data, as: UTF8.self))
        } else {
            lines.forEach { print($0) }
            print("goal: each ratio ≤ 1.5")
        }
        return 0
    }

    /// `states` states in a ring, each with an entry action, a guarded transition to the next and a logged value,
    /// and a hub whose own transitions (one per state, named `go.<i>`) reach every state: the hub's handlers are
    /// as many as the chart's states.
    static func chart(_ states: Int) -> String {
        var xml = """
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="ecmascript" initial="hub">
              <datamodel><data id="n" expr="0"/></datamodel>

            """
        xml += "  <state id=\"hub\">\n"
        for index in 0..<states { xml += "    <transition event=\"go.\(index)\" target=\"s-\(index)\"/>\n" }
        xml += "  </state>\n"
        for index in 0..<states {
            xml += """
                  <state id="s-\(index)">
                    <onentry><assign location="n" expr="n + 1"/><log label="at" expr="'state ' + n"/></onentry>
                    <transition event="next" cond="n &gt; \(index % 7)" target="s-\((index + 1) % states)"/>
                    <transition event="back" target="hub"/>
                  </state>

                """
        }
        return xml + "</scxml>\n"
    }

    /// One `<data>` whose `expr` is a sum of about `characters` characters.
    static func expression(_ characters: Int) -> String {
        var expr = "0"
        var index = 0
        while expr.utf8.count < characters {
            expr += " + (n * \(index % 10) - \(index % 3))"
            index += 1
        }
        return """
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="ecmascript">
              <datamodel><data id="n" expr="1"/><data id="big" expr="\(expr)"/></datamodel>
              <state id="s"/>
            </scxml>

            """
    }

    private static func round3(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
}
