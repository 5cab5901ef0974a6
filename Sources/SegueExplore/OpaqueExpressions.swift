import SegueMachine

/// The expressions whose value cannot change what a flow does next, as `segue check` sees it: what is only drawn
/// (a label, a text, an image, a slider's or meter's position, a style, an icon, a title), an argument of a call
/// whose outcome the explorer chooses itself (unless a result the flow reads echoes it: `ResultReads`), the clip
/// and volume playback hands to the audio service, and a component's argument that its elements only draw
/// (docs/check.md, "Form values", "Data nothing reads").
///
///     OpaqueExpressions(outcomes: sampler).indices.contains(expression)
struct OpaqueExpressions {
    /// Indexes into `program.expressions`.
    let indices: Set<Int>

    init(outcomes: OutcomeSampler) {
        let program = outcomes.program
        var drawn: Set<Int> = []
        var arguments: [(parameter: String, value: Int)] = []
        func visit(_ elements: [ElementProgram]) {
            for element in elements {
                if let content = element.content { drawn.insert(content) }
                switch element.body {
                case .button(let button): if let icon = button.icon { drawn.insert(icon) }
                case .progress(let progress): if let label = progress.label { drawn.insert(label) }
                case .text, .image, .field, .list, .slider, .picker, .lines, .meter, .component: break
                }
                if let style = element.style { drawn.insert(style) }
                if let component = element.component {
                    for argument in component.arguments {
                        arguments.append((argument.name, argument.value))
                    }
                    visit(component.elements)
                }
                if let list = element.list {
                    for argument in list.item.arguments {
                        arguments.append((argument.name, argument.value))
                    }
                    visit(list.item.elements)
                }
                visit(element.footer)
            }
        }
        for screen in program.screens {
            visit(screen.elements)
            if let title = screen.title { drawn.insert(title) }
            if let playback = screen.playback {
                for expression in [playback.clip, playback.volume, playback.highlight] {
                    if let expression { drawn.insert(expression) }
                }
            }
            if let highlight = screen.recording?.highlight { drawn.insert(highlight) }
        }
        let results = ResultReads(program: program)
        for (pc, instruction) in program.code.enumerated() {
            guard case .call(let call) = instruction else { continue }
            // A result nothing reads echoes nothing the flow can see.
            let echoed =
                results.isRead(pc) ? outcomes.echoedFields(service: call.service, operation: call.operation) : []
            for argument in call.arguments
            where !PageRequest.pagingNames.contains(argument.name) && !echoed.contains(argument.name) {
                drawn.insert(argument.value)
            }
        }
        // A component's argument is opaque when no expression but the drawn ones names its parameter.
        var opaque = drawn
        for argument in arguments {
            let readers = program.expressions.indices.filter { program.expressions[$0].names.contains(argument.parameter) }
            if readers.allSatisfy({ drawn.contains($0) }) { opaque.insert(argument.value) }
        }
        indices = opaque
    }
}
