import CLibXML2
import Foundation
import SegueDiagnostics

/// Reads an XML document with libxml2's SAX2 parser into `XMLElement`s that keep the position of every start tag
/// and attribute (FoundationXML keeps none), or reports why it is not XML at the line and column libxml2 gives.
///
///     let root = try XMLDocumentReader.read(SourceFile(path: "chart.scxml", text: xml))
public enum XMLDocumentReader {
    /// Larger documents are refused before reading, as flow files are.
    public static let maxBytes = 8 * 1024 * 1024
    /// Elements nested deeper are refused where the first one too deep starts (a chart's states nest a few levels).
    public static let maxDepth = 100
    /// Longer attribute values and element texts (an expression, a `<data>` value) are refused where they stand.
    public static let maxValueBytes = 64 * 1024

    /// The document at `path`: a regular file (never a FIFO or a device) of at most `maxBytes`, its size checked
    /// by `fstat` before a byte is read; `I011` for a larger one, `I001` when it cannot be read.
    /// With `project`, only a file inside that root is read (an invoked document: `ProjectRoot`).
    public static func load(path: String, project: ProjectRoot? = nil) throws(Diagnostic) -> SourceFile {
        let start = SourceRange(path: path, at: SourceLocation(line: 1, column: 1, offset: 0))
        let failure: SafeFile.ReadError
        do {
            guard let project else {
                return SourceFile(path: path, bytes: Array(try SafeFile.read(path, limit: maxBytes, links: .followed)))
            }
            return SourceFile(path: path, bytes: Array(try project.read(path, limit: maxBytes)))
        } catch let error as SafeFile.ReadError {
            failure = error
        } catch ProjectRoot.Refusal.unreadable(let error) {
            failure = error
        } catch {
            throw .error(
                ImportCode.notXML.rawValue, "`\(path)` is outside the project root `\(project?.folder ?? "")`",
                at: start)
        }
        if let size = failure.size { throw tooLarge(path: path, size: size) }
        throw .error(ImportCode.notXML.rawValue, "cannot read the file: \(failure.reason)", at: start)
    }

    static func tooLarge(path: String, size: Int) -> Diagnostic {
        .error(
            ImportCode.overLimit.rawValue,
            "the file is \(size) bytes; the importer reads at most \(maxBytes) (8 MiB), so it was not read",
            at: SourceRange(path: path, at: SourceLocation(line: 1, column: 1, offset: 0)))
    }

    public static func read(_ file: SourceFile) throws(Diagnostic) -> XMLElement {
        guard file.bytes.count <= maxBytes else { throw tooLarge(path: file.path, size: file.bytes.count) }
        let builder = XMLTreeBuilder(file: file)
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

    private static func parse(_ bytes: UnsafePointer<CChar>, count: Int32, builder: XMLTreeBuilder) -> XMLElement? {
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
            guard let parser = XMLDocumentReader.parserContext(context), let builder = XMLTreeBuilder.of(parser) else {
                return
            }
            let accepted = builder.start(
                name: XMLDocumentReader.string(name), prefix: XMLDocumentReader.string(prefix),
                namespace: XMLDocumentReader.string(uri),
                attributes: XMLDocumentReader.attributeValues(attributes, count: Int(count)),
                at: XMLDocumentReader.position(of: parser))
            if !accepted { xmlStopParser(parser) }
        }
        sax.pointee.endElementNs = { context, _, _, _ in
            guard let parser = XMLDocumentReader.parserContext(context), let builder = XMLTreeBuilder.of(parser) else {
                return
            }
            builder.end()
        }
        // A `<!DOCTYPE`: refused before its internal subset (where entities are declared) is read.
        sax.pointee.internalSubset = { context, _, _, _ in
            guard let parser = XMLDocumentReader.parserContext(context), let builder = XMLTreeBuilder.of(parser) else {
                return
            }
            builder.refuseDocumentType(at: XMLDocumentReader.position(of: parser))
            xmlStopParser(parser)
        }
        sax.pointee.entityDecl = { context, _, _, _, _, _ in
            guard let parser = XMLDocumentReader.parserContext(context), let builder = XMLTreeBuilder.of(parser) else {
                return
            }
            builder.refuseDocumentType(at: XMLDocumentReader.position(of: parser))
            xmlStopParser(parser)
        }
        sax.pointee.characters = { context, characters, length in
            guard let parser = XMLDocumentReader.parserContext(context), let builder = XMLTreeBuilder.of(parser),
                let characters
            else {
                return
            }
            let accepted = builder.text(
                String(decoding: UnsafeBufferPointer(start: characters, count: Int(length)), as: UTF8.self))
            if !accepted { xmlStopParser(parser) }
        }
        sax.pointee.cdataBlock = sax.pointee.characters
        sax.pointee.serror = { userData, error in
            guard let parser = XMLDocumentReader.parserContext(userData), let builder = XMLTreeBuilder.of(parser),
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
