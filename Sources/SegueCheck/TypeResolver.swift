import SegueDiagnostics
import SegueExpression
import SegueModel

/// Turns type annotations as written (`list<Entry>`, `string?`) into `ValueType`s, knowing the flow's record types.
///
///     let resolver = TypeResolver(types: flow.types)
///     resolver.resolve(TypeText("list<Entry>", at: range))  // .success(.list(.record(Entry)))
public struct TypeResolver {
    /// Declared record types by name: the flow's, the imported ones, then the built-in services' ones.
    private var declarations: [String: [(String, String)]] = [:]
    /// Each record type resolved once; a type that refers to itself is `any` where it recurs.
    private var records: [String: ValueType] = [:]

    public init(types: [RecordTypeDeclaration]) {
        for (name, fields) in BuiltinOperations.recordTypes { declarations[name] = fields }
        for type in types {
            declarations[type.name.text] = type.fields.map { ($0.name.text, $0.type.text) }
        }
        let declarations = self.declarations
        var records: [String: ValueType] = [:]
        var inProgress: Set<String> = []
        func build(_ name: String) -> ValueType? {
            if let done = records[name] { return done }
            guard let fields = declarations[name] else { return nil }
            if inProgress.contains(name) { return .any }
            inProgress.insert(name)
            let resolved = fields.map { field in
                RecordType.Field(
                    name: field.0,
                    type: field.1.trimmingSpaces == "file"
                        ? .string : (try? TypeAnnotation.parse(field.1) { build($0) }) ?? .any)
            }
            inProgress.remove(name)
            let record = ValueType.record(RecordType(name: name, fields: resolved))
            records[name] = record
            return record
        }
        for name in declarations.keys.sorted() { _ = build(name) }
        self.records = records
    }

    /// Every type name a flow may write, for did-you-mean.
    var knownNames: [String] { declarations.keys.sorted() }

    /// The type, or the problem with its range in the annotation's text; `file` (an uploaded file's path) is a string.
    func resolve(_ text: String) -> Result<ValueType, ExpressionDiagnostic> {
        if text.trimmingSpaces == "file" { return .success(.string) }
        do throws(ExpressionDiagnostic) {
            return .success(try TypeAnnotation.parse(text, knownNames: knownNames) { records[$0] })
        } catch {
            return .failure(error)
        }
    }

    /// Like `resolve`, but an unknown type is `any` (its declaration reports it once).
    public func lenient(_ text: String) -> ValueType {
        (try? resolve(text).get()) ?? .any
    }
}

extension String {
    var trimmingSpaces: Substring {
        let trimmed = drop { $0 == " " }
        return trimmed.dropLast(trimmed.reversed().prefix { $0 == " " }.count)
    }
}
