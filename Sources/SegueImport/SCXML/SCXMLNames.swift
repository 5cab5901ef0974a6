import Foundation

/// How SCXML ids and event names become Segue names: identifiers joined by dots, every run of other characters one
/// `_`, a leading digit guarded by `_` (`s-1` → `s_1`, `1a` → `_1a`).
enum SCXMLNames {
    static func identifier(_ text: String) -> String {
        var result = ""
        var pendingUnderscore = false
        for scalar in text.unicodeScalars {
            if scalar == "_" || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                if pendingUnderscore { result += "_" }
                pendingUnderscore = false
                result.unicodeScalars.append(scalar)
            } else {
                pendingUnderscore = true
            }
        }
        if pendingUnderscore || result.isEmpty { result += "_" }
        if let first = result.unicodeScalars.first, ("0"..."9").contains(first) { result = "_" + result }
        return result
    }

    /// An event name, dot by dot (`done.state.s-1` → `done.state.s_1`).
    static func event(_ text: String) -> String {
        text.split(separator: ".", omittingEmptySubsequences: true).map { identifier(String($0)) }
            .joined(separator: ".")
    }

    /// A transition's event descriptor as a handler key: `*` stays, a trailing `.*` or `.` goes (SCXML reads
    /// `foo`, `foo.` and `foo.*` alike).
    /// `naming` names the event the descriptor keeps (the document's `EventNames.event`).
    static func descriptor(_ text: String, naming: (String) -> String = event) -> String {
        if text == "*" { return "*" }
        let kept = trimmed(text)
        return kept.isEmpty ? "*" : naming(kept)  // `.*` reads as `*`
    }

    /// A descriptor without its trailing `.*` or `.`: the event name it matches by prefix.
    static func trimmed(_ text: String) -> String {
        var trimmed = Substring(text)
        if trimmed.hasSuffix(".*") { trimmed = trimmed.dropLast(2) }
        while trimmed.hasSuffix(".") { trimmed = trimmed.dropLast() }
        return String(trimmed)
    }

    /// SCXML's CSS2 duration (`1s`, `.5s`, `500ms`, `2m`) in Segue's syntax, or nil.
    static func duration(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let units: [(String, Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600), ("d", 86400)]
        for (unit, scale) in units where trimmed.hasSuffix(unit) {
            let number = String(trimmed.dropLast(unit.count))
            guard !number.isEmpty, number.allSatisfy({ $0.isNumber || $0 == "." }),
                number.filter({ $0 == "." }).count <= 1, let value = Double(number)
            else { return nil }
            if unit == "ms" || unit == "s" {
                return (number.hasPrefix(".") ? "0" + number : number) + unit
            }
            let seconds = value * scale
            return seconds == seconds.rounded() ? "\(Int(seconds))s" : "\(seconds)s"
        }
        return nil
    }
}
