import SegueDiagnostics

extension SCXMLTranslator {
    static let scxmlProcessor = "http://www.w3.org/TR/scxml/#SCXMLEventProcessor"
    static let httpProcessor = "http://www.w3.org/TR/scxml/#BasicHTTPEventProcessor"

    /// `<send>`: to `#_internal` a `send:`; to the chart's own external queue a `send:` with `type: external` and
    /// the send's `id`, inside an `after:` timer when delayed (the timer's `id` is the send's, so `<cancel>` can stop
    /// it, and its `<param>` values are kept from when it was sent). A target or type SCXML says cannot be
    /// delivered becomes the error event SCXML raises instead (`error.execution`, `error.communication`); one
    /// computed at run time (`targetexpr`, `typeexpr`) is the flow's `target:` or `processor:`, and so is any
    /// target of a send whose `idlocation` (`id_as:`) the error must name.
    mutating func send(_ element: XMLElement) -> [YAMLTree] {
        var failed = false
        var computedTarget: String?
        var computedType: String?
        func computed(_ name: String, into slot: inout String?) -> String? {
            guard let attribute = element.attribute(name) else { return nil }
            if let literal = Self.literal(attribute.value) { return literal }
            slot = expression(attribute, construct: "`\(name)`")
            failed = failed || slot == nil
            return nil
        }
        var event = element["event"]
        // `eventexpr` named when sent: `send:` left empty and `event:` computing the name.
        var eventExpression: String?
        if event == nil, let attribute = element.attribute("eventexpr") {
            event = Self.literal(attribute.value)
            if event == nil {
                eventExpression = expression(attribute, construct: "`eventexpr`")
                failed = failed || eventExpression == nil
            }
        }
        var target = element["target"] ?? computed("targetexpr", into: &computedTarget)
        let type = element["type"] ?? computed("typeexpr", into: &computedType)
        let delay = element.attribute("delay") ?? element.attribute("delayexpr")
        var delayText: String?
        if let delay {
            let written = delay.name == "delay" ? delay.value : Self.literal(delay.value)
            if let written, let duration = SCXMLNames.duration(written) {
                delayText = duration
            } else if written != nil || delay.name == "delay" {
                diagnostics.append(
                    .error(
                        .badAttribute, "`\(delay.value)` is not a duration such as `1s` or `500ms`",
                        at: delay.valueRange))
                failed = true
            } else if let value = expression(delay, construct: "`delayexpr`") {
                // Computed when sent: a delayed send's delay may be seconds or a duration text (`'1s'`).
                delayText = value
            } else {
                failed = true
            }
        }
        var idLocation: String?
        if let location = element.attribute("idlocation") {
            idLocation = SCXMLNames.identifier(location.value)
            if idLocation != location.value || !outline.dataIDs.contains(location.value) {
                diagnostics.append(
                    .error(
                        .unsupported, "`idlocation` must name a `<data>` of the chart to be translated",
                        at: location.valueRange))
                failed = true
            }
        }
        // `<content>` is the whole payload (`data:`), any value.
        var data: String?
        if let content = element.children.first(where: { $0.name == "content" }) {
            data = self.content(content)
            failed = failed || data == nil
        }
        for (computed, name) in [
            (eventExpression, "eventexpr"), (computedTarget, "targetexpr"), (computedType, "typeexpr"),
        ]
        where computed != nil && delayText != nil {
            unsupported(element, "a delayed send with a computed `\(name)` is not translated")
            return []
        }
        guard !failed else { return [] }
        guard let event = event ?? eventExpression.map({ _ in "" }) else {
            diagnostics.append(.error(.badAttribute, "`<send>` needs an `event`", at: element.range))
            return []
        }
        if let type, type != Self.scxmlProcessor, type != "scxml" {
            if type == Self.httpProcessor {
                unsupported(element, "the Basic HTTP Event I/O Processor is not translated")
                return []
            }
            return raise("error.execution", at: element, because: "the send type `\(type)` is not supported").map {
                [$0]
            } ?? []
        }
        if idLocation != nil, element.attribute("id") != nil {
            diagnostics.append(
                .error(.badAttribute, "`<send>` takes an `id` or an `idlocation`, not both", at: element.range))
            return []
        }
        if let written = target, written.hasPrefix("#_scxml_") || !written.hasPrefix("#_"), idLocation != nil,
            delayText == nil
        {
            // The error this target raises names the generated id: the flow decides it when sending.
            computedTarget = Self.segueString(written)
            target = nil
        }
        let toInternalQueue = target == "#_internal"
        // Another session: the parent (`#_parent`) or an invoked child (`#_<invokeid>`), Segue's `to:`.
        var session: String?
        if let target, !toInternalQueue {
            if target == "#_parent" {
                session = "parent"
            } else if target.hasPrefix("#_") && !target.hasPrefix("#_scxml_") {
                let id = String(target.dropFirst(2))
                guard outline.invokeIDs.contains(id) else {
                    return raise("error.communication", at: element, because: "no `<invoke>` has the id `\(id)`")
                        .map { [$0] } ?? []
                }
                session = SCXMLNames.identifier(id)
            } else if target.hasPrefix("#_scxml_") {
                return raise("error.communication", at: element, because: "no other session is reachable").map { [$0] }
                    ?? []
            } else {
                return raise("error.execution", at: element, because: "`\(target)` is not a target SCXML can send to")
                    .map { [$0] } ?? []
            }
        }
        var payload: [(String, YAMLTree)] = []
        for child in element.children where child.name != "content" {
            guard child.name == "param" else {
                checkElement(child, expected: [])
                continue
            }
            if let parameter = param(child) { payload.append(parameter) }
        }
        if let names = element.attribute("namelist") {
            for name in names.value.split(whereSeparator: \.isWhitespace).map(String.init) {
                // SCXML raises error.execution for a name that is no declared location, and sends nothing.
                guard SCXMLNames.identifier(name) == name, outline.dataIDs.contains(name) else {
                    return raise(
                        "error.execution", at: element, because: "`\(name)` in `namelist` is not a declared location"
                    ).map { [$0] } ?? []
                }
                guard let value = expression(name, at: names.valueRange, construct: "`namelist`") else { continue }
                payload.append((name, .scalar(value)))
            }
        }
        let name = outline.events.event(event)
        var raised: [(String, YAMLTree)] = [("send", .scalar(name))]
        if let eventExpression {
            raised = [("send", .plain("~")), ("event", .scalar(eventExpression))]
        } else if session == nil, !outline.handles(name) {
            return dropped(
                name, at: element, payload: data.map { [("data", .scalar($0))] } ?? payload,
                computedTarget: computedTarget, computedType: computedType, idLocation: idLocation)
        }
        if let data {
            raised.append(("data", .scalar(data)))
        } else if !payload.isEmpty {
            raised.append(("with", .map(payload)))
        }
        if let computedTarget { raised.append(("target", .scalar(computedTarget))) }
        if let computedType { raised.append(("processor", .scalar(computedType))) }
        if let session {
            raised.append(("to", .scalar(session)))
            if let id = element["id"] { raised.append(("id", .scalar(id))) }
        } else if !toInternalQueue {
            // The chart's own external queue (a computed target's when it gives null): the event waits until the
            // chart has settled.
            raised.append(("type", .scalar("external")))
            if let id = element["id"] { raised.append(("id", .scalar(id))) }
        }
        if let idLocation { raised.append(("id_as", .scalar(idLocation))) }
        if let delayText {
            // Delayed: its payload read now, it outlives the state that sent it; `<cancel>` names its id.
            raised.append(("delay", .scalar(delayText)))
            if toInternalQueue, let id = element["id"] { raised.append(("id", .scalar(id))) }
            if let id = element["id"] { timerIDs.insert(id) }
        }
        return [.map(raised)]
    }

    /// A `<send>` whose event no transition takes: SCXML discards the event, but what sending does first still
    /// happens (an id stored in its `idlocation`, an error its target or type raises: a send that is decided when
    /// it runs, without its delay, since only the id and the error are seen), and the event leaves for the host as
    /// an output event (`emit:`, its payload as `with:`, a `<content>` as `with: { data: … }`), when it is sent.
    private mutating func dropped(
        _ name: String, at element: XMLElement, payload: [(String, YAMLTree)], computedTarget: String?,
        computedType: String?, idLocation: String?
    ) -> [YAMLTree] {
        diagnostics.append(
            .warning(
                .decidedStatically,
                "no transition takes `\(name)`; SCXML discards it, so the flow emits it to the host as an output event instead",
                at: element.range))
        var actions: [YAMLTree] = []
        if computedTarget != nil || computedType != nil || idLocation != nil {
            var send: [(String, YAMLTree)] = [("send", .plain("~")), ("event", .scalar(Self.segueString(name)))]
            if let computedTarget { send.append(("target", .scalar(computedTarget))) }
            if let computedType { send.append(("processor", .scalar(computedType))) }
            send.append(("type", .scalar("external")))
            if let idLocation { send.append(("id_as", .scalar(idLocation))) }
            actions.append(.map(send))
        }
        var emit: [(String, YAMLTree)] = [("emit", .scalar(name))]
        if !payload.isEmpty { emit.append(("with", .map(payload))) }
        actions.append(.map(emit))
        return actions
    }

    /// `send: event`, or nothing (with a warning) when no transition takes it: SCXML would discard it. An error
    /// SCXML raises itself (`platform`, or any with a `reason`) is sent with `type: platform`, as the processor's.
    mutating func raise(
        _ event: String, at element: XMLElement, because reason: String? = nil, platform: Bool = false
    ) -> YAMLTree? {
        if let reason {
            abandonsBlock = true
            diagnostics.append(
                .warning(
                    .decidedStatically, "\(reason); SCXML raises \(event) here, and so does the flow",
                    at: element.range))
        }
        guard outline.handles(event) else {
            diagnostics.append(
                .warning(
                    .decidedStatically,
                    "no transition takes `\(event)`; SCXML discards it, so the flow does not raise it",
                    at: element.range))
            return nil
        }
        guard reason != nil || platform else { return .map([("send", .scalar(event))]) }
        return .map([("send", .scalar(event)), ("type", .scalar("platform"))])
    }

    private mutating func param(_ element: XMLElement) -> (String, YAMLTree)? {
        checkAttributes(element)
        guard let name = element["name"] else {
            diagnostics.append(.error(.badAttribute, "`<param>` needs a `name`", at: element.range))
            return nil
        }
        guard let source = element.attribute("expr") ?? element.attribute("location") else {
            diagnostics.append(.error(.badAttribute, "`<param>` needs an `expr` or a `location`", at: element.range))
            return nil
        }
        guard let value = expression(source, construct: "`<param>`'s `\(source.name)`") else { return nil }
        return (SCXMLNames.identifier(name), .scalar(value))
    }

}
