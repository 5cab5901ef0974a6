import CLibXML2
import Foundation
import SegueDiagnostics

/// Reads an XML document with libxml2's SAX2 parser into `XMLElement`s that keep the position of every start tag
/// and attribute (FoundationXML keeps none), or reports why it is not XML at the line and column libxml2 gives.
///
///     let root = try XMLDocumentReader.read(SourceFile(path: "chart.scxml", text: xml))
public enum XMLDocumentReader {
    /// Larger documents are refused before parsing, as flow files are.
    public static let maxBytes = 8 * 1024 * 1024

    public static func read(_ file: SourceFile) throws(Diagnostic) -> XMLElement {
        guard file.bytes.count <= maxBytes else {
            throw .error(
                ImportCode.notXML.rawValue, "the file is \(file.bytes.count) bytes; the limit is \(maxBytes) bytes",
                at: SourceRange(path: file.path, at: file.location(ofOffset: 0)))
        }
        let builder = TreeBuilder(file: file)
        let root: XMLElement? = file.bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.flatMap { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { chars in
                    parse(chars, count: Int32(buffer.count), builder: builder)
                }
            }
        }
        if let failure = builder.failure { throw failure }
        guard let root else {
            throw .error(
                ImportCode.notXML.rawValue, "the file holds no XML element",
                at: SourceRange(path: file.path, at: file.location(ofOffset: 0)))
        }
        return root
    }

    private static func parse(_ bytes: UnsafePointer<CChar>, count: Int32, builder: TreeBuilder) -> XMLElement? {
        xmlInitParser()
        guard let context = xmlCreateMemoryParserCtxt(bytes, count) else { return nil }
        defer {
            if let document = context.pointee.myDoc { xmlFreeDoc(document) }
            context.pointee._private = nil
            xmlFreeParserCtxt(context)
        }
        // No network, no external entities or DTDs fetched; entities stay as they are written.
        _ = xmlCtxtUseOptions(context, Int32(XML_PARSE_NONET.rawValue))
        let unmanaged = Unmanaged.passRetained(builder)
        defer { unmanaged.release() }
        context.pointee._private = unmanaged.toOpaque()
        guard let sax = context.pointee.sax else { return nil }
        sax.pointee.startElementNs = { context, name, prefix, uri, _, _, count, _, attributes in
            guard let parser = XMLDocumentReader.parserContext(context), let builder = TreeBuilder.of(parser) else {
                return
            }
            builder.start(
                name: XMLDocumentReader.string(name), prefix: XMLDocumentReader.string(prefix),
                namespace: XMLDocumentReader.string(uri),
                attributes: XMLDocumentReader.attributeValues(attributes, count: Int(count)),
                at: XMLDocumentReader.position(of: parser))
        }
        sax.pointee.endElementNs = { context, _, _, _ in
            guard let parser = XMLDocumentReader.parserContext(context), let builder = TreeBuilder.of(parser) else {
                return
            }
            builder.end()
        }
        sax.pointee.characters = { context, characters, length in
            guard let parser = XMLDocumentReader.parserContext(context), let builder = TreeBuilder.of(parser),
                let characters
            else {
                return
            }
            builder.text(String(decoding: UnsafeBufferPointer(start: characters, count: Int(length)), as: UTF8.self))
        }
        sax.pointee.cdataBlock = sax.pointee.characters
        sax.pointee.serror = { userData, error in
            guard let parser = XMLDocumentReader.parserContext(userData), let builder = TreeBuilder.of(parser),
                let error
            else {
                return
            }
            builder.error(error.pointee)
        }
        _ = xmlParseDocument(context)
        return builder.root
    }

    fileprivate static func parserContext(_ raw: UnsafeMutableRawPointer?) -> xmlParserCtxtPtr? {
        raw?.assumingMemoryBound(to: xmlParserCtxt.self)
    }

    /// The byte offset the parser has read up to: at a start tag's callback, its closing `>` or `/>`.
    fileprivate static func position(of parser: xmlParserCtxtPtr) -> Int {
        guard let input = parser.pointee.input, let current = input.pointee.cur, let base = input.pointee.base else {
            return 0
        }
        return Int(input.pointee.consumed) + (current - base)
    }

    fileprivate static func string(_ text: UnsafePointer<xmlChar>?) -> String {
        guard let text else { return "" }
        return String(cString: text)
    }

    /// SAX2 passes each attribute as five pointers: local name, prefix, URI, value start, value end.
    fileprivate static func attributeValues(_ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, count: Int)
        -> [(name: String, prefix: String, namespace: String, value: String)]
    {
        guard let attributes else { return [] }
        return (0..<count).map { index in
            let base = index * 5
            var value = ""
            if let start = attributes[base + 3], let end = attributes[base + 4] {
                // Without entity substitution libxml2 keeps an attribute's `&` as `&#38;`, to be decoded by the reader.
                value = String(decoding: UnsafeBufferPointer(start: start, count: end - start), as: UTF8.self)
                    .replacingOccurrences(of: "&#38;", with: "&")
            }
            return (
                string(attributes[base]), string(attributes[base + 1]), string(attributes[base + 2]), value
            )
        }
    }
}

/// Collects elements as SAX2 reports them, and the first error.
private final class TreeBuilder {
    let file: SourceFile
    var stack: [XMLElement] = []
    var root: XMLElement?
    var failure: Diagnostic?

    init(file: SourceFile) { self.file = file }

    static func of(_ parser: xmlParserCtxtPtr) -> TreeBuilder? {
        parser.pointee._private.map { Unmanaged<TreeBuilder>.fromOpaque($0).takeUnretainedValue() }
    }

    func start(
        name: String, prefix: String, namespace: String,
        attributes: [(name: String, prefix: String, namespace: String, value: String)], at offset: Int
    ) {
        let tag = StartTagScanner(bytes: file.bytes, near: offset)
        var read: [XMLAttribute] = []
        for attribute in attributes {
            let qualified = attribute.prefix.isEmpty ? attribute.name : attribute.prefix + ":" + attribute.name
            let spans = tag.attribute(qualified)
            read.append(
                XMLAttribute(
                    name: attribute.name, namespace: attribute.namespace, value: attribute.value,
                    range: range(spans?.whole ?? tag.whole), valueRange: range(spans?.value ?? tag.whole)))
        }
        stack.append(XMLElement(name: name, namespace: namespace, attributes: read, range: range(tag.whole)))
    }

    func end() {
        guard let element = stack.popLast() else { return }
        if stack.isEmpty {
            root = root ?? element
        } else {
            stack[stack.count - 1].children.append(element)
        }
    }

    func text(_ text: String) {
        guard !stack.isEmpty else { return }
        stack[stack.count - 1].text += text
    }

    func error(_ error: xmlError) {
        guard failure == nil, error.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
        let message = error.message.map { String(cString: $0) } ?? "not well-formed XML"
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
