import SegueCheck
import SegueDiagnostics
import SegueModel
import Testing

/// The checker's symbol table: every declaration with its range, every reference where the checks resolve it.
@Suite struct SymbolTableTests {
    static let flow = """
        segue: 1
        flow: t
        start: home
        types:
          Entry:
            text: string
            let:
              loud: "upper(text)"
              louder: "loud + '!'"
        events:
          saved: { entry: Entry }
        services:
          board:
            kind: custom
            operations:
              add: { parameters: { text: string }, result: Entry }
        functions:
          twice: { parameters: { n: int }, value: "n * 2" }
        data:
          count: { type: int, default: 0 }
          entries: { type: list<Entry>, default: [] }
        let:
          double: "twice(count)"
        components:
          row:
            parameters:
              entry: Entry
            let:
              shout: "entry.loud"
            elements:
              - text: caption
                value: "${entry.loud} ${shout} ${count}"
        screens:
          home:
            parameters:
              title: { type: string, default: "'Hi'" }
            data:
              count: { type: string, default: "''" }
              latest: { type: "Entry?", default: null }
            elements:
              - field: name
              - text: shown
                value: "${title} ${count} ${double} ${form.name}"
                visible: state.idle
              - list: items
                items: "entries.filter(count => count.text != '')"
                item: { use: row, with: { entry: item } }
              - button: go
                label: Go
                tap:
                  - set: { count: form.name, form.name: "''" }
                  - let: { total: "'x'" }
                  - foreach: entries
                    item: each
                    do: [{ set: { count: "each.text + total" } }]
                  - call: board.add
                    with: { text: count }
                    as: latest
                    error: []
                  - send: saved
                    with: { entry: "{text: 'a'}" }
                  - goto: busy
                  - present: other
            states:
              idle: {}
              busy:
                states:
                  inner: { final: true }
            on:
              saved: [{ goto: idle }, { set: { latest: event.entry } }]
              done.state.busy: [{ goto: idle }]
          other:
            elements:
              - text: t
                value: "${count}"

        """

    let table = FlowLoader().load(SourceFile(path: "t.yaml", text: Self.flow)).symbols

    /// The occurrences of one thing as `line:column`, a declaration marked `=`, sorted.
    func places(_ kind: SymbolKind, _ name: String, in owner: SymbolOwner = .flow) -> [String] {
        table.occurrences(of: [SymbolID(kind, name, in: owner)]).map {
            "\($0.isDeclaration ? "=" : "")\($0.range.start.line):\($0.range.start.column)"
        }.sorted()
    }

    /// `line:column` of the byte `offset` bytes into the `occurrence`-th `needle` of the flow, `=` first for a
    /// declaration.
    func at(_ needle: String, _ offset: Int = 0, occurrence: Int = 1, declaration: Bool = false) -> String {
        var rest = Self.flow[...]
        for _ in 1..<occurrence { rest = rest[rest.range(of: needle)!.upperBound...] }
        let found = rest.range(of: needle)!.lowerBound
        let before = Self.flow[..<found]
        let line = before.filter { $0 == "\n" }.count + 1
        let column = before.utf8.count - (before.lastIndex(of: "\n").map { before[...$0].utf8.count } ?? 0) + 1
        return "\(declaration ? "=" : "")\(line):\(column + offset)"
    }

    @Test func theFlowChecksClean() {
        let result = FlowLoader().load(SourceFile(path: "t.yaml", text: Self.flow))
        #expect(result.checked != nil, "\(result.diagnostics.map(\.message))")
    }

    @Test func screensAreDeclaredUnderScreensAndNamedByStartAndNavigations() {
        #expect(places(.screen, "home") == [at("start: home", 7), at("  home:", 2, declaration: true)].sorted())
        #expect(places(.screen, "other") == [at("  other:", 2, declaration: true), at("present: other", 9)].sorted())
    }

    @Test func aScreensDataHidesTheFlowsOfTheSameName() {
        #expect(
            places(.data, "count") == [
                at("count: { type: int", declaration: true), at("twice(count)", 6), at("${count}\"\n", 2),
                at("${count}\"\n", 2, occurrence: 2),
            ].sorted(), "the flow's named value, the component and the other screen read the flow's")
        #expect(
            places(.data, "count", in: .screen("home")) == [
                at("count: { type: string", declaration: true), at("${title} ${count}", 11),
                at("set: { count: form.name", 7), at("set: { count: \"each", 7), at("with: { text: count }", 14),
            ].sorted(), "home's expressions read home's own, and `set:` writes it")
        #expect(
            places(.data, "latest", in: .screen("home")) == [
                at("latest: { type:", declaration: true), at("as: latest", 4), at("set: { latest: event", 7),
            ].sorted())
    }

    @Test func aComponentsNamedValueIsItsOwn() {
        #expect(
            places(.namedValue, "shout", in: .component("row")) == [
                at("shout: \"entry", declaration: true), at("${shout}", 2),
            ].sorted())
    }

    @Test func aNameAFunctionArgumentBindsIsNotTheScopes() {
        let filter = at("entries.filter(count")
        let line = filter.prefix { $0 != ":" }
        let all = table.occurrences.map { "\($0.range.start.line)" }
        #expect(all.filter { $0 == line }.count == 1, "only `entries` on that line")
        #expect(places(.data, "entries").contains(filter))
    }

    @Test func parametersAreDeclaredAndNamedByArgumentsAndReads() {
        #expect(
            places(.parameter, "entry", in: .component("row")) == [
                at("entry: Entry\n    let", declaration: true), at("shout: \"entry", 8), at("${entry.loud} ${shout}", 2),
                at("with: { entry: item }", 8),
            ].sorted())
        #expect(places(.parameter, "title", in: .screen("home")).contains(at("${title}", 2)))
        #expect(
            places(.parameter, "n", in: .function("twice")) == [
                at("{ n: int }", 2, declaration: true), at("\"n * 2", 1),
            ].sorted())
    }

    @Test func formFieldsAndStatesReadInExpressionsAndWritten() {
        #expect(
            places(.element, "name", in: .screen("home")) == [
                at("- field: name", 9, declaration: true), at("${form.name}", 7),
                at("set: { count: form.name", 19), at("form.name: \"''", 5),
            ].sorted())
        #expect(
            places(.state, "idle", in: .screen("home")) == [
                at("idle: {}", declaration: true), at("state.idle", 6), at("saved: [{ goto: idle", 16),
                at("busy: [{ goto: idle", 15),
            ].sorted())
        #expect(places(.state, "busy", in: .screen("home")).contains(at("done.state.busy", 11)))
        #expect(places(.state, "busy", in: .screen("home")).contains(at("goto: busy", 6)))
    }

    @Test func eventsServicesTypesFunctionsAndComputedFields() {
        #expect(
            places(.event, "saved") == [
                at("saved: { entry", declaration: true), at("- send: saved", 8), at("saved: [{ goto"),
            ].sorted())
        #expect(
            places(.parameter, "entry", in: .event("saved")) == [
                at("entry: Entry }", declaration: true), at("with: { entry: \"{text", 8), at("event.entry", 6),
            ].sorted())
        #expect(places(.service, "board") == [at("board:", declaration: true), at("call: board.add", 6)].sorted())
        #expect(
            places(.operation, "add", in: .service("board")) == [
                at("add: { parameters", declaration: true), at("call: board.add", 12),
            ].sorted())
        let entry = places(.type, "Entry")
        #expect(entry.contains(at("  Entry:", 2, declaration: true)))
        #expect(entry.contains(at("list<Entry>", 5)), "inside an annotation")
        #expect(entry.contains(at("\"Entry?\"", 1)), "inside a quoted annotation")
        #expect(entry.contains(at("result: Entry", 8)))
        #expect(places(.function, "twice") == [at("twice: {", declaration: true), at("twice(count)")].sorted())
        #expect(
            places(.computedField, "loud", in: .type("Entry")) == [
                at("loud: \"upper", declaration: true), at("\"loud + '!'", 1), at("shout: \"entry.loud", 14),
                at("${entry.loud}", 8),
            ].sorted())
    }

    @Test func anActionListsOwnNamesAreApartFromEveryOther() {
        let total = table.occurrences.filter { $0.id.name == "total" }
        #expect(total.count == 2, "declared by `let:`, read in the loop")
        #expect(Set(total.map(\.id)).count == 1)
        let each = table.occurrences.filter { $0.id.name == "each" }
        #expect(each.count == 2 && Set(each.map(\.id)).count == 1)
        #expect(each.first?.id.owner != total.first?.id.owner)
    }

    @Test func theOutlinesDeclarationsNestAndSayWhatTheyAre() {
        let inner = table.declarations.first { $0.id == SymbolID(.state, "inner", in: .screen("home")) }
        #expect(inner?.container == SymbolID(.state, "busy", in: .screen("home")))
        let field = table.declarations.first { $0.id == SymbolID(.element, "name", in: .screen("home")) }
        #expect(field?.detail == "field")
        #expect(table.declarations.first { $0.id == SymbolID(.data, "entries") }?.detail == "list<Entry>")
    }

    @Test func aFlowWithErrorsKeepsTheNamesTheChecksGotTo() {
        let broken = Self.flow.replacingOccurrences(of: "- present: other", with: "- present: otter")
        let result = FlowLoader().load(SourceFile(path: "t.yaml", text: broken))
        #expect(result.hasErrors && result.checked == nil)
        #expect(result.symbols.occurrences.contains { $0.id == SymbolID(.screen, "otter") && !$0.isDeclaration })
        #expect(result.symbols.occurrences.contains { $0.id == SymbolID(.data, "entries") && $0.isDeclaration })
    }

    @Test func aCheckedFlowCarriesItsTable() throws {
        let result = FlowLoader().load(SourceFile(path: "t.yaml", text: Self.flow))
        let checked = try #require(result.checked)
        #expect(checked.symbols.occurrences.count == result.symbols.occurrences.count)
    }

    @Test func anImportedComponentIsDeclaredInItsOwnFile() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let directory = scratch.path
        try scratch.write("common.yaml", "segue: 1\ncomponents:\n  card:\n    elements:\n      - text: caption\n        value: Hi\n")
        let main = "segue: 1\nflow: app\nstart: home\nimports: [common.yaml]\nscreens:\n  home:\n    elements:\n      - use: card\n"
        let result = FlowLoader(root: ProjectRoot(directory)).load(SourceFile(path: directory + "/app.yaml", text: main))
        let card = result.symbols.occurrences(of: [SymbolID(.component, "card")])
        #expect(card.filter(\.isDeclaration).map(\.range.path) == [directory + "/common.yaml"])
        #expect(card.filter { !$0.isDeclaration }.map(\.range.start.line) == [8])
    }
}
