import Foundation

/// A hand-written check of a decoded SARIF 2.1.0 log against the standard's structure (required properties,
/// allowed property names, value ranges) and what GitHub code scanning requires on top; no schema needed.
///
///     SARIFStructure.problems(in: try JSONSerialization.jsonObject(with: data))  // [] when valid
enum SARIFStructure {
    static func problems(in log: Any) -> [String] {
        var checker = Checker()
        checker.log(log)
        return checker.problems
    }

    private struct Checker {
        var problems: [String] = []

        mutating func fail(_ path: String, _ problem: String) { problems.append("\(path): \(problem)") }

        /// The object at `path`, with no property outside `allowed` and every one in `required`.
        mutating func object(_ value: Any?, _ path: String, required: [String], allowed: [String]) -> [String: Any]? {
            guard let object = value as? [String: Any] else {
                fail(path, "expected an object")
                return nil
            }
            for key in required where object[key] == nil { fail(path, "missing required property `\(key)`") }
            for key in object.keys where !(required + allowed).contains(key) { fail(path, "unknown property `\(key)`") }
            return object
        }

        mutating func array(_ value: Any?, _ path: String, minimum: Int = 0) -> [Any] {
            guard let array = value as? [Any] else {
                fail(path, "expected an array")
                return []
            }
            if array.count < minimum { fail(path, "expected at least \(minimum) item(s)") }
            return array
        }

        mutating func text(_ value: Any?, _ path: String) {
            guard let message = object(value, path, required: ["text"], allowed: ["markdown", "id", "arguments"])
            else { return }
            if (message["text"] as? String)?.isEmpty != false { fail(path + ".text", "expected non-empty text") }
        }

        mutating func integer(_ value: Any?, _ path: String, minimum: Int) -> Int? {
            guard let number = value as? Int else {
                if value != nil { fail(path, "expected an integer") }
                return nil
            }
            if number < minimum { fail(path, "expected ≥ \(minimum), got \(number)") }
            return number
        }

        mutating func absoluteURI(_ value: Any?, _ path: String) {
            guard let value else { return }
            guard let uri = value as? String, let scheme = uri.split(separator: ":").first,
                scheme.first?.isLetter == true, uri.contains("://")
            else { return fail(path, "expected an absolute URI, got \(value)") }
        }

        mutating func log(_ value: Any) {
            guard let log = object(value, "log", required: ["version", "runs"], allowed: ["$schema"]) else { return }
            if log["version"] as? String != "2.1.0" { fail("log.version", "expected \"2.1.0\"") }
            absoluteURI(log["$schema"], "log.$schema")
            for (index, run) in array(log["runs"], "log.runs", minimum: 1).enumerated() {
                self.run(run, "runs[\(index)]")
            }
        }

        mutating func run(_ value: Any, _ path: String) {
            guard let run = object(value, path, required: ["tool"], allowed: ["results", "columnKind", "invocations"])
            else { return }
            if let kind = run["columnKind"], !["utf16CodeUnits", "unicodeCodePoints"].contains(kind as? String ?? "") {
                fail(path + ".columnKind", "unknown column kind \(kind)")
            }
            let tool = object(run["tool"], path + ".tool", required: ["driver"], allowed: [])
            let driver = object(
                tool?["driver"], path + ".tool.driver", required: ["name"],
                allowed: ["version", "informationUri", "rules"])
            absoluteURI(driver?["informationUri"], path + ".tool.driver.informationUri")
            var ruleIDs: [String] = []
            for (index, rule) in array(driver?["rules"] ?? [], path + ".tool.driver.rules").enumerated() {
                ruleIDs.append(self.rule(rule, path + ".tool.driver.rules[\(index)]"))
            }
            for (index, result) in array(run["results"] ?? [], path + ".results").enumerated() {
                self.result(result, path + ".results[\(index)]", ruleIDs: ruleIDs)
            }
            for (index, invocation) in array(run["invocations"] ?? [], path + ".invocations").enumerated() {
                self.invocation(invocation, path + ".invocations[\(index)]", ruleIDs: ruleIDs)
            }
        }

        mutating func invocation(_ value: Any, _ path: String, ruleIDs: [String]) {
            guard
                let invocation = object(
                    value, path, required: ["executionSuccessful"], allowed: ["toolExecutionNotifications"])
            else { return }
            if !(invocation["executionSuccessful"] is Bool) {
                fail(path + ".executionSuccessful", "expected a boolean")
            }
            let notifications = array(
                invocation["toolExecutionNotifications"] ?? [], path + ".toolExecutionNotifications")
            for (index, notification) in notifications.enumerated() {
                let itemPath = "\(path).toolExecutionNotifications[\(index)]"
                let notification = object(
                    notification, itemPath, required: ["message"], allowed: ["descriptor", "level"])
                text(notification?["message"], itemPath + ".message")
                if let descriptor = notification?["descriptor"] {
                    let reference = object(descriptor, itemPath + ".descriptor", required: ["id"], allowed: ["index"])
                    let index = integer(reference?["index"], itemPath + ".descriptor.index", minimum: -1) ?? -1
                    if index >= ruleIDs.count || (index >= 0 && ruleIDs[index] != reference?["id"] as? String) {
                        fail(itemPath + ".descriptor", "does not name the rule \(reference?["id"] ?? "?")")
                    }
                }
            }
        }

        /// GitHub requires the descriptions and help text the standard leaves optional.
        mutating func rule(_ value: Any, _ path: String) -> String {
            guard
                let rule = object(
                    value, path, required: ["id", "shortDescription", "fullDescription", "help"], allowed: ["helpUri"])
            else { return "" }
            for key in ["shortDescription", "fullDescription", "help"] { text(rule[key], "\(path).\(key)") }
            absoluteURI(rule["helpUri"], path + ".helpUri")
            return rule["id"] as? String ?? ""
        }

        mutating func result(_ value: Any, _ path: String, ruleIDs: [String]) {
            guard
                let result = object(
                    value, path, required: ["message", "ruleId", "locations"],
                    allowed: ["ruleIndex", "level", "relatedLocations", "fixes"])
            else { return }
            text(result["message"], path + ".message")
            if let level = result["level"], !["none", "note", "warning", "error"].contains(level as? String ?? "") {
                fail(path + ".level", "unknown level \(level)")
            }
            if let index = integer(result["ruleIndex"], path + ".ruleIndex", minimum: -1), index >= 0 {
                if index >= ruleIDs.count || ruleIDs[index] != result["ruleId"] as? String {
                    fail(path + ".ruleIndex", "does not name the rule \(result["ruleId"] ?? "?")")
                }
            }
            for (index, location) in array(result["locations"], path + ".locations", minimum: 1).enumerated() {
                self.location(location, "\(path).locations[\(index)]")
            }
            var ids: Set<Int> = []
            for (index, location) in array(result["relatedLocations"] ?? [], path + ".relatedLocations").enumerated() {
                if let id = self.location(location, "\(path).relatedLocations[\(index)]") { ids.insert(id) }
            }
            let message = (result["message"] as? [String: Any])?["text"] as? String ?? ""
            for id in ids where !message.contains("](\(id))") {
                fail(path + ".message", "does not link related location \(id)")
            }
            for (index, fix) in array(result["fixes"] ?? [], path + ".fixes").enumerated() {
                self.fix(fix, "\(path).fixes[\(index)]")
            }
        }

        @discardableResult
        mutating func location(_ value: Any, _ path: String) -> Int? {
            guard let location = object(value, path, required: ["physicalLocation"], allowed: ["id", "message"])
            else { return nil }
            if location["message"] != nil { text(location["message"], path + ".message") }
            let physical = object(
                location["physicalLocation"], path + ".physicalLocation", required: ["artifactLocation"],
                allowed: ["region"])
            artifact(physical?["artifactLocation"], path + ".physicalLocation.artifactLocation")
            if let region = physical?["region"] { self.region(region, path + ".physicalLocation.region") }
            return integer(location["id"], path + ".id", minimum: -1)
        }

        mutating func artifact(_ value: Any?, _ path: String) {
            let artifact = object(value, path, required: ["uri"], allowed: ["uriBaseId"])
            guard let uri = artifact?["uri"] as? String, !uri.isEmpty, !uri.contains(" "), !uri.hasPrefix("./")
            else { return fail(path + ".uri", "expected a URI reference") }
        }

        mutating func region(_ value: Any, _ path: String) {
            guard
                let region = object(
                    value, path, required: ["startLine"],
                    allowed: ["startColumn", "endLine", "endColumn", "byteOffset", "byteLength"])
            else { return }
            let startLine = integer(region["startLine"], path + ".startLine", minimum: 1) ?? 1
            let startColumn = integer(region["startColumn"], path + ".startColumn", minimum: 1) ?? 1
            let endLine = integer(region["endLine"], path + ".endLine", minimum: 1) ?? startLine
            let endColumn = integer(region["endColumn"], path + ".endColumn", minimum: 1) ?? startColumn
            _ = integer(region["byteOffset"], path + ".byteOffset", minimum: 0)
            _ = integer(region["byteLength"], path + ".byteLength", minimum: 0)
            if endLine < startLine || (endLine == startLine && endColumn < startColumn) {
                fail(path, "ends before it starts")
            }
        }

        mutating func fix(_ value: Any, _ path: String) {
            guard let fix = object(value, path, required: ["artifactChanges"], allowed: ["description"]) else { return }
            if fix["description"] != nil { text(fix["description"], path + ".description") }
            for (index, change) in array(fix["artifactChanges"], path + ".artifactChanges", minimum: 1).enumerated() {
                let changePath = "\(path).artifactChanges[\(index)]"
                let change = object(change, changePath, required: ["artifactLocation", "replacements"], allowed: [])
                artifact(change?["artifactLocation"], changePath + ".artifactLocation")
                for (index, replacement) in array(change?["replacements"], changePath + ".replacements", minimum: 1)
                    .enumerated()
                {
                    let replacementPath = "\(changePath).replacements[\(index)]"
                    let replacement = object(
                        replacement, replacementPath, required: ["deletedRegion"], allowed: ["insertedContent"])
                    if let deleted = replacement?["deletedRegion"] {
                        region(deleted, replacementPath + ".deletedRegion")
                    }
                    if let inserted = replacement?["insertedContent"] {
                        _ = object(inserted, replacementPath + ".insertedContent", required: ["text"], allowed: [])
                    }
                }
            }
        }
    }
}
