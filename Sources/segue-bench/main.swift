import Foundation

/// `segue-bench SUITE [OPTIONS]`: performance benchmarks, one suite per subcommand.
let arguments = Array(CommandLine.arguments.dropFirst())
let usage = """
    usage: segue-bench SUITE [OPTIONS]

    suites:
      audio [--json] [--minutes N] [--runs N]   trim and gain a long WAV with Segue and with sox
      load [--json] [--runs N]                  load ring flows: raw libyaml events against Segue's front end
      load --stage libyaml|yaml|decode|all [--screens N] [--runs N]
                                                one stage on one ring, for profilers and per-stage memory
      dispatch [--json] [--events N]            events per second: rings of 1,000 and 10,000 screens, nesting depth 8
      startup [--json] [--runs N] [--static PATH] [--dynamic PATH]
                                                start `segue validate flows/donate.yaml` again and again: median
                                                wall time of the static and the dynamic release builds
      check [--json]                            segue check's states/s and bytes/state: 6 counters of 10 (10^6
                                                states) and a ring of 10,000 screens; SPIN's ratio where installed
      eval [--json] [--runs N] [--evaluations N]
                                                ns per compiled expression evaluated by the machine (data,
                                                text, lists, records, named values, the form, a template, a
                                                property), and per step
      lsp [--json] [--edits N] [--flow FILE]    replay edits of flows/donate.yaml through `segue lsp`: median and
                                                95th percentile from didChange to publishDiagnostics
      import [--json] [--runs N] [--small STATES] [--large STATES]
                                                `segue import scxml` on charts of 512 and 8,192 states and on one
                                                expression of 6,000 and 60,000 characters: time per state and per
                                                character, and the ratio of the large to the small
    """

switch arguments.first {
case "audio":
    exit(AudioBenchmark.main(Array(arguments.dropFirst())))
case "dispatch":
    exit(DispatchBenchmark.main(Array(arguments.dropFirst())))
case "startup":
    exit(StartupBenchmark.main(Array(arguments.dropFirst())))
case "lsp":
    exit(LSPBenchmark.main(Array(arguments.dropFirst())))
case "load":
    exit(LoadBenchmark.main(Array(arguments.dropFirst())))
case "check":
    exit(CheckBenchmark.main(Array(arguments.dropFirst())))
case "eval":
    exit(EvalBenchmark.main(Array(arguments.dropFirst())))
case "import":
    exit(ImportBenchmark.main(Array(arguments.dropFirst())))
case nil, "help", "--help", "-h":
    print(usage)
    exit(arguments.isEmpty ? 2 : 0)
default:
    FileHandle.standardError.write(Data("segue-bench: unknown suite `\(arguments[0])`\n\(usage)\n".utf8))
    exit(2)
}
