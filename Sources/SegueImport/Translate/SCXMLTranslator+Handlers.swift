import SegueDiagnostics

/// Transitions as handlers: which keys a transition is written under, and in which order the keys and their
/// alternatives go so the flow picks the transition SCXML picks.
extension SCXMLTranslator {
    /// A transition's event descriptors as handler keys, without a `done.state.<id>` SCXML never raises (`<id>` no
    /// compound state with a final child, nor a parallel state): that transition never fires, and the flow leaves
    /// the key out (warning I009). A chart that raises such an event itself is refused (I005): the flow keeps
    /// `done.state.` events for the states that complete.
    mutating func handlerKeys(_ events: String, at range: SourceRange) -> [String] {
        var keys: [String] = []
        for written in events.split(whereSeparator: \.isWhitespace) {
            let key = outline.events.descriptor(String(written))
            guard let state = outline.doneStateName(key) else {
                keys.append(key)
                continue
            }
            let why =
                outline.nodes.values.contains { $0.name == state }
                ? "that state has no final child and is no parallel state with regions"
                : "no state has that id"
            if outline.neverFires(key) {
                diagnostics.append(
                    .warning(
                        .decidedStatically,
                        "SCXML never raises `\(written)`: \(why); the transition never fires on it, so the flow "
                            + "leaves it out", at: range))
            } else {
                diagnostics.append(
                    .error(
                        .unsupported,
                        "the chart raises `\(written)` itself, which the flow cannot: \(why), and a flow's "
                            + "`done.state.` events are its completing states'", at: range))
            }
        }
        return keys
    }

    /// Handler keys with their alternatives in document order. A key holds every transition whose descriptor takes
    /// all of the key's events, and comes before the more general keys it falls under (`entering.s011` before
    /// `entering`): the first transition in document order wins across keys, as in SCXML.
    ///
    /// Each key is looked up by the few descriptors that can take it (its prefixes on dot boundaries, with and
    /// without `.*`, and `*`), never matched against every other key: a state with thousands of transitions
    /// translates in time proportional to them.
    static func handlers(_ transitions: [(descriptors: [String], alternative: YAMLTree)]) -> [(String, [YAMLTree])] {
        var keys: [String] = []
        var known: Set<String> = []
        // Which transitions (by index, in document order) each descriptor is written on.
        var writtenOn: [String: [Int]] = [:]
        for (index, transition) in transitions.enumerated() {
            for key in transition.descriptors {
                if writtenOn[key]?.last != index { writtenOn[key, default: []].append(index) }
                guard known.insert(key).inserted else { continue }
                let general = Set(generalDescriptors(of: key)).intersection(known).subtracting([key])
                keys.insert(key, at: general.isEmpty ? keys.count : keys.firstIndex(where: general.contains)!)
            }
        }
        return keys.map { key in
            let taking = ([key] + generalDescriptors(of: key)).compactMap { writtenOn[$0] }
            var alternatives: [YAMLTree] = []
            for index in Set(taking.joined()).sorted() {
                alternatives.append(transitions[index].alternative)
                // None after an unguarded one is ever tried.
                if case .mapping(let fields) = transitions[index].alternative,
                    !fields.contains(where: { $0.key == "when" })
                {
                    break
                }
            }
            return (key, alternatives)
        }
    }

    /// The descriptors that take every event `key` takes (`EventDescriptor.matches`): `key` with or without its
    /// `.*`, each prefix of it on dot boundaries with and without `.*`, and `*`.
    static func generalDescriptors(of key: String) -> [String] {
        guard key != "*" else { return [] }
        let name = key.hasSuffix(".*") ? String(key.dropLast(2)) : key
        var found = [name, name + ".*"]
        var end = name.endIndex
        while let dot = name[..<end].lastIndex(of: ".") {
            found += [String(name[..<dot]), String(name[..<dot]) + ".*"]
            end = dot
        }
        return found + ["*"]
    }
}
