import SegueDiagnostics
import SegueExpression
import SegueModel

extension CheckRun {
    /// Types, events, services, flow data and invariants: every annotation resolves, every default fits its type.
    mutating func checkDeclarations() {
        for type in flow.types {
            declare(.type, type.name, extent: type.range)
            checkTypeNameIsFree(type.name)
            for field in type.fields {
                checkDeclaredName(field.name, what: "field")
                resolve(field.type)
            }
            checkComputedFields(of: type)
        }
        for event in flow.events {
            declare(.event, event.name, extent: event.range)
            for field in event.payload {
                declare(.parameter, field.name, in: .event(event.name.text), detail: field.type.text)
                resolve(field.type)
            }
        }
        let flowScope = baseScope(.flow)
        for service in flow.services {
            declare(.service, service.name, extent: service.range, detail: "\(service.kind.rawValue) service")
            for operation in service.operations {
                declare(.operation, operation.name, in: .service(service.name.text))
                for parameter in operation.parameters {
                    let type = resolve(parameter.type)
                    if let value = parameter.defaultValue {
                        check(value, in: flowScope, expecting: type, role: "the default of `\(parameter.name.text)`")
                    }
                }
                if let result = operation.result { resolve(result) }
            }
        }
        checkData(
            flow.data, in: Scope.base(flowData: [:], owner: .flow).binding(ImplicitName.device.rawValue, Scope.device))
        checkNamedValues(flow.lets, in: flowScope, taken: flowNamesTaken(), owner: "the flow")
        let propertyScope = flowScope.binding(ImplicitName.screen.rawValue, .string)
            .binding(ImplicitName.state.rawValue, .any).binding(ImplicitName.form.rawValue, propertyFormType())
        for (role, properties) in [
            ("invariant", flow.invariants), ("reachable", flow.reachable), ("always_possible", flow.alwaysPossible),
        ] {
            for property in properties {
                check(property.condition, in: propertyScope, expecting: .bool, role: "\(role) `\(property.name.text)`")
            }
        }
    }

    /// Each variable's type resolves and its default fits it; a default may read the variables declared before it.
    mutating func checkData(_ data: [DataDeclaration], in scope: Scope) {
        var scope = scope
        let owner = scope.owner.symbolOwner
        for variable in data {
            declare(.data, variable.name, in: owner, extent: variable.range, detail: variable.type.text)
            let type = resolve(variable.type)
            if let initial = variable.initial {
                check(initial, in: scope, expecting: type, role: "the default of `\(variable.name.text)`", strict: true)
            }
            scope = scope.binding(variable.name.text, type, as: SymbolID(.data, variable.name.text, in: owner))
        }
    }

    /// Parameters' types resolve and their defaults fit; returns the parameters' types by name.
    mutating func checkParameters(_ parameters: [ParameterDeclaration], in scope: Scope) -> [String: ValueType] {
        var types: [String: ValueType] = [:]
        for parameter in parameters {
            declare(.parameter, parameter.name, in: scope.owner.symbolOwner)
            let type = resolve(parameter.type)
            types[parameter.name.text] = type
            if let value = parameter.defaultValue {
                check(value, in: scope, expecting: type, role: "the default of `\(parameter.name.text)`", strict: true)
            }
        }
        return types
    }

    /// The type of `event` in a handler: a declared event's payload record.
    ///
    /// An undeclared event raised only by `send` has the fields its sends pass, each `any`.
    func eventType(_ name: String) -> ValueType {
        guard let declaration = events[name] else {
            guard let fields = sentFields[name] else { return .any }
            return .record(RecordType(name: nil, fields: fields.map { .init(name: $0, type: .any) }))
        }
        return .record(
            RecordType(
                name: nil,
                fields: declaration.payload.map {
                    RecordType.Field(name: $0.name.text, type: types.lenient($0.type.text))
                }
            ))
    }

    /// Two declarations of one name in one scope: the second is reported, pointing at the first.
    mutating func reportDuplicates(_ names: [Name], code: String, what: String) {
        var seen: [String: Name] = [:]
        for name in names {
            if let first = seen[name.text] {
                report(
                    .error(
                        code, "\(what) `\(name.text)` is declared twice", at: name.range,
                        notes: [DiagnosticNote("first declared here", at: first.range)]))
            } else {
                seen[name.text] = name
            }
        }
    }

    /// `form` in a property: the screen on top's fields, so every field some screen has, null where the screen on top
    /// has no such field (`Machine.holds`).
    func propertyFormType() -> ValueType {
        var fields: [String: ValueType] = [:]
        let photo = ValueType.optional(types.lenient("Photo"))
        for position in flow.screens.indices {
            let photos = Inventory.photoFields(flow.screens[position].elements)
            for field in formFields(ofScreenAt: position).map(\.text) {
                fields[field] = photos.contains(field) || fields[field] == photo ? photo : .optional(.string)
            }
        }
        return .record(
            RecordType(name: "Form", fields: fields.sorted { $0.key < $1.key }.map { .init(name: $0.key, type: $0.value) }))
    }

    /// A record type named like a built-in type (`string`, `list`) could never be written: the annotation means
    /// the built-in one, and its computed fields would be checked against nothing.
    private mutating func checkTypeNameIsFree(_ name: Name) {
        if BuiltinOperations.recordTypes[name.text] != nil {
            // The built-in services answer with their own records whatever the flow declares: a record of the
            // same name would type `result.price` and the explorer's samples by fields no answer has.
            let fix = name.text + "Record"
            return report(
                .error(
                    CheckCode.duplicateDeclaration,
                    "type `\(name.text)` has the name of a built-in record, the one the built-in services answer "
                        + "with; give the record a name of its own, such as `\(fix)`",
                    at: name.range, fixIts: [FixIt(range: name.range, replacement: fix)]))
        }
        guard TypeAnnotation.builtinNames.contains(name.text) else { return }
        let fix = name.text.prefix(1).uppercased() + name.text.dropFirst()
        report(
            .error(
                CheckCode.duplicateDeclaration,
                "type `\(name.text)` has the name of a built-in type, which `\(name.text)` always means; give the "
                    + "record a name of its own, such as `\(fix)`",
                at: name.range, fixIts: [FixIt(range: name.range, replacement: fix)]))
    }
}
