import Foundation
import SegueDiagnostics
import SegueModel
import SegueYAML

/// One file after YAML and decoding: its flow (if any), whether it is a library, and what went wrong.
struct DecodedUnit {
    var flow: Flow?
    var role: FlowRole
    var diagnostics: [Diagnostic]
    /// The YAML stage reported errors, so the tree (and the flow) may be missing parts.
    var yamlHadErrors: Bool
}

/// Reads the files a flow imports, relative to the importing file, and gathers their components, types and events.
///
/// A cycle (`a.yaml` imports `b.yaml` imports `a.yaml`) is `C001` at the import that closes it; a file that cannot
/// be read is `M008` at its import. Each file is read once, however many files import it.
struct ImportResolver {
    let limits: YAMLLimits
    /// Imports are read only inside it.
    let root: ProjectRoot
    private(set) var diagnostics: [Diagnostic] = []
    private(set) var sources: [SourceFile] = []
    /// Every imported file that decoded, in the order first read, for the checker to check as a library.
    private(set) var libraries: [ImportedLibrary] = []
    private var cache: [String: ImportedDefinitions] = [:]
    /// Where the next file's expression texts are numbered from: each imported file goes on from the files read
    /// before it, so the texts of its components are numbered apart from the importing flow's (`ExpressionID`).
    private var nextExpressionID: Int32 = 0

    init(limits: YAMLLimits, root: ProjectRoot) {
        self.limits = limits
        self.root = root
    }

    /// YAML, then the model; a file with no `flow`, `start` or `screens` is a library of definitions.
    mutating func decode(_ file: SourceFile) -> DecodedUnit {
        var yaml = YAMLLoader(limits: limits).load(file)
        var diagnostics = yaml.diagnostics
        let yamlHadErrors = yaml.diagnostics.hasErrors
        if yaml.root == nil, yamlHadErrors {
            return DecodedUnit(flow: nil, role: .flow, diagnostics: diagnostics, yamlHadErrors: true)
        }
        var root = yaml.root
        // The decoder gets the only reference to the tree, so it can free each screen's nodes once decoded.
        yaml.root = nil
        var role = FlowRole.flow
        if let node = root, let entries = node.mapping,
            !entries.contains(where: { ["flow", "start", "screens"].contains($0.name) })
        {
            role = .library
            root = Self.library(node, entries: entries, name: PathName.lastComponent(of: file.path))
        }
        var decoder = FlowDecoder(file: file, firstExpressionID: nextExpressionID)
        let flow = decoder.decodeFlow(taking: &root)
        nextExpressionID = decoder.nextExpressionID
        diagnostics += decoder.diagnostics
        return DecodedUnit(flow: flow, role: role, diagnostics: diagnostics, yamlHadErrors: yamlHadErrors)
    }

    /// The library's mapping with an id, an empty start and no screens, so the flow decoder reads the rest.
    private static func library(_ node: Node, entries: [MappingEntry], name: String) -> Node {
        func scalar(_ text: String) -> Node {
            Node(.scalar(Scalar(text: text, style: .doubleQuoted, value: .string(text))), range: node.range)
        }
        let added = [
            MappingEntry(key: scalar("flow"), value: scalar(name)),
            MappingEntry(key: scalar("start"), value: scalar("")),
            MappingEntry(key: scalar("screens"), value: Node(.mapping([]), range: node.range)),
        ]
        return Node(.mapping(entries + added), range: node.range, tag: node.tag, anchor: node.anchor)
    }

    /// The definitions of every file `flow` imports, transitively; `chain` holds the canonical paths being imported.
    mutating func definitions(importedBy flow: Flow, at path: String, chain: [String]) -> ImportedDefinitions {
        var result = ImportedDefinitions()
        for name in flow.imports {
            let target = PathName.resolving(name.text, from: path)
            // Outside the root, every import of it says so (one reached two ways is still outside).
            if case .failure(.outside) = root.locate(target) {
                outside(name)
                continue
            }
            let key = FrontEnd.canonical(target)
            if let index = chain.firstIndex(of: key) {
                let loop = (chain[index...] + [key]).map { PathName.lastComponent(of: $0) }
                diagnostics.append(
                    .error(
                        FrontEndCode.importCycle, "import cycle: " + loop.joined(separator: " → "), at: name.range,
                        notes: [DiagnosticNote("move the shared definitions into a file that imports neither")]))
                continue
            }
            if let cached = cache[key] {
                merge(cached, into: &result)
                continue
            }
            switch FrontEnd.readFile(
                target, written: name.text, key: "imports:", root: root, limit: limits.maxFileBytes)
            {
            case .failure(let problem) where problem.outside:
                outside(name)
            case .failure(let problem):
                diagnostics.append(
                    .error(
                        DiagnosticCode.importFailed, "cannot import `\(name.text)`: \(problem.reason)", at: name.range,
                        notes: [DiagnosticNote("imports are read relative to the importing file: `\(target)`")]))
                cache[key] = ImportedDefinitions()
            case .success(let file):
                sources.append(file)
                let unit = decode(file)
                diagnostics += unit.diagnostics
                guard let imported = unit.flow else {
                    cache[key] = ImportedDefinitions()
                    continue
                }
                cache[key] = ImportedDefinitions()  // a placeholder while its own imports load
                let nested = definitions(importedBy: imported, at: target, chain: chain + [key])
                libraries.append(ImportedLibrary(flow: imported, imported: nested, yamlHadErrors: unit.yamlHadErrors))
                var definitions = ImportedDefinitions(
                    components: imported.components, types: imported.types, events: imported.events)
                merge(nested, into: &definitions)
                cache[key] = definitions
                merge(definitions, into: &result)
            }
        }
        return result
    }

    /// The import `name` leads outside the project root: said the same way whether or not a file is there.
    private mutating func outside(_ name: Name) {
        diagnostics.append(
            .error(
                DiagnosticCode.importFailed, root.outsideMessage(key: "imports:", written: name.text), at: name.range,
                notes: [DiagnosticNote(ProjectRoot.outsideNote)]))
    }

    /// Adds definitions not already present from the same file (a file imported twice contributes once).
    private func merge(_ more: ImportedDefinitions, into result: inout ImportedDefinitions) {
        func key(_ name: Name) -> String { name.range.path + "\u{0}" + name.text }
        var components = Set(result.components.map { key($0.name) })
        var types = Set(result.types.map { key($0.name) })
        var events = Set(result.events.map { key($0.name) })
        for component in more.components where components.insert(key(component.name)).inserted {
            result.components.append(component)
        }
        for type in more.types where types.insert(key(type.name)).inserted { result.types.append(type) }
        for event in more.events where events.insert(key(event.name)).inserted { result.events.append(event) }
    }
}
