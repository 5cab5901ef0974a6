import SegueCheck
import SegueExpression
import SegueModel

/// `invoke:`: the child chart compiled on its own (as the checker checked it, a flow of its own), and the parent's
/// side.
extension ProgramBuilder {
    mutating func compileInvocation(_ resolved: ResolvedInvocation, state: Int, named name: String, screen: Int) {
        let invocation = resolved.invocation
        let child = Compiler.compile(resolved.chart)
        let context = CompileContext(screen: screen)
        let id = invocation.id?.text ?? "\(name).\(program.invocations.count)"
        var compiled = InvocationProgram(
            id: id, program: child, screen: screen, state: state,
            idLocation: resolved.idLocation,
            autoforward: invocation.autoforward,
            arguments: invocation.arguments.map { (name: $0.name.text, value: expression($0.value, context: context)) },
            finalize: invocation.finalize.isEmpty ? nil : list(resolved.finalize, context: context),
            doneEvent: event(EventDescriptor.doneInvokePrefix + id))
        compiled.guardExpression = invocation.guardExpression.map { expression($0, context: context) }
        program.screens[screen].states[state].invocations.append(program.invocations.count)
        program.invocations.append(compiled)
        program.hasStatechartExtras = true
    }
}
