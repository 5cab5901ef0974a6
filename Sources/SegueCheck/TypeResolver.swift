import SegueDiagnostics
import SegueExpression
import SegueModel

/// Turns type annotations as written (`list<Entry>`, `string?`) into `ValueType`s, knowing the flow's record types.
///
///     let resolver = TypeResolver(types: flow.types)
///     resolver.resolve(TypeText("list<Entry>", at: range))  // .success(.list(.record(Entry)))
struct TypeResolver {
    /// Declared record types by name: the flow's, the imported ones, then the built-in services' ones.
    private var declarations: [String: [(String, String)]] = [:]
    /// Where each record type's fields were written, for reporting unknown field types once, at the field.
    private(set) var declared: [RecordTypeDeclaration] = []

    init(types: [RecordTypeDeclaration]) {
        for (name, fields) in BuiltinOperations.recordTypes { declarations[name] = fields }
        for type in types {
            declarations[type.name.text] = type.fields.map { ($0.name.text, $0.type.text) }
        }
        declared = types
    }

    /// Every type name a flow may write, for did-you-mean.
    var knownNames: [String] { declarations.keys.sorted() }

    /// The type, or the problem with its range in the annotation's text.
    func resolve(_ text: String) -> Result<ValueType, ExpressionDiagnostic> {
        resolve(text, expanding: [])
    }

    /// Like `resolve`, but an unknown type is `any` (its declaration reports it once).
    func lenient(_ text: String) -> ValueType {
        (try? resolve(text).get()) ?? .any
    }

    /// `file` (an uploaded file's path) is a string to expressions.
    private func resolve(_ text: String, expanding: Set<String>) -> Result<ValueType, ExpressionDiagnostic> {
        if text.trimmingSpaces == "file" { return .success(.string) }
        do throws(ExpressionDiagnostic) {
            let type = try TypeAnnotation.parse(text, knownNames: knownNames) { name in
                record(named: name, expanding: expanding)
            }
            return .success(type)
        } catch {
            return .failure(error)
        }
    }

    /// A named record; a type that refers to itself is `any` at the second level, so the walk ends.
    private func record(named name: String, expanding: Set<String>) -> ValueType? {
        guard let fields = declarations[name] else { return nil }
        if expanding.contains(name) { return .any }
        let inner = expanding.union([name])
        return .record(
            RecordType(
                name: name,
                fields: fields.map { field in
                    RecordType.Field(name: field.0, type: (try? resolve(field.1, expanding: inner).get()) ?? .any)
                }))
    }
}

extension String {
    var trimmingSpaces: Substring {
        let trimmed = drop { $0 == " " }
        return trimmed.dropLast(trimmed.reversed().prefix { $0 == " " }.count)
    }
}
