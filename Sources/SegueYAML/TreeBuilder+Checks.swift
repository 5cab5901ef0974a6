import SegueDiagnostics

extension TreeBuilder {
    /// Adds a key-value pair to a mapping being built, or records a `<<` merge.
    mutating func addEntry(key: Node, value: Node, valueSite: SourceRange, toFrame frame: Int) {
        if let keyScalar = key.scalar, keyScalar.style == .plain, keyScalar.text == "<<",
            key.tag == nil || key.tag == ScalarResolver.standardPrefix + "merge"
        {
            if case .mapping = value.content {
                stack[frame].mapping.addMerge([value])
            } else if let items = value.sequence, items.allSatisfy({ $0.mapping != nil }) {
                stack[frame].mapping.addMerge(items)
            } else {
                diagnostics.append(
                    .error(
                        .invalidMerge,
                        "the merge key `<<` takes a mapping or a sequence of mappings, not \(value.kindDescription)",
                        at: valueSite,
                        notes: [DiagnosticNote("write `<<: *anchor` or `<<: [*first, *second]`")]))
            }
            return
        }
        let name = key.scalar?.text ?? ""
        if let first = stack[frame].mapping.existing(named: name) {
            diagnostics.append(
                .error(
                    .duplicateKey, "duplicate key `\(name)` in this mapping", at: key.range,
                    notes: [DiagnosticNote("`\(name)` is first defined here", at: first.key.range)]))
            return
        }
        stack[frame].mapping.append(MappingEntry(key: key, value: value), named: name)
    }

    /// Adds `nodes` to the alias-expansion count; false (after reporting) when that passes the limit.
    mutating func count(_ nodes: Int, at range: SourceRange) -> Bool {
        let (sum, overflow) = expansion.addingReportingOverflow(nodes)
        expansion = overflow ? Int.max : sum
        guard expansion > limits.maxAliasExpansion else { return true }
        diagnostics.append(
            .error(
                .aliasExpansion,
                "with aliases expanded, this document would hold more than \(limits.maxAliasExpansion) nodes",
                at: range,
                notes: [
                    DiagnosticNote(
                        "each alias counts as a full copy of its anchored node; this guards against alias bombs")
                ]))
        return false
    }

    /// Reports a scalar whose tag or form did not give a value.
    mutating func report(_ problem: ScalarResolver.Problem, text: String, at range: SourceRange) {
        switch problem {
        case .tagMismatch(let tag):
            let shown = ScalarResolver.display(tag)
            let what =
                switch shown {
                case "!!int": "an integer"
                case "!!float": "a number"
                case "!!bool": "a boolean (true or false)"
                case "!!null": "null"
                case "!!seq": "a sequence"
                case "!!map": "a mapping"
                default: shown
                }
            diagnostics.append(.error(.tagMismatch, "`\(text)` is tagged \(shown) but is not \(what)", at: range))
        case .integerOutOfRange:
            diagnostics.append(
                .error(
                    .integerOutOfRange,
                    "integer `\(text)` does not fit in 64 bits (\(Int.min) to \(Int.max))", at: range,
                    notes: [DiagnosticNote("quote it to keep it as text")]))
        case .unknownTag(let tag):
            reportUnknownTag(tag, at: range)
        }
    }

    /// Checks a sequence's or mapping's explicit tag.
    mutating func checkTag(_ tag: String?, isMapping: Bool, at range: SourceRange) {
        guard let tag, tag != "!" else { return }
        let expected = ScalarResolver.standardPrefix + (isMapping ? "map" : "seq")
        if tag == expected { return }
        if tag.hasPrefix(ScalarResolver.standardPrefix) {
            diagnostics.append(
                .error(
                    .tagMismatch,
                    "a \(isMapping ? "mapping" : "sequence") cannot be tagged \(ScalarResolver.display(tag))",
                    at: range))
        } else {
            reportUnknownTag(tag, at: range)
        }
    }

    private mutating func reportUnknownTag(_ tag: String, at range: SourceRange) {
        diagnostics.append(
            .warning(
                YAMLCode.unknownTag.rawValue, "unknown tag `\(ScalarResolver.display(tag))` is ignored", at: range))
    }
}
