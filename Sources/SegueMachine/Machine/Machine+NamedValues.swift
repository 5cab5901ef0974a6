import SegueExpression
import SegueModel

/// One named value (`let:`) as it is in some state, for tools that show data (the REPL's `data`).
public struct NamedValueReading: Sendable, Hashable {
    public var name: String
    /// The screen that declares it, or nil for the flow's.
    public var screen: String?
    public var value: Result<Value, ExpressionFailure>
    /// For a component's: the element path of its use on the top screen (`lines[0]`, `card`).
    public var element: String? = nil
}

extension Machine {
    /// The flow's named values, then the top screen's, then those of each component use on it (each list item's),
    /// computed in `state` (empty for a state of another program).
    public func namedValues(in state: MachineState) -> [NamedValueReading] {
        guard (try? check(state)) != nil else { return [] }
        let runner = Runner(box: box, state: state, tracing: false)
        var readings = program.lets.map {
            NamedValueReading(name: $0.name, screen: nil, value: runner.evaluate($0.value, Frame(instance: -1)))
        }
        if let top = state.topInstance {
            let screen = program.screens[top.screen]
            readings += screen.lets.map {
                NamedValueReading(
                    name: $0.name, screen: screen.name, value: runner.evaluate($0.value, Frame(instance: top.id)))
            }
            readings += componentValues(screen, runner: runner, frame: Frame(instance: top.id))
        }
        return readings
    }

    /// The named values of the components the screen's elements use, one reading per use and list item.
    private func componentValues(_ screen: ScreenProgram, runner: Runner, frame: Frame) -> [NamedValueReading] {
        var readings: [NamedValueReading] = []
        func read(_ component: ComponentProgram, _ frame: Frame, at path: String) {
            guard let slot = component.lets, case .success(let bound) = runner.bind(component, frame) else { return }
            readings += program.componentLets[slot].values.map {
                NamedValueReading(
                    name: $0.name, screen: screen.name, value: runner.evaluate($0.value, bound), element: path)
            }
        }
        for element in screen.elements {
            if let component = element.component { read(component, frame, at: element.name) }
            guard let list = element.list, list.item.lets != nil,
                case .success(let items) = runner.listItems(list, frame)
            else { continue }
            for (index, item) in items.enumerated() {
                var itemFrame = frame
                itemFrame.bind(item, at: index)
                read(list.item, itemFrame, at: "\(element.name)[\(index)]")
            }
        }
        return readings
    }
}
