import Foundation
import SegueCheck
import SegueDiagnostics
import SegueJSON

/// The protocol's state machine, free of I/O: messages in, messages out, diagnostics published after a quiet spell.
///
///     let server = LanguageServer(debounce: 0.15)
///     let replies = server.receive(message, now: clock())
///     let later = server.due(now: clock())   // publishDiagnostics for documents edited at least 0.15 s ago
public final class LanguageServer {
    /// How long after the last edit of a document its diagnostics are published.
    public let debounce: Double
    private let log: (String) -> Void
    var documents: [String: OpenDocument] = [:]
    /// Document URI → its expressions and their scopes (ExpressionIndex.swift).
    var expressionIndexes: [String: ExpressionIndex] = [:]
    private var initialized = false
    /// The editor's workspace root (`initialize`'s `workspaceFolders`, `rootUri` or `rootPath`): documents in it
    /// read imports only inside it (`ProjectRoot`).
    private(set) var workspaceRoot: ProjectRoot?
    private var shutdownRequested = false
    /// Set by `exit`: 0 after `shutdown`, 1 without it (as the protocol asks).
    public private(set) var exitCode: Int32?
    /// Document URI → when its diagnostics are due.
    private var pending: [String: Double] = [:]
    /// Document URI → the URIs its last publication wrote to (itself and the files it imports).
    private var published: [String: Set<String>] = [:]
    /// How far a flow is explored after its diagnostics are published; nil: not at all.
    public let checkSettings: BackgroundCheckSettings?
    /// Called from a check's thread when it finishes, to wake the serving loop (which then calls `due`).
    let checkFinished: @Sendable () -> Void
    /// Document URI → its exploration, running or finished and not yet published.
    var checks: [String: BackgroundCheck] = [:]
    /// Document URI → the findings of the last exploration and the version they are of.
    var checkFindings: [String: (version: Int, diagnostics: [Diagnostic])] = [:]

    public init(
        debounce: Double = 0.15, check: BackgroundCheckSettings? = nil,
        checkFinished: @escaping @Sendable () -> Void = {}, log: @escaping (String) -> Void = { _ in }
    ) {
        self.debounce = debounce
        self.checkSettings = check
        self.checkFinished = checkFinished
        self.log = log
    }

    /// The earliest time diagnostics are due, if any are waiting.
    public var nextDeadline: Double? { pending.values.min() }

    /// Handles one message body as read from the stream: malformed JSON is answered with a parse error.
    public func receive(body: Data, now: Double) -> [JSON] {
        guard let message = try? JSON.parse(body) else {
            log("segue lsp: a message that is not JSON (\(body.count) bytes)")
            return [
                Message.response(id: .null, error: ResponseError(code: ResponseError.parseError, message: "not JSON"))
            ]
        }
        return receive(message, now: now)
    }

    /// Handles one message; requests get exactly one response, notifications none (diagnostics come from `due`).
    public func receive(_ message: JSON, now: Double) -> [JSON] {
        guard let method = message["method"]?.string else {
            if let id = message["id"], message["result"] != nil || message["error"] != nil {
                log("segue lsp: a response to \(id) it did not ask for; ignored")
                return []
            }
            return [
                Message.response(
                    id: message["id"] ?? .null,
                    error: ResponseError(code: ResponseError.invalidRequest, message: "no method"))
            ]
        }
        let params = message["params"] ?? .null
        guard let id = message["id"] else {
            notify(method, params, now: now)
            return []
        }
        do {
            return [Message.response(id: id, result: try request(method, params))]
        } catch let error as ResponseError {
            if error.code != ResponseError.methodNotFound { log("segue lsp: \(method): \(error.message)") }
            return [Message.response(id: id, error: error)]
        } catch {
            log("segue lsp: \(method) failed: \(error)")
            return [
                Message.response(id: id, error: ResponseError(code: ResponseError.internalError, message: "\(error)"))
            ]
        }
    }

    /// The answer to a request the client cancelled before it was handled.
    public func cancelled(_ message: JSON) -> JSON {
        Message.response(
            id: message["id"] ?? .null, error: ResponseError(code: ResponseError.requestCancelled, message: "cancelled")
        )
    }

    /// Diagnostics for every document whose quiet spell has passed (then its exploration starts), and again for
    /// every document whose exploration has finished with findings other than those last published.
    public func due(now: Double) -> [JSON] {
        let ready = pending.filter { $0.value <= now }.map(\.key).sorted()
        var out: [JSON] = []
        for uri in ready {
            pending[uri] = nil
            out += publications(for: uri)
            startCheck(uri)
        }
        out += checkPublications()
        return out
    }

    /// Publishes at once every pending document's diagnostics (for tests and the benchmark).
    public func flush() -> [JSON] { due(now: .infinity) }

    private func request(_ method: String, _ params: JSON) throws -> JSON {
        if method == "initialize" {
            initialized = true
            workspaceRoot = Self.workspaceRoot(params)
            return Self.initializeResult
        }
        guard initialized else {
            throw ResponseError(code: ResponseError.serverNotInitialized, message: "initialize first")
        }
        guard !shutdownRequested else {
            throw ResponseError(code: ResponseError.invalidRequest, message: "the server is shutting down")
        }
        switch method {
        case "shutdown":
            shutdownRequested = true
            return .null
        case "textDocument/completion": return try completion(params)
        case "textDocument/hover": return try hover(params)
        case "textDocument/definition": return try definition(params)
        case "textDocument/references": return try references(params)
        case "textDocument/prepareRename": return try prepareRename(params)
        case "textDocument/rename": return try rename(params)
        case "textDocument/documentSymbol": return try documentSymbols(params)
        case "textDocument/codeAction": return try codeActions(params)
        default:
            throw ResponseError(code: ResponseError.methodNotFound, message: "unknown method \(method)")
        }
    }

    private func notify(_ method: String, _ params: JSON, now: Double) {
        switch method {
        case "initialized", "$/cancelRequest", "$/setTrace", "workspace/didChangeConfiguration", "textDocument/didSave":
            break
        case "exit":
            exitCode = shutdownRequested ? 0 : 1
        case "textDocument/didOpen":
            guard let item = params["textDocument"], let uri = item["uri"]?.string else { return }
            let document = OpenDocument(
                uri: uri, text: item["text"]?.string ?? "", version: item["version"]?.int ?? 0,
                workspace: workspaceRoot)
            documents[uri] = document
            pending[uri] = now + debounce
        case "textDocument/didChange":
            guard let uri = params["textDocument"]?["uri"]?.string, let document = documents[uri] else {
                log("segue lsp: didChange for a document that is not open")
                return
            }
            // Full sync: the last change holds the whole text.
            guard let text = params["contentChanges"]?.array?.last?["text"]?.string else { return }
            document.replace(text: text, version: params["textDocument"]?["version"]?.int ?? document.version + 1)
            cancelCheck(uri)
            pending[uri] = now + debounce
        case "textDocument/didClose":
            guard let uri = params["textDocument"]?["uri"]?.string else { return }
            documents[uri] = nil
            cancelCheck(uri)
            checkFindings[uri] = nil
            // Its diagnostics, and those it published for its imports, are cleared at once.
            pending[uri] = published[uri] == nil ? nil : now
        default:
            if !method.hasPrefix("$/") { log("segue lsp: notification \(method) ignored") }
        }
    }

    /// publishDiagnostics for the document and each file it imports, clearing files that no longer have any: the
    /// front end's diagnostics, and the findings of the exploration of this version of the text.
    func publications(for uri: String) -> [JSON] {
        guard let document = documents[uri] else {
            let cleared = (published.removeValue(forKey: uri) ?? []).union([uri])
            return cleared.sorted().map {
                Message.notification("textDocument/publishDiagnostics", ["uri": .string($0), "diagnostics": []])
            }
        }
        let result = document.analysis
        let files = Dictionary(result.sources.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        var byURI: [String: [JSON]] = [uri: []]
        let findings = checkFindings[uri].flatMap { $0.version == document.version ? $0.diagnostics : nil } ?? []
        for diagnostic in result.diagnostics + findings {
            let path = diagnostic.range.path
            // Nothing is said of a file outside the document's root (none is read; this holds it to that).
            guard document.mayTouch(path) else { continue }
            let target = path == document.path ? uri : DocumentURI.uri(of: path)
            // A file open in the editor publishes its own diagnostics.
            if target != uri, documents[target] != nil { continue }
            let file = path == document.path ? document.file : files[path]
            byURI[target, default: []].append(Self.lspDiagnostic(diagnostic, in: file, sources: files))
        }
        let previous = published[uri] ?? []
        for stale in previous.subtracting(byURI.keys) where stale != uri { byURI[stale] = [] }
        published[uri] = Set(byURI.filter { !$0.value.isEmpty || $0.key == uri }.keys)
        return byURI.keys.sorted().map { target in
            var params: [String: JSON] = ["uri": .string(target), "diagnostics": .array(byURI[target] ?? [])]
            if target == uri { params["version"] = JSON(document.version) }
            return Message.notification("textDocument/publishDiagnostics", .object(params))
        }
    }

    /// The first workspace folder, else `rootUri`, else `rootPath`, when it is a local folder.
    static func workspaceRoot(_ params: JSON) -> ProjectRoot? {
        let uri = params["workspaceFolders"]?.array?.first?["uri"]?.string ?? params["rootUri"]?.string
        guard let path = uri.map(DocumentURI.path(of:)) ?? params["rootPath"]?.string, path.hasPrefix("/") else {
            return nil
        }
        return ProjectRoot(path)
    }

    func document(_ params: JSON) throws -> OpenDocument {
        guard let uri = params["textDocument"]?["uri"]?.string else {
            throw ResponseError.invalidParams("no textDocument.uri")
        }
        guard let document = documents[uri] else { throw ResponseError.invalidParams("\(uri) is not open") }
        return document
    }
}
