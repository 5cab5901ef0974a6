import Foundation
import SegueDiagnostics
import SegueExpression
import SegueModel

extension CheckRun {
    mutating func checkElements(_ elements: [Element], in scope: Scope) {
        for element in elements { checkElement(element, in: scope) }
    }

    mutating func checkElement(_ element: Element, in scope: Scope) {
        if let visible = element.visible { check(visible, in: scope, expecting: .bool, role: "`visible`") }
        if let enabled = element.enabled { check(enabled, in: scope, expecting: .bool, role: "`enabled`") }
        if let style = element.style {
            check(style, in: scope, role: "`style`")
            checkStyle(style)
        }
        var tapScope = scope
        switch element.kind {
        case .text(let text):
            check(text.value, in: scope, role: "`value`")
            if let width = text.width { check(width, in: scope, expecting: .number, role: "`width`") }
        case .image(let image):
            check(image.source, in: scope, role: "`source`")
        case .button(let button):
            check(button.label, in: scope, role: "`label`")
            if let icon = button.icon { check(icon, in: scope, role: "`icon`") }
        case .field(let field):
            for text in [field.placeholder, field.label].compactMap({ $0 }) { check(text, in: scope, role: "the text") }
            if let initial = field.initial { check(initial, in: scope, expecting: .string, role: "`initial`") }
            for rule in field.rules { checkRule(rule) }
            let editScope = scope.binding(
                ImplicitName.event.rawValue,
                .record(RecordType(name: nil, fields: [.init(name: "value", type: .string)])))
            checkActions(field.change ?? [], in: editScope)
            checkActions(field.submit ?? [], in: editScope)
        case .list(let list):
            let items = check(list.items, in: scope, expecting: .list(.any), role: "`items`")
            let itemType = items?.elementType ?? .any
            let itemScope = scope.binding(ImplicitName.item.rawValue, itemType).binding(
                ImplicitName.index.rawValue, .int)
            checkUse(list.item, in: itemScope)
            tapScope = itemScope.binding(
                ImplicitName.event.rawValue,
                .record(
                    RecordType(
                        name: nil,
                        fields: [
                            .init(name: ImplicitName.item.rawValue, type: itemType),
                            .init(name: ImplicitName.index.rawValue, type: .int),
                        ])))
            if let columns = list.columns { check(columns, in: scope, expecting: .int, role: "`columns`") }
            if let width = list.cellWidth { check(width, in: scope, expecting: .number, role: "`cell_width`") }
            if let height = list.cellHeight { check(height, in: scope, expecting: .number, role: "`cell_height`") }
            if let hasMore = list.paging?.hasMore { check(hasMore, in: scope, expecting: .bool, role: "`has_more`") }
            if let nearEnd = list.paging?.nearEnd { refer(.event, nearEnd) }
            if let empty = list.empty { check(empty, in: scope, role: "`empty`") }
        case .slider(let slider):
            check(slider.value, in: scope, expecting: .number, role: "a slider's `value`")
            if let label = slider.label { check(label, in: scope, role: "`label`") }
            let changeScope = scope.binding(
                ImplicitName.event.rawValue,
                .record(RecordType(name: nil, fields: [.init(name: "value", type: .number)])))
            checkActions(slider.change ?? [], in: changeScope)
        case .picker(let picker):
            let options = check(picker.options, in: scope, expecting: .list(.any), role: "`options`")
            check(picker.selected, in: scope, role: "`selected`")
            if let label = picker.label { check(label, in: scope, role: "`label`") }
            let changeScope = scope.binding(
                ImplicitName.event.rawValue,
                .record(RecordType(name: nil, fields: [.init(name: "value", type: options?.elementType ?? .any)])))
            checkActions(picker.change ?? [], in: changeScope)
        case .lines(let lines):
            let items = check(lines.items, in: scope, expecting: .list(.any), role: "`items`")
            if let item = lines.item {
                checkUse(
                    item,
                    in: scope.binding(ImplicitName.item.rawValue, items?.elementType ?? .any).binding(
                        ImplicitName.index.rawValue, .int))
            }
            if let marker = lines.endMarker { check(marker, in: scope, role: "`end_marker`") }
            checkElements(lines.footer, in: scope)
        case .meter(let meter):
            check(meter.level, in: scope, expecting: .number, role: "a meter's `level`")
        case .progress(let progress):
            check(progress.value, in: scope, expecting: .number, role: "a progress bar's `value`")
            if let label = progress.label { check(label, in: scope, role: "`label`") }
        case .component(let use):
            checkUse(use, in: scope)
        }
        if let tap = element.tap { checkActions(tap, in: tapScope) }
    }

    /// The component exists, every argument is a parameter of a fitting type, every parameter without default is given.
    mutating func checkUse(_ use: ComponentUse, in scope: Scope) {
        refer(.component, use.component)
        guard let component = components[use.component.text] else {
            let suggestion = Suggestion.closest(to: use.component.text, in: components.keys)
            report(
                .error(
                    CheckCode.unknownComponent,
                    "unknown component `\(use.component.text)`"
                        + Suggestion.didYouMean(use.component.text, in: components.keys),
                    at: use.component.range,
                    fixIts: suggestion.map { [FixIt(range: use.component.range, replacement: $0)] } ?? []))
            for argument in use.arguments { check(argument.value, in: scope, role: "argument `\(argument.name.text)`") }
            return
        }
        checkArguments(
            use.arguments, against: component.parameters.map { ($0.name.text, $0.type.text, $0.defaultValue == nil) },
            in: scope, owner: "component `\(component.name.text)`", at: use.component.range,
            declaredBy: .component(component.name.text), unknownCode: CheckCode.unknownComponentArgument, missingCode: CheckCode.missingComponentArgument)
    }

    /// Arguments against declared parameters (name, type, required): unknown ones, missing ones, wrong types; each
    /// argument named a parameter of `declaredBy` (a screen's or component's) in the symbol table.
    mutating func checkArguments(
        _ arguments: [Assignment], against parameters: [(name: String, type: String, required: Bool)], in scope: Scope,
        owner: String, at range: SourceRange, declaredBy: SymbolOwner? = nil, unknownCode: String,
        missingCode: String
    ) {
        let names = parameters.map(\.name)
        for argument in arguments {
            guard let parameter = parameters.first(where: { $0.name == argument.name.text }) else {
                let suggestion = Suggestion.closest(to: argument.name.text, in: names)
                let declared = names.isEmpty ? "; it takes none" : Suggestion.didYouMean(argument.name.text, in: names)
                report(
                    .error(
                        unknownCode, "\(owner) has no parameter `\(argument.name.text)`\(declared)",
                        at: argument.name.range,
                        notes: names.isEmpty || suggestion != nil
                            ? [] : [DiagnosticNote("parameters: " + names.joined(separator: ", "))],
                        fixIts: suggestion.map { [FixIt(range: argument.name.range, replacement: $0)] } ?? []))
                check(argument.value, in: scope, role: "argument `\(argument.name.text)`")
                continue
            }
            if let declaredBy { refer(.parameter, argument.name, in: declaredBy) }
            check(
                argument.value, in: scope, expecting: types.lenient(parameter.type),
                role: "argument `\(argument.name.text)` of \(owner)", code: CheckCode.argumentTypeMismatch)
        }
        let given = Set(arguments.map(\.name.text))
        let missing = parameters.filter { $0.required && !given.contains($0.name) }.map(\.name)
        if !missing.isEmpty {
            let list = missing.map { "`\($0)`" }.joined(separator: ", ")
            report(
                .error(
                    missingCode, "\(owner) needs \(missing.count == 1 ? "argument" : "arguments") \(list)", at: range))
        }
    }

    /// A literal style name must be one of the theme's `styles`, when the theme declares any.
    mutating func checkStyle(_ style: ExpressionText) {
        guard style.kind == .template, !style.text.contains("${"), let styles = flow.theme["styles"]?.recordValue
        else { return }
        guard styles[style.text] == nil else { return }
        let names = styles.keys.sorted()
        let range = style.sourceRange(ofTextOffset: 0, length: style.text.utf8.count, in: file(style.range))
        let suggestion = Suggestion.closest(to: style.text, in: names)
        report(
            .error(
                CheckCode.unknownStyle,
                "the theme has no style `\(style.text)`" + Suggestion.didYouMean(style.text, in: names), at: range,
                notes: suggestion == nil ? [DiagnosticNote("styles: " + names.joined(separator: ", "))] : [],
                fixIts: suggestion.map { [FixIt(range: range, replacement: $0)] } ?? []))
    }

    /// A `pattern` rule must compile, so it never fails on every keystroke at run time.
    mutating func checkRule(_ rule: FieldRule) {
        guard case .pattern(let pattern) = rule.kind else { return }
        if CompiledPatterns.regex(pattern) == nil {
            report(
                .error(
                    CheckCode.invalidPattern, "the pattern `\(pattern)` is not a valid regular expression",
                    at: patternRange(pattern, in: rule.range)))
        }
    }

    /// The pattern's text inside the rule, when it is written without escapes; otherwise the whole rule.
    private func patternRange(_ pattern: String, in range: SourceRange) -> SourceRange {
        guard let file = file(range), range.end.offset <= file.bytes.count else { return range }
        let slice = Array(file.bytes[range.start.offset..<range.end.offset])
        let needle = Array(pattern.utf8)
        let key = Array("pattern".utf8)
        guard !needle.isEmpty, slice.count >= key.count + needle.count,
            let keyStart = (0...(slice.count - key.count)).first(where: { Array(slice[$0..<$0 + key.count]) == key })
        else { return range }
        guard keyStart + key.count <= slice.count - needle.count else { return range }
        for start in (keyStart + key.count)...(slice.count - needle.count)
        where Array(slice[start..<start + needle.count]) == needle {
            let offset = range.start.offset + start
            return SourceRange(
                path: range.path, start: file.location(ofOffset: offset),
                end: file.location(ofOffset: offset + needle.count))
        }
        return range
    }
}
