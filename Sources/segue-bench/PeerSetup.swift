import Foundation

/// Sets up the Python peers beside the build the first time `segue-bench dispatch` runs: copies the read-only
/// peers folder (`../shared/bench/peers`, or `SEGUE_PEERS_SOURCE`), creates its virtual environment, installs the
/// peer libraries from PyPI and generates their machines. Any step that cannot run here (no Python, no network)
/// is reported in one line and the benchmark goes on with Segue alone.
enum PeerSetup {
    static func prepare(_ folder: String, quiet: Bool) {
        let files = FileManager.default
        if files.fileExists(atPath: folder + "/gen"), files.isExecutableFile(atPath: folder + "/.venv/bin/python") {
            return
        }
        let source = ProcessInfo.processInfo.environment["SEGUE_PEERS_SOURCE"] ?? "../shared/bench/peers"
        func say(_ text: String) {
            if !quiet { print("peers: \(text)") }
        }
        if !files.fileExists(atPath: folder + "/bench.py") {
            guard files.fileExists(atPath: source + "/bench.py") else {
                return say("no peers folder at \(source); Segue alone")
            }
            try? files.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for name in (try? files.contentsOfDirectory(atPath: source)) ?? [] where name.hasSuffix(".py") {
                try? files.copyItem(atPath: source + "/" + name, toPath: folder + "/" + name)
            }
        }
        say("setting up the Python peers in \(folder) (a virtual environment and pip; once)")
        let steps: [[String]] = [
            ["python3", "-m", "venv", ".venv"],
            [".venv/bin/pip", "install", "-q", "transitions", "sismic", "python-statemachine", "pyyaml"],
            [".venv/bin/python", "gen.py"],
        ]
        for step in steps where !run(step, in: folder) {
            return say("`\(step.joined(separator: " "))` failed; Segue alone")
        }
    }

    private static func run(_ command: [String], in folder: String) -> Bool {
        BenchCommand.output(command, in: URL(fileURLWithPath: folder)) != nil
    }
}
