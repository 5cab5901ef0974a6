import SegueDiagnostics
import SegueExpression
import SegueModel

/// Computed fields of record types (`let:` under `types:`): names apart from the stored fields, no cycles, each
/// expression typed over the record's own fields; and nothing may set one (C509).
extension CheckRun {
    /// Reports what is wrong with a flow's record type's computed fields: a name a stored field has (C503), one
    /// declared twice, a cycle (C507), and each expression's own problems (it sees the record's fields alone).
    mutating func checkComputedFields(of type: RecordTypeDeclaration) {
        guard !type.computed.isEmpty else { return }
        let owner = "`\(type.name.text)`"
        for named in type.computed {
            declare(.computedField, named.name, in: .type(type.name.text), extent: named.range)
        }
        reportDuplicates(
            type.computed.map(\.name), code: CheckCode.duplicateDeclaration, what: "\(owner)'s computed field")
        let stored = Dictionary(type.fields.map { ($0.name.text, $0.name) }, uniquingKeysWith: { first, _ in first })
        for named in type.computed {
            guard let field = stored[named.name.text] else { continue }
            report(
                .error(
                    CheckCode.duplicateDeclaration,
                    "computed field `\(named.name.text)` has the name of a stored field of \(owner); give it another name",
                    at: named.name.range, notes: [DiagnosticNote("the stored field", at: field.range)]))
        }
        guard case .record(let record) = types.lenient(type.name.text) else { return }
        let own = type.computed.filter { stored[$0.name.text] == nil }
        let storedTypes = Dictionary(record.fields.map { ($0.name, $0.type) }, uniquingKeysWith: { first, _ in first })
        for cycle in Self.namedValueTypes(own, in: storedTypes).cycles {
            guard let first = own.first(where: { $0.name.text == cycle[0] }) else { continue }
            let chain = (cycle + [cycle[0]]).map { "`\($0)`" }.joined(separator: " → ")
            report(
                .error(
                    CheckCode.namedValueCycle,
                    "computed field `\(cycle[0])` of \(owner) depends on itself: \(chain); compute one of them from "
                        + "the stored fields",
                    at: first.name.range))
        }
        var bindings = storedTypes
        for field in record.computed where bindings[field.name] == nil { bindings[field.name] = field.type }
        var scope = Scope(owner: .flow, bindings: bindings, variables: [:], fields: [], errorHandled: false)
        for field in record.computed where storedTypes[field.name] == nil {
            scope.symbols[field.name] = SymbolID(.computedField, field.name, in: .type(type.name.text))
        }
        checkingRecordType = true
        for named in own {
            check(named.value, in: scope, role: "computed field `\(named.name.text)` of \(owner)")
        }
        checkingRecordType = false
    }

    /// The computed field a value of type `found` would set where `expected` is wanted (a record literal with a
    /// `full_name` given for an `Entry`), at any depth of lists and maps; nil when it sets none.
    static func computedFieldSet(by found: ValueType, into expected: ValueType) -> (field: String, record: String)? {
        switch (found.unwrapped, expected.unwrapped) {
        case (.record(let value), .record(let target)) where value.name == nil:
            for field in value.fields {
                if target.computedField(field.name) != nil { return (field.name, target.name ?? "") }
                if let inner = target.field(field.name), let nested = computedFieldSet(by: field.type, into: inner) {
                    return nested
                }
            }
            return nil
        case (.list(let value), .list(let target)), (.map(let value), .map(let target)):
            return computedFieldSet(by: value, into: target)
        default:
            return nil
        }
    }

    /// The file range of a whole expression.
    private func text(_ expression: ExpressionText) -> SourceRange {
        expression.sourceRange(ofTextOffset: 0, length: expression.text.utf8.count, in: file(expression.range))
    }

    /// C509 for a value that sets a computed field, at the whole expression.
    mutating func reportComputedFieldSet(by found: ValueType, into expected: ValueType, at range: SourceRange) {
        guard let (field, record) = Self.computedFieldSet(by: found, into: expected) else { return }
        report(
            .error(
                CheckCode.computedFieldSet,
                "`\(field)` is computed from the other fields of `\(record)`, so a record cannot set it; leave it out",
                at: range))
    }

    /// C509 for `set:` of a path ending in a computed field (`entry.full_name`); true when it is one.
    mutating func refuseSettingComputedField(_ field: String, of record: RecordType, in name: Name) -> Bool {
        guard record.computedField(field) != nil else { return false }
        report(
            .error(
                CheckCode.computedFieldSet,
                "`\(name.text)` is computed from the other fields of `\(record.name ?? "")`; set the fields it is "
                    + "computed from instead", at: name.range))
        return true
    }
}
