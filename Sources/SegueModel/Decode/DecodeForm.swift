import SegueDiagnostics
import SegueYAML

extension FlowDecoder {
    mutating func decodeField(_ reader: inout MappingReader) -> FormField? {
        let kind = reader.take("kind").flatMap { keyword($0, as: FormField.Kind.self, context: "`kind`") } ?? .text
        var field = FormField(
            kind: kind, placeholder: reader.take("placeholder").flatMap { template($0, context: "`placeholder`") },
            label: reader.take("label").flatMap { template($0, context: "`label`") },
            rules: reader.take("rules").map { decodeRules($0) } ?? [], multiline: nil, crop: nil,
            initial: reader.take("initial").flatMap { expression($0, context: "`initial`") })
        if let node = reader.take("samples") {
            field.samples = items(node).compactMap { string($0, context: "an item of `samples`") }
        }
        field.change = reader.take("change").map { actions($0, context: "`change`") }
        // `submit` in a multiline or photo field is refused by `finish`, as the vocabulary says.
        field.submit = reader.take("submit").map { actions($0, context: "`submit`") }
        // `multiline` without `kind: multiline` and `crop` without `kind: photo` are refused by `finish`.
        if let node = reader.take("multiline") {
            field.multiline = decodeMultiline(node)
        } else if kind == .multiline {
            field.multiline = MultilineOptions(minLines: 1, grows: true, maxLines: nil)
        }
        if let node = reader.take("crop") {
            field.crop = decodeCrop(node)
        } else if kind == .photo {
            field.crop = CropOptions(aspect: 1, minZoom: 1, maxZoom: 4, rotation: false, maxSide: 1024)
        }
        return field
    }

    mutating func decodeMultiline(_ node: Node) -> MultilineOptions? {
        guard var reader = mapping(node, at: .multiline, context: "`multiline`") else { return nil }
        let minLines = reader.take("min_lines").flatMap { int($0, context: "`min_lines`", minimum: 1) } ?? 1
        let grows = reader.take("grows").flatMap { bool($0, context: "`grows`") } ?? true
        let maxLines = reader.take("max_lines").flatMap { int($0, context: "`max_lines`", minimum: 1) }
        if let maxLines, maxLines < minLines {
            error(
                DiagnosticCode.invalidValue, "`max_lines` (\(maxLines)) is below `min_lines` (\(minLines))",
                at: node.range)
        }
        finish(reader)
        return MultilineOptions(minLines: minLines, grows: grows, maxLines: maxLines)
    }

    mutating func decodeCrop(_ node: Node) -> CropOptions? {
        guard var reader = mapping(node, at: .crop, context: "`crop`") else { return nil }
        let aspect = reader.take("aspect").flatMap { number($0, context: "`aspect`") } ?? 1
        let minZoom = reader.take("min_zoom").flatMap { number($0, context: "`min_zoom`") } ?? 1
        let maxZoom = reader.take("max_zoom").flatMap { number($0, context: "`max_zoom`") } ?? 4
        let rotation = reader.take("rotation").flatMap { bool($0, context: "`rotation`") } ?? false
        let maxSide = reader.take("max_side").flatMap { int($0, context: "`max_side`", minimum: 16) } ?? 1024
        if aspect <= 0 { error(DiagnosticCode.invalidValue, "`aspect` must be positive", at: node.range) }
        if minZoom < 1 || maxZoom < minZoom {
            error(
                DiagnosticCode.invalidValue,
                "zoom must satisfy 1 ≤ `min_zoom` ≤ `max_zoom` (the photo always covers the frame)", at: node.range)
        }
        finish(reader)
        return CropOptions(aspect: aspect, minZoom: minZoom, maxZoom: maxZoom, rotation: rotation, maxSide: maxSide)
    }

    /// `[required, single_word, url, { max_length: 550 }, { pattern: "^[a-z]+$", message: "…" }]`.
    mutating func decodeRules(_ node: Node) -> [FieldRule] {
        guard let list = node.sequence else {
            typeMismatch(node, expected: "a list of rules", context: "`rules`")
            return []
        }
        return list.compactMap { decodeRule($0) }
    }

    mutating func decodeRule(_ node: Node) -> FieldRule? {
        if node.scalar != nil {
            guard let text = string(node, context: "a rule") else { return nil }
            return ruleKind(text, parameter: nil, at: node.range).map {
                FieldRule(kind: $0, message: nil, range: node.range)
            }
        }
        guard var reader = mapping(node, at: nil, context: "a rule") else { return nil }
        guard let head = reader.entries.first(where: { $0.name != "message" }) else {
            error(DiagnosticCode.missingKey, "a rule names its kind, e.g. `{ max_length: 550 }`", at: node.range)
            return nil
        }
        if Vocabulary.ruleKindNames.contains(head.name) { reader.enter(.rule(head.name)) }
        let message = reader.take("message").flatMap { string($0, context: "`message`") }
        reader.consume(head.name)
        let kind = ruleKind(head.name, parameter: head.value, at: head.key.range)
        finish(reader)
        return kind.map { FieldRule(kind: $0, message: message, range: node.range) }
    }

    private mutating func ruleKind(_ name: String, parameter: Node?, at range: SourceRange) -> FieldRule.Kind? {
        switch name {
        case "required", "single_word", "url":
            if let parameter, bool(parameter, context: "`\(name)`") != true {
                return nil
            }
            return name == "required" ? .required : name == "single_word" ? .singleWord : .url
        case "max_length", "min_length":
            guard let parameter else {
                error(DiagnosticCode.missingKey, "`\(name)` needs a length: `{ \(name): 100 }`", at: range)
                return nil
            }
            guard let length = int(parameter, context: "`\(name)`") else { return nil }
            if length <= 0, name == "max_length" {
                error(
                    DiagnosticCode.invalidValue, "`max_length` must be greater than 0, found \(length)",
                    at: parameter.range)
                return nil
            }
            if length < 0 {
                error(DiagnosticCode.invalidValue, "`min_length` cannot be negative", at: parameter.range)
                return nil
            }
            return name == "max_length" ? .maxLength(length) : .minLength(length)
        case "pattern":
            guard let parameter, let text = string(parameter, context: "`pattern`") else {
                if parameter == nil {
                    error(DiagnosticCode.missingKey, "`pattern` needs a regular expression", at: range)
                }
                return nil
            }
            return .pattern(text)
        default:
            unknownKind(name, what: "rule", plural: "rules", among: Vocabulary.ruleKindNames, at: range)
            return nil
        }
    }
}
