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
    /// The computed fields of each record type that has some, their expressions lowered, for the reads to carry.
    private(set) var computedFields: [String: ComputedFields] = [:]

    public init(types: [RecordTypeDeclaration]) {
        for (name, fields) in BuiltinOperations.recordTypes { declarations[name] = fields }
        var computedDeclarations: [String: [NamedValue]] = [:]
        for type in types {
            declarations[type.name.text] = type.fields.map { ($0.name.text, $0.type.text) }
            computedDeclarations[type.name.text] = type.computed.isEmpty ? nil : type.computed
        }
        let declarations = self.declarations
        var records: [String: ValueType] = [:]
        var computedFields: [String: ComputedFields] = [:]
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
            var record = RecordType(name: name, fields: resolved)
            if let lets = computedDeclarations[name] {
                let computed = Self.computed(lets, of: record, lowering: computedFields)
                record.computed = computed.fields
                computedFields[name] = computed.lowered
            }
            records[name] = .record(record)
            return .record(record)
        }
        for name in declarations.keys.sorted() { _ = build(name) }
        self.records = records
        self.computedFields = computedFields
    }

    /// A record type's computed fields typed over its stored fields and each other (one in a cycle, or with an
    /// error, is `any`; the checker reports it), and their expressions lowered where they read other records'
    /// computed fields. A name a stored field has stays the stored field's.
    private static func computed(
        _ lets: [NamedValue], of record: RecordType, lowering others: [String: ComputedFields]
    ) -> (fields: [RecordType.Field], lowered: ComputedFields) {
        let stored = Dictionary(record.fields.map { ($0.name, $0.type) }, uniquingKeysWith: { first, _ in first })
        let own = lets.filter { stored[$0.name.text] == nil }
        let types = CheckRun.namedValueTypes(own, in: stored).types
        let visible = stored.merging(types) { existing, _ in existing }
        var bodies: [String: Expression] = [:]
        var fields: [RecordType.Field] = []
        for named in own where bodies[named.name.text] == nil {
            guard let parsed = try? Expression.parse(named.value.text) else { continue }
            let reads = TypeChecker(scope: TypeBindings(visible)).analyze(parsed).computedReads
            bodies[named.name.text] = parsed.lowering(reads, fields: others)
            fields.append(RecordType.Field(name: named.name.text, type: types[named.name.text] ?? .any))
        }
        let typed = Dictionary(fields.map { ($0.name, $0.type) }, uniquingKeysWith: { first, _ in first })
        return (
            fields, ComputedFields(record: record.name ?? "", bodies: bodies, types: typed, names: fields.map(\.name))
        )
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
