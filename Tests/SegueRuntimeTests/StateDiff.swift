import SegueExpression

@testable import SegueMachine

/// A field-by-field difference of two machine states, so a failing step shows only what differs.
///
///     data.log: expected ["a"], actual ["a", "b"]
///     layers[1].stack[0].transition: expected present, actual show
struct StateDiff {
    /// One field that differs; a side is nil where the field does not exist (an array of another length).
    struct Line: Equatable, CustomStringConvertible {
        var path: String
        var expected: String?
        var actual: String?

        var description: String {
            "\(path): expected \(expected ?? "(nothing)"), actual \(actual ?? "(nothing)")"
        }
    }

    let lines: [Line]

    /// Compares two states; `program` names the flow's data slots (`data.log` rather than `data[0]`).
    init(expected: MachineState, actual: MachineState, program: Program? = nil) {
        let left = Self.fields(of: expected, program: program)
        let right = Self.fields(of: actual, program: program)
        let leftValues = Dictionary(left, uniquingKeysWith: { first, _ in first })
        let rightValues = Dictionary(right, uniquingKeysWith: { first, _ in first })
        var lines: [Line] = []
        var seen: Set<String> = []
        for (path, _) in right + left where seen.insert(path).inserted {
            if leftValues[path] != rightValues[path] {
                lines.append(Line(path: path, expected: leftValues[path], actual: rightValues[path]))
            }
        }
        self.lines = Self.merged(lines, expectedPaths: Set(leftValues.keys), actualPaths: Set(rightValues.keys))
    }

    /// Folds the fields of an array element that only one side has into one line: `stack[1]: expected
    /// (nothing), actual {id: 2, screen: 0, …}`.
    private static func merged(_ lines: [Line], expectedPaths: Set<String>, actualPaths: Set<String>) -> [Line] {
        var result: [Line] = []
        for line in lines {
            let missingOnExpected = line.expected == nil
            let absent = missingOnExpected ? expectedPaths : actualPaths
            guard line.expected == nil || line.actual == nil, let element = outermostAbsent(line.path, absent) else {
                result.append(line)
                continue
            }
            let field = String(line.path.dropFirst(element.count).drop { $0 == "." })
            let value = line.expected ?? line.actual ?? ""
            let entry = field.isEmpty ? value : "\(field): \(value)"
            if let last = result.last, last.path == element, (last.expected == nil) == missingOnExpected {
                let side = (missingOnExpected ? last.actual : last.expected) ?? "{}"
                let joined = String(side.dropLast()) + ", " + entry + "}"
                result[result.count - 1] = Line(
                    path: element, expected: missingOnExpected ? nil : joined, actual: missingOnExpected ? joined : nil)
            } else {
                let folded = "{" + entry + "}"
                result.append(
                    Line(
                        path: element, expected: missingOnExpected ? nil : folded,
                        actual: missingOnExpected ? folded : nil))
            }
        }
        return result
    }

    /// The shortest prefix of `path` ending at an index (`layers[2]` of `layers[2].stack[0].id`) under which the
    /// other side has nothing, or nil.
    private static func outermostAbsent(_ path: String, _ absent: Set<String>) -> String? {
        for index in path.indices where path[index] == "]" {
            let prefix = String(path[...index])
            if !absent.contains(where: { $0.hasPrefix(prefix) }) { return prefix }
        }
        return nil
    }

    var isEmpty: Bool { lines.isEmpty }

    var description: String { lines.map { "  " + $0.description }.joined(separator: "\n") }

    /// Every leaf of the state as (path, value text), in declaration order; with a program, data slots are named
    /// and screen ids carry their screen's name.
    static func fields(of state: MachineState, program: Program?) -> [(String, String)] {
        var fields: [(String, String)] = []
        flatten(state, path: "", into: &fields)
        guard let program else { return fields }
        let names = program.data.map(\.name)
        return fields.map { path, value in
            var shown = value
            if path.hasSuffix(".screen"), let id = Int(value), program.screens.indices.contains(id) {
                shown = "\(id) (\(program.screens[id].name))"
            }
            return (named(path, names), shown)
        }
    }

    /// `data[2]…` becomes `data.user_id…` when the slot has a name.
    private static func named(_ path: String, _ names: [String]) -> String {
        guard path.hasPrefix("data["), let close = path.firstIndex(of: "]"),
            let slot = Int(path[path.index(path.startIndex, offsetBy: 5)..<close]), names.indices.contains(slot)
        else { return path }
        return "data." + names[slot] + path[path.index(after: close)...]
    }

    /// A value as an expression writes it, but a number always with its decimal point so `1` and `1.0` (an `int`
    /// and a `number`, unequal values) differ.
    static func text(of value: Value) -> String {
        switch value {
        case .number(let number): "\(number)"
        case .list(let items): "[" + items.map(text(of:)).joined(separator: ", ") + "]"
        case .record(let fields):
            "{" + fields.keys.sorted().map { "\($0): \(fields[$0].map(text(of:)) ?? "")" }.joined(separator: ", ") + "}"
        default: value.literal
        }
    }

    private static func flatten(_ value: Any, path: String, into fields: inout [(String, String)]) {
        switch value {
        case let value as Value:
            fields.append((path, text(of: value)))
            return
        case let set as StateSet:
            fields.append((path, Array(set).description))
            return
        case let text as String:
            fields.append((path, text.debugDescription))
            return
        default: break
        }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            guard let wrapped = mirror.children.first?.value else { return fields.append((path, "nil")) }
            flatten(wrapped, path: path, into: &fields)
        case .struct, .class:
            // A computed-only struct (no stored children) is a leaf.
            guard !mirror.children.isEmpty else { return fields.append((path, String(describing: value))) }
            for child in mirror.children {
                // An instance's active states are shown under the name its encoding uses.
                let label = value is ScreenInstance && child.label == "active" ? "states" : child.label ?? "?"
                flatten(child.value, path: path.isEmpty ? label : path + "." + label, into: &fields)
            }
        case .collection, .set:
            guard !mirror.children.isEmpty else { return fields.append((path, "[]")) }
            for (index, child) in mirror.children.enumerated() {
                flatten(child.value, path: path + "[\(index)]", into: &fields)
            }
        case .dictionary:
            guard !mirror.children.isEmpty else { return fields.append((path, "[:]")) }
            let pairs = mirror.children.compactMap { child -> (String, Any)? in
                let pair = Array(Mirror(reflecting: child.value).children)
                guard pair.count == 2 else { return nil }
                return (String(describing: pair[0].value), pair[1].value)
            }
            for (key, element) in pairs.sorted(by: { $0.0 < $1.0 }) {
                flatten(element, path: path + "[\(key)]", into: &fields)
            }
        default:
            fields.append((path, String(describing: value)))
        }
    }
}
