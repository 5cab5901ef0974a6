import SegueJSON
import Testing

@testable import SegueLanguageServer

/// Completion inside expressions and `${…}`: the names the checker sees there, record fields, `device.*`,
/// `theme.*` and the built-in functions.
struct ExpressionCompletionTests {
    /// Completion right after `needle` once `original` is replaced by `edit` in donate.yaml (or `file`).
    private func complete(
        _ original: String, _ edit: String, after needle: String, occurrence: Int = 1, back: Int = 0,
        file: String = ServerHarness.donatePath
    ) -> JSON {
        let harness = ServerHarness()
        let saved = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
        let uri = harness.open(file, text: saved)
        // The text as opened is indexed first, as an editor's first request would.
        _ = harness.request("textDocument/hover", ServerHarness.document(uri, at: ["line": 0, "character": 0]))
        precondition(saved.contains(original), "`\(original)` is not in the file")
        let text = saved.replacingOccurrences(of: original, with: edit)
        harness.change(uri, to: text)
        let position = ServerHarness.position(
            of: needle, in: text, occurrence: occurrence, offset: needle.utf16.count - back)
        return harness.request("textDocument/completion", ServerHarness.document(uri, at: position))
    }

    private func detail(_ result: JSON, _ label: String) -> String? {
        result["items"]?.array?.first { $0["label"]?.string == label }?["detail"]?.string
    }

    @Test func aRecordsFieldsAfterItsNameAndADot() {
        let result = complete(
            "        value: \"${entry.text}\"\n        max_lines: 2",
            "        value: \"${entry.}\"\n        max_lines: 2", after: "${entry.")
        // The stored fields, then the computed one (`let:` under `types:`), marked.
        #expect(
            result.labels == ["user_id", "name", "surname", "text", "url", "photo_url", "created_at", "full_name"])
        #expect(detail(result, "text") == "string?")
        #expect(detail(result, "full_name") == "string (computed)")
    }

    @Test func fieldsFilteredByWhatIsTypedWhileTheTemplateIsUnclosed() {
        let result = complete(
            "        value: \"${entry.text}\"\n        max_lines: 2",
            "        value: ${entry.sur\n        max_lines: 2",
            after: "${entry.sur")
        #expect(result.labels == ["surname"])
    }

    @Test func namesInScopeInsideAComponentWithTheirTypes() {
        let result = complete(
            "        value: \"${entry.text}\"\n        max_lines: 2", "        value: \"${}\"\n        max_lines: 2",
            after: "value: \"${}", back: 1)
        for name in ["entry", "width", "margin", "device", "theme", "latest", "has_entry"] {
            #expect(result.labels.contains(name), "\(name)")
        }
        #expect(!result.labels.contains("form"), "a component has no form")
        #expect(!result.labels.contains("cell_width"), "another screen's `let:`")
        #expect(detail(result, "entry") == "Entry")
        #expect(!result.labels.contains("full_name"), "a computed field is read on its record, not by itself")
        #expect(detail(result, "margin") == "int", "a `let:` value's type, inferred from its expression")
        #expect(detail(result, "len") == "len(string | list | map | record) -> int")
    }

    @Test func aScreensNamedValuesAndImplicitNamesWhereTheyAreBound() {
        let screen = complete("visible: \"purchased != null\"", "visible: \"cel\"", after: "visible: \"cel")
        #expect(screen.labels == ["cell_width"])
        #expect(detail(screen, "cell_width") == "number")
        let error = complete(
            "{ image: error }\n\n  # D6", "{ image: error, message: \"${err}\" }\n\n  # D6", after: "${err")
        #expect(error.labels == ["error"])
        #expect(detail(error, "error") == "Error")
        let doc = error["items"]?.array?.first?["documentation"]?["value"]?.string
        #expect(doc?.contains("inside a call's `error`") == true)
        let result = complete("- set: { purchased: result.product }", "- set: { purchased: res }", after: ": res")
        #expect(result.labels == ["result"])
    }

    @Test func theDevicesFieldsAfterDevice() {
        let result = complete("margin: \"device.os_major >= 13 ? 20 : 16\"", "margin: \"device.\"", after: "device.")
        for field in ["width", "height", "os_major", "os_version", "locale", "text_scale", "safe_top", "safe_bottom"] {
            #expect(result.labels.contains(field), "\(field)")
        }
        #expect(detail(result, "os_major") == "int")
    }

    @Test func theThemesTokensAfterTheme() {
        let style = "style: \"${has_entry ? 'delete' : 'add'}\""
        #expect(complete(style, "style: \"${theme.}\"", after: "${theme.").labels == ["colors", "styles"])
        let colors = complete(style, "style: \"${theme.colors.}\"", after: "${theme.colors.").labels
        #expect(colors == ["accent", "card", "destructive"])
    }

    @Test func theFormsFieldsAndTheScreensStates() {
        let form = complete(
            "label: \"${empty(form.photo) ? 'Выбрать фото' : 'изменить фото'}\"", "label: \"${form.}\"",
            after: "${form.")
        #expect(form.labels == ["photo", "name", "surname", "url", "text"])
        let states = complete(
            "visible: state.capturing", "visible: state.", after: "visible: state.",
            file: ServerHarness.root + "/flows/pictone.yaml")
        for state in ["playback", "recording", "ready", "counting", "capturing"] {
            #expect(states.labels.contains(state), "\(state)")
        }
    }

    @Test func functionsWithTheirSignatures() throws {
        let result = complete(
            "visible: \"purchased != null\"", "visible: \"line_\"", after: "visible: \"line_")
        #expect(result.labels == ["line_count"])
        let item = try #require(result["items"]?.array?.first)
        #expect(item["detail"]?.string == "line_count(text: string, width: number, font_size: number = 17) -> int")
        #expect(item["kind"] == JSON(CompletionKind.function.rawValue))
    }

    @Test func plainTextOutsideInterpolationGetsNoNames() {
        let result = complete("title: Доска почета\n    # Three", "title: Доска le\n    # Three", after: "Доска le")
        #expect(result.labels.isEmpty)
    }

    @Test func aHalfTypedFileStillCompletesFromTheLastTextThatChecked() {
        // An unclosed flow mapping breaks the YAML; the line being written keeps its place.
        let result = complete(
            "        value: \"${entry.text}\"\n        max_lines: 2\n",
            "        value: \"${entry.pho}\"\n        max_lines: 2\n        x: { a\n", after: "${entry.pho")
        #expect(result.labels == ["photo_url"])
    }
}
