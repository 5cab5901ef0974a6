import Foundation

/// A suite's command line, read one way for every suite: flags (`--json`) and `--name VALUE` options, each checked
/// against what the suite declares, so a typo or a missing value is an error that names it and the usage.
///
///     let options = try BenchOptions(arguments, suite: "audio", flags: ["--json"], values: ["--runs": "N"])
///     let runs = try options.positiveInt("--runs", default: 3)
struct BenchOptions {
    /// What is wrong with the command line, already prefixed with the suite's name and followed by its usage.
    struct Misuse: Error {
        var message: String

        /// Writes the message to standard error; the exit status for a misused command line.
        func report() -> Int32 {
            FileHandle.standardError.write(Data((message + "\n").utf8))
            return 2
        }
    }

    let suite: String
    let usage: String
    private var present: Set<String> = []
    private var given: [String: String] = [:]

    /// Reads `arguments` for `suite`: `flags` stand alone, each key of `values` takes the value its text names
    /// (`N`, `FILE`, …, shown in the usage).
    init(_ arguments: [String], suite: String, flags: [String] = [], values: KeyValuePairs<String, String> = [:])
        throws(Misuse)
    {
        self.suite = suite
        let words = flags.map { "[\($0)]" } + values.map { "[\($0.key) \($0.value)]" }
        usage = (["usage: segue-bench", suite] + words).joined(separator: " ")
        let valued = Set(values.map(\.key))
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if flags.contains(argument) {
                present.insert(argument)
            } else if valued.contains(argument) {
                guard index < arguments.count else { throw misuse("\(argument) needs a value") }
                given[argument] = arguments[index]
                index += 1
            } else {
                throw misuse("unknown option \(argument)")
            }
        }
    }

    func has(_ flag: String) -> Bool { present.contains(flag) }

    func text(_ name: String) -> String? { given[name] }

    func text(_ name: String, default fallback: String) -> String { given[name] ?? fallback }

    func positiveInt(_ name: String, default fallback: Int) throws(Misuse) -> Int {
        guard let text = given[name] else { return fallback }
        guard let value = Int(text), value > 0 else { throw misuse("\(name) needs a positive whole number") }
        return value
    }

    func positiveNumber(_ name: String, default fallback: Double) throws(Misuse) -> Double {
        guard let text = given[name] else { return fallback }
        guard let value = Double(text), value.isFinite, value > 0 else {
            throw misuse("\(name) needs a positive number")
        }
        return value
    }

    /// An error about this command line, for a suite's own checks of an option's value too.
    func misuse(_ problem: String) -> Misuse { Misuse(message: "segue-bench \(suite): \(problem)\n\(usage)") }
}
