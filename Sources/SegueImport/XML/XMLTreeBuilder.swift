import CLibXML2
import Foundation
import SegueDiagnostics

/// Collects elements as SAX2 reports them, and the first error.
final class XMLTreeBuilder {
    let file: SourceFile
    var stack: [XMLElement] = []
    var root: XMLElement?
    var failure: Diagnostic?

    init(file: SourceFile) { self.file = file }

    static func of(_ parser: xmlParserCtxtPtr) -> XMLTreeBuilder? {
        parser.pointee._private.map { Unmanaged<XMLTreeBuilder>.fromOpaque($0).takeUnretainedValue() }
    }

    /// Opens an element; false (with the failure set) when it nests too deep or an attribute is too long.
    func start(
        name: String, prefix: String, namespace: String,
        attributes: [(name: String, prefix: String, namespace: String, value: String)], at offset: Int
    ) -> Bool {
        let tag = StartTagScanner(bytes: file.bytes, near: offset)
        guard stack.count < XMLDocumentReader.maxDepth else {
            return refuse(
                "elements nest more than \(XMLDocumentReader.maxDepth) deep here (`<\(name)>`); the importer reads "
                    + "charts at most \(XMLDocumentReader.maxDepth) levels deep", at: range(tag.whole))
        }
        var read: [XMLAttribute] = []
        for attribute in attributes {
            let qualified = attribute.prefix.isEmpty ? attribute.name : attribute.prefix + ":" + attribute.name
            let spans = tag.attribute(qualified)
            let size = attribute.value.utf8.count
            guard size <= XMLDocumentReader.maxValueBytes else {
                return refuse(
                    "the attribute `\(qualified)` of `<\(name)>` is \(size) bytes; the importer takes at most "
                        + "\(XMLDocumentReader.maxValueBytes) in one attribute", at: range(spans?.whole ?? tag.whole))
            }
            read.append(
                XMLAttribute(
                    name: attribute.name, namespace: attribute.namespace, value: attribute.value,
                    range: range(spans?.whole ?? tag.whole), valueRange: range(spans?.value ?? tag.whole)))
        }
        stack.append(XMLElement(name: name, namespace: namespace, attributes: read, range: range(tag.whole)))
        return true
    }

    func end() {
        guard let element = stack.popLast() else { return }
        if stack.isEmpty {
            root = root ?? element
        } else {
            stack[stack.count - 1].children.append(element)
        }
    }

    /// Adds text to the open element; false (with the failure set) when its text grows past the limit.
    func text(_ text: String) -> Bool {
        guard !stack.isEmpty else { return true }
        stack[stack.count - 1].text += text
        let size = stack[stack.count - 1].text.utf8.count
        guard size > XMLDocumentReader.maxValueBytes else { return true }
        let element = stack[stack.count - 1]
        return refuse(
            "the text of `<\(element.name)>` is over \(XMLDocumentReader.maxValueBytes) bytes; the importer takes at "
                + "most \(XMLDocumentReader.maxValueBytes) in one element's text", at: element.range)
    }

    /// A `<!DOCTYPE` or an entity declaration: refused, whatever it declares.
    func refuseDocumentType(at offset: Int) {
        guard failure == nil else { return }
        let doctype = Array("<!DOCTYPE".utf8)
        var start = min(offset, file.bytes.count)
        while start > 0, !file.bytes[start...].starts(with: doctype) { start -= 1 }
        failure = .error(
            ImportCode.documentType.rawValue,
            "a document type declaration (`<!DOCTYPE …>`) is refused: SCXML needs none, and its entities could "
                + "expand without end or read other files",
            at: SourceRange(path: file.path, at: file.location(ofOffset: start)),
            notes: [DiagnosticNote("remove the `<!DOCTYPE …>` and write entities' text in place")])
    }

    private func refuse(_ message: String, at range: SourceRange) -> Bool {
        if failure == nil { failure = .error(ImportCode.overLimit.rawValue, message, at: range) }
        return false
    }

    func error(_ error: xmlError) {
        guard failure == nil, error.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
        var message = error.message.map { String(cString: $0) } ?? "not well-formed XML"
        // libxml2's own limits name a parser option the importer never sets; say it in Segue's words.
        if let hint = message.range(of: "use XML_PARSE_HUGE option") {
            message =
                message[..<hint.lowerBound].trimmingCharacters(in: [" ", "\n", ","])
                + " (past a limit of the XML reader)"
        }
        let line = max(1, Int(error.line))
        let column = max(1, Int(error.int2))
        let offset = file.offset(line: line, column: column)
        failure = .error(
            ImportCode.notXML.rawValue,
            "not well-formed XML: " + message.trimmingCharacters(in: [" ", "\n"]),
            at: SourceRange(path: file.path, at: file.location(ofOffset: offset)))
    }

    private func range(_ span: Range<Int>) -> SourceRange {
        SourceRange(
            path: file.path, start: file.location(ofOffset: span.lowerBound),
            end: file.location(ofOffset: span.upperBound))
    }
}
