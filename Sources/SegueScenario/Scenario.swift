import SegueDiagnostics
import SegueDriver
import SegueExpression

/// A scenario file: a flow driven step by step, with what must be true after each step (docs/scenarios.md).
public struct Scenario: Sendable {
    public var name: String
    /// The scenario file.
    public var path: String
    /// The flow file, resolved against the scenario's folder.
    public var flowPath: String
    public var covers: [String]
    public var device: String?
    public var defaults: [String: Value]?
    public var board: BoardSeed?
    public var steps: [ScenarioStep]
    public var range: SourceRange
    /// The project root its flow, and every file the flow names, is read inside (`ProjectRoot`).
    public var root: ProjectRoot? = nil

    /// What the local board holds before the scenario starts.
    public enum BoardSeed: Sendable {
        /// That many demo entries.
        case demo(Int)
        /// These entries, newest first.
        case entries([Value])
    }
}

/// One step, with the line it was written on.
public struct ScenarioStep: Sendable {
    public enum Action: Sendable {
        case launch
        /// What a person does (`fill` with several fields is a step per field), in the words every tool shares.
        case user([UserStep])
        case expect([Expectation])
    }

    public var action: Action
    public var range: SourceRange
}

/// One `expect:` entry: a key (`screen`, `elements`, …) and the value the state must match.
public struct Expectation: Sendable {
    public var key: String
    public var value: Value
    public var range: SourceRange
}
